import type { CurrentUser } from '@/common/contract/users';

export interface AccountLink {
  key: string;
  label: string;
  href: string;
  /** `creator`: the creator's own tools, shown under their own heading. */
  group?: 'creator';
}

/** The explore page, open to everyone: the account menu and the header both link to it. */
export const EXPLORE_LINK: AccountLink = { key: 'explore', label: 'Explore', href: '/creator' };

/** Creators live now; shown only while the site's live streaming (`agoraEnable`) is on. */
export const LIVE_LINK: AccountLink = { key: 'live', label: 'Live', href: '/live' };

export interface AccountLinkOptions {
  /** The site's `agoraEnable`: adds "Go live" to a creator's tools. */
  liveEnabled?: boolean;
}

/** Links a signed-in person has, limited to pages that exist. */
export function accountLinks(
  user: Pick<CurrentUser, 'isPerformer' | 'username' | '_id'> & Partial<Pick<CurrentUser, 'role'>>,
  options: AccountLinkOptions = {},
): AccountLink[] {
  const fan: AccountLink[] = [
    { key: 'home', label: 'Home', href: '/home' },
    EXPLORE_LINK,
    { key: 'messages', label: 'Messages', href: '/messages' },
    { key: 'following', label: 'Following', href: '/user/following' },
    { key: 'bookmarks', label: 'Bookmarks', href: '/user/bookmarks' },
    { key: 'my-subscriptions', label: 'My subscriptions', href: '/user/my-subscriptions' },
    { key: 'wallet', label: 'Wallet', href: '/wallet' },
    { key: 'wallet-transactions', label: 'Token spending', href: '/user/wallet-transactions' },
    { key: 'payment-history', label: 'Payment history', href: '/user/payment-history' },
    { key: 'orders', label: 'My orders', href: '/user/orders' },
    { key: 'payment-cards', label: 'Payment cards', href: '/user/payment-cards' },
    { key: 'addresses', label: 'Addresses', href: '/user/addresses' },
    { key: 'my-reports', label: 'My reports', href: '/user/reports' },
  ];
  if (user.isPerformer) {
    return [
      { key: 'profile', label: 'My profile', href: `/${user.username || user._id}` },
      ...fan,
      { key: 'account', label: 'Account settings', href: '/creator/account' },
      { key: 'security', label: 'Security', href: '/creator/security' },
      ...(options.liveEnabled ? [{ key: 'go-live', label: 'Go live', href: '/creator/live', group: 'creator' } as const] : []),
      { key: 'my-posts', label: 'My posts', href: '/creator/my-post', group: 'creator' },
      { key: 'my-galleries', label: 'My galleries', href: '/creator/my-gallery', group: 'creator' },
      { key: 'my-videos', label: 'My videos', href: '/creator/my-video', group: 'creator' },
      { key: 'my-store', label: 'My store', href: '/creator/my-store', group: 'creator' },
      { key: 'my-subscribers', label: 'Subscribers', href: '/creator/my-subscriber', group: 'creator' },
      { key: 'my-orders', label: 'Orders', href: '/creator/my-order', group: 'creator' },
      { key: 'earning', label: 'Earnings', href: '/creator/earning', group: 'creator' },
      { key: 'payout-request', label: 'Payouts', href: '/creator/payout-request', group: 'creator' },
      { key: 'banking', label: 'Banking', href: '/creator/banking', group: 'creator' },
      { key: 'followers', label: 'Followers', href: '/creator/followers', group: 'creator' },
      { key: 'blacklist', label: 'Blacklist', href: '/creator/blacklist', group: 'creator' },
      { key: 'block-countries', label: 'Blocked countries', href: '/creator/block-countries', group: 'creator' },
    ];
  }
  const admin: AccountLink[] = user.role === 'admin' ? [{ key: 'admin-console', label: 'Operator console', href: '/admin' }] : [];
  return [
    ...fan,
    { key: 'account', label: 'Account settings', href: '/user/account' },
    { key: 'security', label: 'Security', href: '/user/security' },
    ...admin,
  ];
}
