/**
 * Full navigation to the sign-in page after a 401 (spec 2 and 8). A hard navigation drops any
 * state built with the rejected token. Its own module (and an injectable location, which jsdom
 * will not let tests replace) so tests can observe it.
 */
export const LOGIN_PATH = '/auth/login';

type LocationLike = Pick<Location, 'pathname' | 'href'>;

export function redirectToLogin(location: LocationLike | undefined = globalThis.window?.location): void {
  if (!location) return;
  // Already there: reloading would only loop.
  if (location.pathname === LOGIN_PATH) return;
  location.href = LOGIN_PATH;
}
