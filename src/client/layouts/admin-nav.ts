/**
 * The operator console's sections, in the sidebar's order. `match` also marks a section active on
 * its sub-pages (a user's detail under Users). Counts come from `GET /admin/stats` where a queue
 * has work waiting.
 */
export interface AdminNavItem {
  key: string;
  label: string;
  href: string;
  /** A queue whose waiting count the sidebar shows (a key of the dashboard's `queues`). */
  queue?: 'pendingVerifications' | 'openReports' | 'pendingPayouts' | 'newContactMessages';
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { key: 'dashboard', label: 'Dashboard', href: '/admin' },
  { key: 'settings', label: 'Settings', href: '/admin/settings' },
  { key: 'users', label: 'Users', href: '/admin/users' },
  { key: 'verification', label: 'Creator verification', href: '/admin/creator-verifications', queue: 'pendingVerifications' },
  { key: 'reports', label: 'Reports', href: '/admin/reports', queue: 'openReports' },
  { key: 'content', label: 'Content', href: '/admin/content' },
  { key: 'money', label: 'Money', href: '/admin/money' },
  { key: 'payouts', label: 'Payout requests', href: '/admin/payout-requests', queue: 'pendingPayouts' },
  { key: 'coupons', label: 'Coupons', href: '/admin/coupons' },
  { key: 'promotions', label: 'Promotions', href: '/admin/promotions' },
  { key: 'pages', label: 'Pages', href: '/admin/pages' },
  { key: 'contact', label: 'Contact messages', href: '/admin/contact-messages', queue: 'newContactMessages' },
  { key: 'audit', label: 'Audit log', href: '/admin/audit-log' },
];

/** The section a console path belongs to: the longest href that is the path or a parent of it. */
export function activeAdminKey(pathname: string): string | undefined {
  const path = pathname.split('?')[0].replace(/\/$/, '') || '/';
  return [...ADMIN_NAV]
    .filter((item) => path === item.href || (item.href !== '/admin' && path.startsWith(`${item.href}/`)))
    .sort((a, b) => b.href.length - a.href.length)[0]?.key;
}
