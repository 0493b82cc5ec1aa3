import Router from 'next/router';
import type { IncomingMessage } from 'http';
import type { NextPageContext } from 'next';
import type { CurrentUser } from '@/common/contract/users';
import { getToken, removeToken } from '@/client/lib/cookies';
import { isUnauthorized } from '@/client/lib/request';
import { LOGIN_PATH } from '@/client/lib/redirect-to-login';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { me } from '@/client/features/user/user.api';
import { getPublicSettings } from '@/client/features/settings/settings.api';
import { settingsActions } from '@/client/features/settings/apply-settings';
import { checkBlock } from '@/client/features/geo/geo.api';
import type { AppStore } from './store';
import type { PageFlags } from './page-flags';

export { pageFlagsOf, type PageFlags } from './page-flags';

export type PageLoaderContext = NextPageContext & { store: AppStore };

export interface PageLoadResult {
  geoBlocked: boolean;
  /** Signed in, but the page is not for this account (an operator page for a fan): the 403 page. */
  forbidden?: boolean;
  /** Where the visitor was sent instead of this page. */
  redirect?: string;
}

/** The visitor's address as the API must see it for the country check. */
export function visitorIp(req?: IncomingMessage): string | undefined {
  const forwarded = req?.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || req?.socket?.remoteAddress || undefined;
}

/**
 * Headers of an API call made while the server renders a page: the visitor's address as
 * X-Forwarded-For, so country blocks apply to them and not to the web process. None in the browser,
 * where the request is the visitor's own.
 */
export function visitorHeaders(req?: IncomingMessage): Record<string, string> | undefined {
  const ip = req ? visitorIp(req) : undefined;
  return ip ? { 'X-Forwarded-For': ip } : undefined;
}

/** Spec 4 + 5 page guards: authenticate needs a user, onlyPerformer a performer; onlyAdmin a user first. */
export function redirectFor(flags: PageFlags, user: CurrentUser | null, asPath = '/'): string | undefined {
  if ((flags.authenticate || flags.onlyAdmin) && !user) return `${LOGIN_PATH}?redirect=${encodeURIComponent(asPath)}`;
  if (flags.onlyPerformer && !user?.isPerformer) return LOGIN_PATH;
  return undefined;
}

async function userFromToken(ctx: PageLoaderContext, token: string): Promise<CurrentUser | null> {
  try {
    return (await me(token)).data;
  } catch (err) {
    // Spec 8: an invalid token is removed. Other failures (API down) keep it for the next load.
    if (isUnauthorized(err)) removeToken(ctx);
    return null;
  }
}

async function loadOnServer(ctx: PageLoaderContext): Promise<{ user: CurrentUser | null; geoBlocked: boolean }> {
  const token = getToken(ctx);
  // Independent calls: run them together to keep time to first byte down.
  const [settings, user, geoBlocked] = await Promise.all([
    getPublicSettings().then((res) => res.data, () => null),
    token ? userFromToken(ctx, token) : Promise.resolve(null),
    checkBlock(visitorIp(ctx.req)).catch(() => false),
  ]);
  if (settings) settingsActions(settings).forEach((action) => ctx.store.dispatch(action));
  if (user) {
    ctx.store.dispatch(loginSuccess(user));
    ctx.store.dispatch(setCurrentUser(user));
  }
  return { user, geoBlocked };
}

// The browser asks once per tab: the answer depends on the visitor's address only.
let browserGeo: Promise<boolean> | null = null;
export function clearGeoCache(): void {
  browserGeo = null;
}

function loadInBrowser(ctx: PageLoaderContext): { user: CurrentUser | null; geoBlocked: Promise<boolean> } {
  // Client-side navigation: the store already knows the user; no refetch.
  const { auth, user } = ctx.store.getState();
  browserGeo ??= checkBlock().catch(() => false);
  return { user: auth.loggedIn ? user.current : null, geoBlocked: browserGeo };
}

/**
 * Spec 4 'Page loading on the server side', called from _app's getInitialProps with the page's
 * flags. Fills settings, ui, auth and user in the store, checks the country block and sends the
 * visitor to login when the page's flags demand it (302 on the server, Router.replace in the browser).
 */
export async function loadPageOnServer(ctx: PageLoaderContext, flags: PageFlags = {}): Promise<PageLoadResult> {
  let user: CurrentUser | null;
  let geoBlocked: boolean;
  if (ctx.req) {
    ({ user, geoBlocked } = await loadOnServer(ctx));
  } else {
    const loaded = loadInBrowser(ctx);
    user = loaded.user;
    geoBlocked = await loaded.geoBlocked;
  }

  const redirect = redirectFor(flags, user, ctx.asPath || '/');
  if (!redirect) {
    const forbidden = Boolean(flags.onlyAdmin && user?.role !== 'admin');
    if (forbidden && ctx.res) ctx.res.statusCode = 403;
    return forbidden ? { geoBlocked, forbidden } : { geoBlocked };
  }
  if (ctx.res) {
    if (!ctx.res.headersSent) {
      ctx.res.writeHead(302, { Location: redirect });
      ctx.res.end();
    }
  } else {
    await Router.replace(redirect);
  }
  return { geoBlocked, redirect };
}
