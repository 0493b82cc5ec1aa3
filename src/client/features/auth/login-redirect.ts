import type { CurrentUser } from '@/common/contract/users';

type RedirectUser = Pick<CurrentUser, '_id' | 'username' | 'email' | 'isPerformer'> & Partial<Pick<CurrentUser, 'role'>>;

/**
 * Spec 4 where to go after signing in (login, social login, registration): the redirect parameter
 * when given; else a complete fan goes home and a complete performer to their profile; anyone
 * lacking email or username goes to their account page to complete it; an operator goes to the console.
 */
export function postLoginPath(user: RedirectUser, redirect?: string | null): string {
  if (redirect && isLocalPath(redirect)) return redirect;
  // Operators run the site from their console (issue 13), not from a fan's home.
  if (user.role === 'admin') return '/admin';
  const complete = Boolean(user.email && user.username);
  if (!user.isPerformer) return complete ? '/home' : '/user/account';
  return complete ? `/${user.username}` : '/creator/account';
}

// An open redirect to another site through ?redirect= would be a phishing aid.
function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}
