import Router from 'next/router';
import { LOGIN_PATH } from '@/client/lib/redirect-to-login';

/** The sign-in page, coming back here afterwards (`/auth/login?redirect=...`). */
export function loginHref(location: Pick<Location, 'pathname' | 'search'> | undefined = globalThis.window?.location): string {
  const here = location ? `${location.pathname}${location.search}` : '/';
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(here)}`;
}

/**
 * Paying needs an account. The Router singleton (not useRouter) keeps these buttons usable in
 * any tree, with or without a mounted Next router; without one it falls back to a full navigation.
 */
export function sendToLogin(): void {
  const href = loginHref();
  try {
    void Router.push(href);
  } catch {
    if (globalThis.window) window.location.href = href;
  }
}
