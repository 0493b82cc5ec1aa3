import { http, HttpResponse } from 'msw';
import { api, server, installMswServer } from '../../../support/msw';
import { getPublicSettings, getSettingsByKeys } from '@/client/features/settings/settings.api';
import { PUBLIC_SETTING_DEFAULTS } from '@/common/constants/settings';

installMswServer();

describe('settings api', () => {
  it('getPublicSettings reads GET /settings/public', async () => {
    server.use(http.get(api('/settings/public'), () => HttpResponse.json({ data: PUBLIC_SETTING_DEFAULTS })));
    expect((await getPublicSettings()).data.minimumTipPrice).toBe(10);
  });

  it('getSettingsByKeys posts the keys', async () => {
    let body: unknown;
    server.use(
      http.post(api('/settings/keys'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: { gaCode: 'G-1' } });
      }),
    );
    expect((await getSettingsByKeys(['gaCode'])).data).toEqual({ gaCode: 'G-1' });
    expect(body).toEqual({ keys: ['gaCode'] });
  });
});
