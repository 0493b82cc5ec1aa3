import Router from 'next/router';
import type { IncomingMessage, ServerResponse } from 'http';
import { http, HttpResponse } from 'msw';
import { api, server, installMswServer } from '../../support/msw';
import { makePerformer, makeUser } from '../fixtures';
import { makeStore, type AppStore } from '@/client/store/store';
import { clearGeoCache, loadPageOnServer, pageFlagsOf, visitorIp, type PageLoaderContext } from '@/client/store/page-loader';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { PUBLIC_SETTING_DEFAULTS } from '@/common/constants/settings';
import type { CurrentUser } from '@/common/contract/users';
import type { ErrorBody } from '@/common/contract/common';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(async () => true), replace: jest.fn(async () => true) } }));
jest.mock('@/client/lib/socket', () => ({ socketService: { connect: jest.fn(), disconnect: jest.fn(), on: jest.fn(), off: jest.fn() } }));
jest.mock('@/client/lib/redirect-to-login', () => ({ LOGIN_PATH: '/auth/login', redirectToLogin: jest.fn() }));

installMswServer();

type Envelope<T> = { data: T };

let store: AppStore;
beforeEach(() => {
  store = makeStore();
  clearGeoCache();
});
afterEach(() => {
  store.sagaTask.cancel();
  jest.clearAllMocks();
});

/** A server-side page context: request with cookie/IP, a response recording headers and redirects. */
function serverCtx({ cookie = '', forwardedFor, remoteAddress = '10.0.0.9', asPath = '/messages?c=1' }: { cookie?: string; forwardedFor?: string; remoteAddress?: string; asPath?: string } = {}) {
  const headers: Record<string, unknown> = {};
  const res = {
    statusCode: 200,
    headersSent: false,
    finished: false,
    getHeader: (n: string) => headers[n],
    setHeader: (n: string, v: unknown) => {
      headers[n] = v;
    },
    writeHead: jest.fn(function (this: { statusCode: number }, status: number, h: Record<string, string>) {
      this.statusCode = status;
      Object.assign(headers, h);
    }),
    end: jest.fn(),
  };
  const req = {
    headers: { cookie, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    socket: { remoteAddress },
  } as unknown as IncomingMessage;
  const ctx = { req, res: res as unknown as ServerResponse, asPath, pathname: '/messages', query: {}, store, AppTree: () => null } as unknown as PageLoaderContext;
  return { ctx, res, headers };
}

/** The three API calls a page load makes; records what they received. */
function api3({ user, blocked = false, settingsFail = false }: { user?: CurrentUser | 'invalid'; blocked?: boolean; settingsFail?: boolean } = {}) {
  const calls = { me: [] as (string | null)[], geo: [] as (string | null)[] };
  server.use(
    http.get<never, never, Envelope<typeof PUBLIC_SETTING_DEFAULTS>>(api('/settings/public'), () =>
      settingsFail ? HttpResponse.error() : HttpResponse.json({ data: { ...PUBLIC_SETTING_DEFAULTS, siteName: 'Fans', favicon: '/f.png' } }),
    ),
    http.get<never, never, Envelope<CurrentUser> | ErrorBody>(api('/users/me'), ({ request }) => {
      calls.me.push(request.headers.get('authorization'));
      if (!user || user === 'invalid') return HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, { status: 401 });
      return HttpResponse.json({ data: user });
    }),
    http.get<never, never, Envelope<{ blocked: boolean; country: string | null }>>(api('/block/countries/check'), ({ request }) => {
      calls.geo.push(request.headers.get('x-forwarded-for'));
      return HttpResponse.json({ data: { blocked, country: blocked ? 'KP' : 'FR' } });
    }),
  );
  return calls;
}

describe('loadPageOnServer on the server (spec 4)', () => {
  it('without a token: fills settings and ui, does not fetch the user, checks the country with the visitor IP', async () => {
    const calls = api3();
    const { ctx, res } = serverCtx({ forwardedFor: '203.0.113.5, 10.0.0.1' });
    await expect(loadPageOnServer(ctx, {})).resolves.toEqual({ geoBlocked: false });
    expect(calls.me).toEqual([]);
    expect(calls.geo).toEqual(['203.0.113.5']);
    expect(store.getState().settings.siteName).toBe('Fans');
    expect(store.getState().ui).toEqual(expect.objectContaining({ siteName: 'Fans', favicon: '/f.png' }));
    expect(store.getState().auth.loggedIn).toBe(false);
    expect(res.writeHead).not.toHaveBeenCalled();
  });

  it('with a valid token: fetches the user with that token and signs in', async () => {
    const user = makePerformer();
    const calls = api3({ user });
    const { ctx, res } = serverCtx({ cookie: 'token=good' });
    await expect(loadPageOnServer(ctx, { authenticate: true, onlyPerformer: true })).resolves.toEqual({ geoBlocked: false });
    expect(calls.me).toEqual(['good']);
    expect(store.getState().auth).toEqual(expect.objectContaining({ loggedIn: true, authUser: user }));
    expect(store.getState().user.current).toEqual(user);
    expect(res.writeHead).not.toHaveBeenCalled();
  });

  it('with an invalid token: removes the cookie and sends an authenticate page to login with the redirect', async () => {
    api3({ user: 'invalid' });
    const { ctx, res, headers } = serverCtx({ cookie: 'token=stale', asPath: '/messages?c=1' });
    const result = await loadPageOnServer(ctx, { authenticate: true });
    expect(result).toEqual({ geoBlocked: false, redirect: '/auth/login?redirect=%2Fmessages%3Fc%3D1' });
    expect(res.writeHead).toHaveBeenCalledWith(302, { Location: '/auth/login?redirect=%2Fmessages%3Fc%3D1' });
    expect(res.end).toHaveBeenCalled();
    expect(([] as string[]).concat(headers['Set-Cookie'] as string[])[0]).toMatch(/^token=;.*Max-Age=-1/);
    expect(store.getState().auth.loggedIn).toBe(false);
  });

  it('with an invalid token on a public page: removes the cookie and renders', async () => {
    api3({ user: 'invalid' });
    const { ctx, res, headers } = serverCtx({ cookie: 'token=stale' });
    await expect(loadPageOnServer(ctx, {})).resolves.toEqual({ geoBlocked: false });
    expect(headers['Set-Cookie']).toBeDefined();
    expect(res.writeHead).not.toHaveBeenCalled();
  });

  it('keeps the cookie when the user fetch fails for another reason', async () => {
    api3();
    server.use(http.get(api('/users/me'), () => HttpResponse.error()));
    const { ctx, headers } = serverCtx({ cookie: 'token=good' });
    await loadPageOnServer(ctx, {});
    expect(headers['Set-Cookie']).toBeUndefined();
  });

  it('sends an authenticate page without a token to login', async () => {
    api3();
    const { ctx, res } = serverCtx({ asPath: '/wallet' });
    const result = await loadPageOnServer(ctx, { authenticate: true });
    expect(result.redirect).toBe('/auth/login?redirect=%2Fwallet');
    expect(res.writeHead).toHaveBeenCalledWith(302, { Location: '/auth/login?redirect=%2Fwallet' });
  });

  it('sends a fan away from an onlyPerformer page to /auth/login', async () => {
    api3({ user: makeUser() });
    const { ctx, res } = serverCtx({ cookie: 'token=good' });
    const result = await loadPageOnServer(ctx, { authenticate: true, onlyPerformer: true });
    expect(result).toEqual({ geoBlocked: false, redirect: '/auth/login' });
    expect(res.writeHead).toHaveBeenCalledWith(302, { Location: '/auth/login' });
    expect(store.getState().auth.loggedIn).toBe(true);
  });

  it('sends a visitor on an onlyAdmin page to login and comes back there after', async () => {
    api3();
    const { ctx, res } = serverCtx({ asPath: '/admin/users?status=suspended' });
    const result = await loadPageOnServer(ctx, { onlyAdmin: true });
    expect(result.redirect).toBe('/auth/login?redirect=%2Fadmin%2Fusers%3Fstatus%3Dsuspended');
    expect(res.writeHead).toHaveBeenCalledWith(302, { Location: '/auth/login?redirect=%2Fadmin%2Fusers%3Fstatus%3Dsuspended' });
  });

  it.each([
    ['a fan', makeUser()],
    ['a creator', makePerformer()],
  ])('answers 403 to %s on an onlyAdmin page, without a redirect', async (_, user) => {
    api3({ user });
    const { ctx, res } = serverCtx({ cookie: 'token=good', asPath: '/admin' });
    expect(await loadPageOnServer(ctx, { onlyAdmin: true })).toEqual({ geoBlocked: false, forbidden: true });
    expect(res.statusCode).toBe(403);
    expect(res.writeHead).not.toHaveBeenCalled();
  });

  it('lets an operator open an onlyAdmin page', async () => {
    api3({ user: makeUser({ role: 'admin' }) });
    const { ctx, res } = serverCtx({ cookie: 'token=good', asPath: '/admin' });
    expect(await loadPageOnServer(ctx, { onlyAdmin: true })).toEqual({ geoBlocked: false });
    expect(res.statusCode).toBe(200);
  });

  it('reports a geo-blocked visitor, using the connection address without X-Forwarded-For', async () => {
    const calls = api3({ blocked: true });
    const { ctx } = serverCtx({ remoteAddress: '198.51.100.7' });
    await expect(loadPageOnServer(ctx, {})).resolves.toEqual({ geoBlocked: true });
    expect(calls.geo).toEqual(['198.51.100.7']);
  });

  it('renders with default settings when the settings call fails', async () => {
    api3({ settingsFail: true });
    const { ctx } = serverCtx();
    await expect(loadPageOnServer(ctx, {})).resolves.toEqual({ geoBlocked: false });
    expect(store.getState().settings).toEqual(PUBLIC_SETTING_DEFAULTS);
  });

  it('does not write a redirect on a response already sent', async () => {
    api3();
    const { ctx, res } = serverCtx();
    res.headersSent = true;
    await loadPageOnServer(ctx, { authenticate: true });
    expect(res.writeHead).not.toHaveBeenCalled();
  });
});

describe('loadPageOnServer in the browser (client-side navigation)', () => {
  const browserCtx = (asPath = '/wallet') => ({ asPath, pathname: asPath, query: {}, store, AppTree: () => null }) as unknown as PageLoaderContext;

  it('uses the store user instead of refetching and checks the country once per tab', async () => {
    const calls = api3({ blocked: false });
    store.dispatch(loginSuccess(makePerformer()));
    store.dispatch(setCurrentUser(makePerformer()));
    await expect(loadPageOnServer(browserCtx(), { authenticate: true, onlyPerformer: true })).resolves.toEqual({ geoBlocked: false });
    await loadPageOnServer(browserCtx(), {});
    expect(calls.me).toEqual([]);
    expect(calls.geo).toEqual([null]);
    expect(Router.replace).not.toHaveBeenCalled();
  });

  it('replaces the route to login for an authenticate page when signed out', async () => {
    api3();
    const result = await loadPageOnServer(browserCtx('/wallet?tab=1'), { authenticate: true });
    expect(result.redirect).toBe('/auth/login?redirect=%2Fwallet%3Ftab%3D1');
    expect(Router.replace).toHaveBeenCalledWith('/auth/login?redirect=%2Fwallet%3Ftab%3D1');
  });

  it('replaces the route to /auth/login for an onlyPerformer page with a fan', async () => {
    api3();
    store.dispatch(loginSuccess(makeUser()));
    store.dispatch(setCurrentUser(makeUser()));
    await loadPageOnServer(browserCtx(), { onlyPerformer: true });
    expect(Router.replace).toHaveBeenCalledWith('/auth/login');
  });
});

describe('helpers', () => {
  it('pageFlagsOf reads the static flags of a page component', () => {
    const Page = Object.assign(() => null, { authenticate: true, onlyPerformer: true, onlyAdmin: true, duringMaintenance: true, noredirect: true, antdFree: true, layout: 'blank' });
    expect(pageFlagsOf(Page)).toEqual({ authenticate: true, onlyPerformer: true, onlyAdmin: true, duringMaintenance: true, noredirect: true, antdFree: true, layout: 'blank' });
    const none = { authenticate: false, onlyPerformer: false, onlyAdmin: false, duringMaintenance: false, noredirect: false, antdFree: false, layout: undefined };
    expect(pageFlagsOf(() => null)).toEqual(none);
    expect(pageFlagsOf(undefined)).toEqual(none);
  });

  it('visitorIp takes the first X-Forwarded-For entry, else the socket address', () => {
    expect(visitorIp({ headers: { 'x-forwarded-for': ' 1.2.3.4 , 5.6.7.8' }, socket: { remoteAddress: '9.9.9.9' } } as unknown as IncomingMessage)).toBe('1.2.3.4');
    expect(visitorIp({ headers: {}, socket: { remoteAddress: '9.9.9.9' } } as unknown as IncomingMessage)).toBe('9.9.9.9');
    expect(visitorIp(undefined)).toBeUndefined();
  });
});
