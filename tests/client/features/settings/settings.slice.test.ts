import { PUBLIC_SETTING_DEFAULTS } from '@/common/constants/settings';
import { settingsReducer, updateSettings } from '@/client/features/settings/settings.slice';
import { settingsActions } from '@/client/features/settings/apply-settings';

describe('settings slice', () => {
  it('starts from the spec 9 defaults', () => {
    const state = settingsReducer(undefined, { type: '@@init' });
    expect(state).toEqual(PUBLIC_SETTING_DEFAULTS);
    expect(state).toEqual(
      expect.objectContaining({
        requireEmailVerification: false,
        paymentGateway: 'stripe',
        freeSubscriptionEnabled: true,
        freeSubscriptionDuration: 1,
        minimumSubscriptionPrice: 2.95,
        maximumSubscriptionPrice: 300,
        minimumWalletPrice: 2.95,
        maximumWalletPrice: 300,
        minimumTipPrice: 10,
        maximumTipPrice: 10000,
        minimumPayoutAmount: 50,
        volume: 1,
      }),
    );
  });

  it('updateSettings lets the server overwrite any default', () => {
    const state = settingsReducer(undefined, updateSettings({ siteName: 'Fans', maintenanceMode: true, minimumTipPrice: 5 }));
    expect(state).toEqual({ ...PUBLIC_SETTING_DEFAULTS, siteName: 'Fans', maintenanceMode: true, minimumTipPrice: 5 });
  });

  it('settingsActions updates settings and the derived UI values', () => {
    const [settings, ui] = settingsActions({ siteName: 'Fans', logoUrl: '/l.png', favicon: '' });
    expect(settings).toEqual(updateSettings({ siteName: 'Fans', logoUrl: '/l.png', favicon: '' }));
    expect(ui.payload).toEqual({ siteName: 'Fans', logo: '/l.png', favicon: '/favicon.ico' });
  });
});
