import type { CurrentUser } from '@/common/contract/users';

export interface AccountLink {
  key: string;
  label: string;
  href: string;
}

/** The explore page, open to everyone: the account menu and the header both link to it. */
export const EXPLORE_LINK: AccountLink = { key: 'explore', label: 'Explore', href: '/creator' };

/** Creators live now; shown only while the site's live streaming (`agoraEnable`) is on. */
export const LIVE_LINK: AccountLink = { key: 'live', label: 'Live', href: '/live' };

/** The creator studio's home (its other sections are in `studio-nav.ts`). */
export const STUDIO_LINK: AccountLink = { key: 'studio', label: 'Creator studio', href: '/creator/dashboard' };

/** What a fan has, creators included: their pages as a reader, buyer and subscriber. */
export const FAN_LINKS: readonly AccountLink[] = [
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

/**
 * The account menu's links. Fans have no other navigation, so theirs lists their pages. Creators
 * get a short menu (issue 14): their tools live in the creator studio's sidebar, and their pages as
 * a fan under "As a fan" there too.
 */
export function accountLinks(
  user: Pick<CurrentUser, 'isPerformer' | 'username' | '_id'> & Partial<Pick<CurrentUser, 'role'>>,
): AccountLink[] {
  if (user.isPerformer) {
    return [
      { key: 'profile', label: 'My profile', href: `/${user.username || user._id}` },
      STUDIO_LINK,
      { key: 'home', label: 'Home feed', href: '/home' },
      { key: 'wallet', label: 'Wallet', href: '/wallet' },
      { key: 'account', label: 'Account settings', href: '/creator/account' },
    ];
  }
  const admin: AccountLink[] = user.role === 'admin' ? [{ key: 'admin-console', label: 'Operator console', href: '/admin' }] : [];
  return [
    { key: 'home', label: 'Home', href: '/home' },
    EXPLORE_LINK,
    { key: 'messages', label: 'Messages', href: '/messages' },
    ...FAN_LINKS,
    { key: 'account', label: 'Account settings', href: '/user/account' },
    { key: 'security', label: 'Security', href: '/user/security' },
    ...admin,
  ];
}
