import type { CurrentUser } from '@/common/contract/users';

export interface AccountLink {
  key: string;
  label: string;
  href: string;
}

/** Links a signed-in person has, limited to pages that exist. */
export function accountLinks(user: Pick<CurrentUser, 'isPerformer' | 'username' | '_id'>): AccountLink[] {
  if (user.isPerformer) {
    return [
      { key: 'profile', label: 'My profile', href: `/${user.username || user._id}` },
      { key: 'home', label: 'Home', href: '/home' },
      { key: 'account', label: 'Account settings', href: '/creator/account' },
    ];
  }
  return [
    { key: 'home', label: 'Home', href: '/home' },
    { key: 'account', label: 'Account settings', href: '/user/account' },
  ];
}

export function formatTokens(balance: number): string {
  return `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(balance)} tokens`;
}
