import type { IncomingMessage, ServerResponse } from 'http';
import {
  getSocialLoginCookies,
  getToken,
  removeSocialLoginCookies,
  removeToken,
  setSocialLoginCookies,
  setToken,
  TOKEN_COOKIE,
} from '@/client/lib/cookies';

/** The parts of a Node response nookies touches. */
function fakeServerCtx(cookieHeader = '', extraHeaders: Record<string, string> = {}, encrypted = false) {
  const headers: Record<string, string[] | string> = {};
  const res = {
    getHeader: (name: string) => headers[name],
    setHeader: (name: string, value: string[] | string) => {
      headers[name] = value;
    },
    finished: false,
  } as unknown as ServerResponse;
  const req = { headers: { cookie: cookieHeader, ...extraHeaders }, socket: { encrypted } } as unknown as IncomingMessage;
  return { ctx: { req, res }, setCookies: () => ([] as string[]).concat(headers['Set-Cookie'] ?? []) };
}

afterEach(() => {
  removeToken();
  removeSocialLoginCookies();
});

describe('token cookie in the browser', () => {
  it('stores, reads and removes the token', () => {
    expect(TOKEN_COOKIE).toBe('token');
    expect(getToken()).toBeUndefined();
    setToken('abc', true);
    expect(getToken()).toBe('abc');
    removeToken();
    expect(getToken()).toBeUndefined();
  });
});

describe('token cookie on the server', () => {
  it('lives 365 days when remembered, with path / and SameSite=Lax', () => {
    const { ctx, setCookies } = fakeServerCtx();
    setToken('abc', true, ctx);
    const [cookie] = setCookies();
    expect(cookie).toMatch(/^token=abc;/);
    expect(cookie).toContain(`Max-Age=${365 * 86400}`);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('lives 1 day otherwise', () => {
    const { ctx, setCookies } = fakeServerCtx();
    setToken('abc', false, ctx);
    expect(setCookies()[0]).toContain('Max-Age=86400');
  });

  it('reads the request cookie and expires it on removal', () => {
    const { ctx, setCookies } = fakeServerCtx('token=from-req; other=1');
    expect(getToken(ctx)).toBe('from-req');
    removeToken(ctx);
    expect(setCookies()[0]).toMatch(/^token=;.*Max-Age=-1/);
  });
});

describe('Secure over https (issue 15)', () => {
  it('is not Secure on a plain http page or request, so local development keeps working', () => {
    setToken('abc', true);
    expect(getToken()).toBe('abc');
    const { ctx, setCookies } = fakeServerCtx();
    setToken('abc', true, ctx);
    expect(setCookies()[0]).not.toMatch(/Secure/i);
  });

  it('is Secure when the proxy says the request came over https, and keeps SameSite=Lax', () => {
    const { ctx, setCookies } = fakeServerCtx('', { 'x-forwarded-proto': 'https' });
    setToken('abc', false, ctx);
    removeToken(ctx);
    setSocialLoginCookies({ role: 'user' }, ctx);
    const cookies = setCookies();
    expect(cookies).toHaveLength(3);
    cookies.forEach((c) => {
      expect(c).toMatch(/; Secure/);
      expect(c).toContain('SameSite=Lax');
    });
  });

  it('follows the first X-Forwarded-Proto hop, and the TLS connection when there is no proxy', () => {
    const viaHttp = fakeServerCtx('', { 'x-forwarded-proto': 'http, https' });
    setToken('abc', false, viaHttp.ctx);
    expect(viaHttp.setCookies()[0]).not.toMatch(/Secure/);
    const direct = fakeServerCtx('', {}, true);
    setToken('abc', false, direct.ctx);
    expect(direct.setCookies()[0]).toMatch(/; Secure/);
  });
});

describe('social login cookies', () => {
  it('keeps oauthToken, oauthTokenSecret and role for 1 day each', () => {
    const { ctx, setCookies } = fakeServerCtx();
    setSocialLoginCookies({ oauthToken: 't', oauthTokenSecret: 's', role: 'performer' }, ctx);
    const cookies = setCookies();
    expect(cookies.map((c) => c.split(';')[0])).toEqual(['oauthToken=t', 'oauthTokenSecret=s', 'role=performer']);
    cookies.forEach((c) => expect(c).toContain('Max-Age=86400'));
  });

  it('round-trips in the browser and is removed together', () => {
    setSocialLoginCookies({ oauthToken: 't', oauthTokenSecret: 's', role: 'user' });
    expect(getSocialLoginCookies()).toEqual({ oauthToken: 't', oauthTokenSecret: 's', role: 'user' });
    removeSocialLoginCookies();
    expect(getSocialLoginCookies()).toEqual({ oauthToken: undefined, oauthTokenSecret: undefined, role: undefined });
  });
});
