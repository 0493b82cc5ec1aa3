import { accountLinks } from '@/client/layouts/account-links';

const hrefs = (links: ReturnType<typeof accountLinks>) => links.map((l) => `${l.label} ${l.href}${l.group ? ` (${l.group})` : ''}`);

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

  it('gives creators the same plus their profile and creator tools (content first)', () => {
    expect(hrefs(accountLinks({ _id: 'p1', username: 'aurora', isPerformer: true }))).toEqual([
      'My profile /aurora',
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
      'Account settings /creator/account',
      'Security /creator/security',
      'My posts /creator/my-post (creator)',
      'My galleries /creator/my-gallery (creator)',
      'My videos /creator/my-video (creator)',
      'My store /creator/my-store (creator)',
      'Subscribers /creator/my-subscriber (creator)',
      'Orders /creator/my-order (creator)',
      'Earnings /creator/earning (creator)',
      'Payouts /creator/payout-request (creator)',
      'Banking /creator/banking (creator)',
      'Followers /creator/followers (creator)',
      'Blacklist /creator/blacklist (creator)',
      'Blocked countries /creator/block-countries (creator)',
    ]);
  });

  it('gives admins the payout queue', () => {
    expect(hrefs(accountLinks({ _id: 'a1', username: 'admin', isPerformer: false, role: 'admin' })).at(-1)).toBe('Operator console /admin');
  });

  it('links a creator without a username to their id', () => {
    expect(accountLinks({ _id: 'p1', username: null, isPerformer: true })[0].href).toBe('/p1');
  });
});
