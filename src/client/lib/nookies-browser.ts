/**
 * What browser bundles get for `nookies` (next.config.js `turbopack.resolveAlias`, browser only).
 *
 * src/client/lib/cookies.ts calls nookies without a page context in the browser, where nookies
 * reads and writes `document.cookie` through the `cookie` package and also carries
 * set-cookie-parser for its server side: about 2 kB gzip on every page for three lines of work.
 * This stand-in does the browser's part with the same encoding (values through
 * encodeURIComponent, as `cookie.serialize` does). Server rendering uses the real package.
 */
export interface CookieOptions {
  maxAge?: number;
  path?: string;
  sameSite?: 'lax' | 'strict' | 'none';
  secure?: boolean;
}

export function parseCookies(): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof document === 'undefined' || !document.cookie) return out;
  for (const pair of document.cookie.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    // The first of two cookies with one name wins, as in `cookie.parse`.
    if (!name || name in out) continue;
    let value = pair.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

export function setCookie(_ctx: unknown, name: string, value: string, options: CookieOptions = {}): Record<string, never> {
  let cookie = `${name}=${encodeURIComponent(value)}`;
  if (options.maxAge !== undefined) cookie += `; Max-Age=${Math.floor(options.maxAge)}`;
  if (options.path) cookie += `; Path=${options.path}`;
  if (options.secure) cookie += '; Secure';
  if (options.sameSite) cookie += `; SameSite=${options.sameSite[0].toUpperCase()}${options.sameSite.slice(1)}`;
  document.cookie = cookie;
  return {};
}

export function destroyCookie(ctx: unknown, name: string, options: CookieOptions = {}): Record<string, never> {
  return setCookie(ctx, name, '', { ...options, maxAge: -1 });
}

export default { get: parseCookies, set: setCookie, destroy: destroyCookie };
