/**
 * The creator studio's sections, in the sidebar's order (issue 14). `also` marks a section active
 * on other pages that belong to it (blocked countries under Blocking, security under Account).
 * `live` is shown only while the site's live streaming (`agoraEnable`) is on.
 */
export interface StudioNavItem {
  key: string;
  label: string;
  href: string;
  also?: readonly string[];
  live?: boolean;
}

export const STUDIO_NAV: readonly StudioNavItem[] = [
  { key: 'dashboard', label: 'Dashboard', href: '/creator/dashboard' },
  { key: 'posts', label: 'Posts', href: '/creator/my-post' },
  { key: 'videos', label: 'Videos', href: '/creator/my-video' },
  { key: 'galleries', label: 'Galleries', href: '/creator/my-gallery' },
  { key: 'store', label: 'Store', href: '/creator/my-store' },
  { key: 'orders', label: 'Orders', href: '/creator/my-order' },
  { key: 'live', label: 'Go live', href: '/creator/live', live: true },
  { key: 'private-shows', label: 'Private shows', href: '/creator/private-shows', live: true },
  { key: 'subscribers', label: 'Subscribers', href: '/creator/my-subscriber' },
  { key: 'followers', label: 'Followers', href: '/creator/followers' },
  { key: 'earnings', label: 'Earnings', href: '/creator/earning' },
  { key: 'payouts', label: 'Payouts', href: '/creator/payout-request' },
  { key: 'banking', label: 'Banking', href: '/creator/banking' },
  { key: 'blocking', label: 'Blocking', href: '/creator/blacklist', also: ['/creator/block-countries'] },
  { key: 'messages', label: 'Messages', href: '/messages' },
  { key: 'account', label: 'Account', href: '/creator/account', also: ['/creator/security'] },
];

/** The sections a creator sees: Go live only while live streaming is on. */
export const studioNavItems = (liveEnabled: boolean) => STUDIO_NAV.filter((item) => !item.live || liveEnabled);

/** The section a path belongs to: the item whose href (or one of `also`) is the path or a parent of it. */
export function activeStudioKey(pathname: string): string | undefined {
  const path = pathname.split(/[?#]/)[0].replace(/\/$/, '') || '/';
  const within = (href: string) => path === href || path.startsWith(`${href}/`);
  return STUDIO_NAV.find((item) => within(item.href) || item.also?.some(within))?.key;
}
