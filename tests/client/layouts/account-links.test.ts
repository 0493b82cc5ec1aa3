import { accountLinks } from '@/client/layouts/account-links';

const hrefs = (links: ReturnType<typeof accountLinks>) => links.map((l) => `${l.label} ${l.href}`);

describe('accountLinks', () => {
  it('gives fans home, explore, messages, following, bookmarks, their money pages and their account', () => {
    expect(hrefs(accountLinks({ _id: 'u1', username: 'dana', isPerformer: false }))).toEqual([
      'Home /home',
      'Explore /creator',
      'Messages /messages',
      'Following /user/following',
      'Bookmarks /user/bookmarks',
      'My subscriptions /user/my-subscriptions',
      'Wallet /wallet',
      'Token spending /user/wallet-transactions',
      'Payment history /user/payment-history',
      'My orders /user/orders',
      'Payment cards /user/payment-cards',
      'Addresses /user/addresses',
      'My reports /user/reports',
      'Account settings /user/account',
      'Security /user/security',
    ]);
  });

  it('gives creators a short menu: profile, studio, home feed, wallet, account (their tools are in the studio)', () => {
    expect(hrefs(accountLinks({ _id: 'p1', username: 'aurora', isPerformer: true }))).toEqual([
      'My profile /aurora',
      'Creator studio /creator/dashboard',
      'Home feed /home',
      'Wallet /wallet',
      'Account settings /creator/account',
    ]);
  });

  it('gives admins the payout queue', () => {
    expect(hrefs(accountLinks({ _id: 'a1', username: 'admin', isPerformer: false, role: 'admin' })).at(-1)).toBe('Operator console /admin');
  });

  it('links a creator without a username to their id', () => {
    expect(accountLinks({ _id: 'p1', username: null, isPerformer: true })[0].href).toBe('/p1');
  });
});
