import { uiFromSettings, uiReducer, updateUIValue } from '@/client/features/ui/ui.slice';

describe('ui slice', () => {
  it('defaults the favicon to /favicon.ico', () => {
    expect(uiReducer(undefined, { type: '@@init' })).toEqual({ siteName: 'Creator Platform', logo: '', menus: [], favicon: '/favicon.ico' });
  });

  it('updateUIValue merges values', () => {
    const menus = [{ title: 'About', path: '/page/about', section: 'footer' as const }];
    expect(uiReducer(undefined, updateUIValue({ siteName: 'Fans', menus }))).toEqual({ siteName: 'Fans', logo: '', menus, favicon: '/favicon.ico' });
  });

  it('uiFromSettings maps logoUrl to logo and keeps unset values out', () => {
    expect(uiFromSettings({ logoUrl: '/l.png', favicon: '/f.png' })).toEqual({ logo: '/l.png', favicon: '/f.png' });
  });
});
