import { destroyCookie, parseCookies, setCookie } from 'nookies';
import type { NextPageContext } from 'next';

/**
 * Cookie helpers that work on the server (pass the page context: reads ctx.req, writes Set-Cookie
 * on ctx.res) and in the browser (no context: document.cookie).
 */
export type CookieContext = Partial<Pick<NextPageContext, 'req' | 'res'>> | null | undefined;

export const TOKEN_COOKIE = 'token';
export const OAUTH_TOKEN_COOKIE = 'oauthToken';
export const OAUTH_TOKEN_SECRET_COOKIE = 'oauthTokenSecret';
export const SOCIAL_ROLE_COOKIE = 'role';

const DAY = 24 * 60 * 60;
/** Spec 9: 365 days when remembered, else 1 day; social-login temporary cookies 1 day. */
export const TOKEN_MAX_AGE_REMEMBER = 365 * DAY;
export const TOKEN_MAX_AGE = DAY;
export const SOCIAL_COOKIE_MAX_AGE = DAY;

const base = { path: '/', sameSite: 'lax' as const };

function firstHeader(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim().toLowerCase() || undefined;
}

/**
 * Whether the site is being served over https (issue 15): then every cookie is `Secure`, so the
 * token never travels over plain http. In the browser the page's own protocol decides; on the
 * server the proxy's `X-Forwarded-Proto` when it sends one, else the connection itself.
 */
export function isHttps(ctx?: CookieContext): boolean {
  const req = ctx?.req;
  if (!req) return typeof window !== 'undefined' && window.location.protocol === 'https:';
  const forwarded = firstHeader(req.headers['x-forwarded-proto']);
  if (forwarded) return forwarded === 'https';
  return Boolean((req.socket as { encrypted?: boolean } | undefined)?.encrypted);
}

/** The attributes every cookie of the site is written and removed with. */
export function cookieOptions(ctx?: CookieContext) {
  return isHttps(ctx) ? { ...base, secure: true } : base;
}

// nookies' ctx parameter types are stricter than needed (they ask for both req and res shapes).
const asCtx = (ctx: CookieContext) => (ctx ?? null) as Parameters<typeof setCookie>[0];

function read(name: string, ctx?: CookieContext): string | undefined {
  const value = parseCookies(asCtx(ctx) as Parameters<typeof parseCookies>[0])[name];
  return value || undefined;
}

function write(name: string, value: string, maxAge: number, ctx?: CookieContext) {
  setCookie(asCtx(ctx), name, value, { ...cookieOptions(ctx), maxAge });
}

function remove(name: string, ctx?: CookieContext) {
  destroyCookie(asCtx(ctx), name, cookieOptions(ctx));
}

export function setToken(token: string, remember: boolean, ctx?: CookieContext): void {
  write(TOKEN_COOKIE, token, remember ? TOKEN_MAX_AGE_REMEMBER : TOKEN_MAX_AGE, ctx);
}

export function getToken(ctx?: CookieContext): string | undefined {
  return read(TOKEN_COOKIE, ctx);
}

export function removeToken(ctx?: CookieContext): void {
  remove(TOKEN_COOKIE, ctx);
}

export interface SocialLoginCookies {
  oauthToken?: string;
  oauthTokenSecret?: string;
  role?: string;
}

/** Kept across the redirect to the microblog provider and back (spec 3: 1 day each). */
export function setSocialLoginCookies(values: SocialLoginCookies, ctx?: CookieContext): void {
  if (values.oauthToken) write(OAUTH_TOKEN_COOKIE, values.oauthToken, SOCIAL_COOKIE_MAX_AGE, ctx);
  if (values.oauthTokenSecret) write(OAUTH_TOKEN_SECRET_COOKIE, values.oauthTokenSecret, SOCIAL_COOKIE_MAX_AGE, ctx);
  if (values.role) write(SOCIAL_ROLE_COOKIE, values.role, SOCIAL_COOKIE_MAX_AGE, ctx);
}

export function getSocialLoginCookies(ctx?: CookieContext): SocialLoginCookies {
  return {
    oauthToken: read(OAUTH_TOKEN_COOKIE, ctx),
    oauthTokenSecret: read(OAUTH_TOKEN_SECRET_COOKIE, ctx),
    role: read(SOCIAL_ROLE_COOKIE, ctx),
  };
}

export function removeSocialLoginCookies(ctx?: CookieContext): void {
  [OAUTH_TOKEN_COOKIE, OAUTH_TOKEN_SECRET_COOKIE, SOCIAL_ROLE_COOKIE].forEach((name) => remove(name, ctx));
}
