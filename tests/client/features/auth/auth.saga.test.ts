import Router from 'next/router';
import { http, HttpResponse } from 'msw';
import { api, server, installMswServer } from '../../../support/msw';
import { runWorker } from '../../saga-harness';
import { makePerformer, makeUser } from '../../fixtures';
import { loginFlow, loginSocialFlow, logoutFlow, registerSuccessFlow } from '@/client/features/auth/auth.saga';
import { login, loginFail, loginSocial, loginSuccess, logoutSuccess, registerSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { getSocialLoginCookies, getToken, removeToken, setSocialLoginCookies, setToken } from '@/client/lib/cookies';
import { setRuntimeConfig } from '@/client/lib/runtime-config';
import { socketService } from '@/client/lib/socket';
import { toast } from '@/client/lib/toast';
import { redirectToLogin } from '@/client/lib/redirect-to-login';
import type { CurrentUser } from '@/common/contract/users';
import type { ErrorBody } from '@/common/contract/common';
import type { LoginBody, TokenResult } from '@/common/contract/auth';
import { PUBLIC_SETTING_DEFAULTS } from '@/common/constants/settings';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(async () => true), replace: jest.fn(async () => true) } }));
jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock('@/client/lib/socket', () => ({ socketService: { connect: jest.fn(), disconnect: jest.fn(), on: jest.fn(), off: jest.fn() } }));
jest.mock('@/client/lib/redirect-to-login', () => ({ LOGIN_PATH: '/auth/login', redirectToLogin: jest.fn() }));

installMswServer();

afterEach(() => {
  jest.clearAllMocks();
  removeToken();
  setRuntimeConfig({ apiEndpoint: 'http://api.test', clientHashPassword: false });
});

type Envelope<T> = { data: T };

/** POST /auth/login answering `result`; records the body it received. */
function loginAnswers(result: TokenResult | { status: number; body: ErrorBody }) {
  const received: LoginBody[] = [];
  server.use(
    http.post<never, LoginBody, Envelope<TokenResult> | ErrorBody>(api('/auth/login'), async ({ request }) => {
      received.push(await request.json());
      if ('status' in result) return HttpResponse.json(result.body, { status: result.status });
      return HttpResponse.json({ data: result });
    }),
  );
  return received;
}

/** GET /users/me answering `user` for the token `expected`; records the Authorization headers. */
function meAnswers(user: CurrentUser, expected = 'tok') {
  const authorizations: (string | null)[] = [];
  server.use(
    http.get<never, never, Envelope<CurrentUser> | ErrorBody>(api('/users/me'), ({ request }) => {
      authorizations.push(request.headers.get('authorization'));
      if (request.headers.get('authorization') !== expected) {
        return HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, { status: 401 });
      }
      return HttpResponse.json({ data: user });
    }),
  );
  return authorizations;
}

describe('login saga (spec 4)', () => {
  it('signs in: token stored, user fetched with it, loggedIn, user stored, fan sent home', async () => {
    const user = makeUser();
    const bodies = loginAnswers({ token: 'tok', message: 'ok' });
    const authorizations = meAnswers(user);
    const { dispatched, state } = await runWorker(loginFlow, login({ username: 'fan1', password: 'secret-pass', remember: true }));

    expect(bodies).toEqual([{ username: 'fan1', password: 'secret-pass', remember: true }]);
    expect(authorizations).toEqual(['tok']);
    expect(getToken()).toBe('tok');
    expect(dispatched).toEqual([loginSuccess(user), setCurrentUser(user)]);
    expect(state.auth.loggedIn).toBe(true);
    expect(state.auth.loginAuth).toEqual({ requesting: false, error: null, data: user, success: true });
    expect(state.user.current).toEqual(user);
    expect(Router.push).toHaveBeenCalledWith('/home');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('goes to the redirect parameter when given', async () => {
    loginAnswers({ token: 'tok', message: 'ok' });
    meAnswers(makeUser());
    await runWorker(loginFlow, login({ email: 'fan1@example.com', password: 'p', remember: false, redirect: '/messages' }));
    expect(Router.push).toHaveBeenCalledWith('/messages');
  });

  it('sends a performer with username to the profile and one without to /creator/account', async () => {
    loginAnswers({ token: 'tok', message: 'ok' });
    meAnswers(makePerformer({ username: 'jane' }));
    await runWorker(loginFlow, login({ username: 'jane', password: 'p', remember: false }));
    expect(Router.push).toHaveBeenLastCalledWith('/jane');

    meAnswers(makePerformer({ username: null }));
    await runWorker(loginFlow, login({ email: 'jane@example.com', password: 'p', remember: false }));
    expect(Router.push).toHaveBeenLastCalledWith('/creator/account');
  });

  it('hashes the password when the runtime flag is on', async () => {
    setRuntimeConfig({ apiEndpoint: 'http://api.test', clientHashPassword: true });
    const bodies = loginAnswers({ token: 'tok', message: 'ok' });
    meAnswers(makeUser());
    await runWorker(loginFlow, login({ username: 'fan1', password: 'abc', remember: false }));
    expect(bodies[0].password).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('on failure shows the server message, stores the error, stays signed out and on the page', async () => {
    const body: ErrorBody = { statusCode: 401, error: 'Unauthorized', message: 'Wrong username or password' };
    loginAnswers({ status: 401, body });
    const { dispatched, state } = await runWorker(loginFlow, login({ username: 'fan1', password: 'bad', remember: false }));
    expect(toast.error).toHaveBeenCalledWith('Wrong username or password');
    expect(dispatched).toEqual([loginFail(body)]);
    expect(state.auth).toEqual({ loggedIn: false, authUser: null, loginAuth: { requesting: false, error: body, data: null, success: false } });
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(Router.push).not.toHaveBeenCalled();
    expect(getToken()).toBeUndefined();
  });

  it("falls back to 'Incorrect credentials!' when the server gives no message", async () => {
    server.use(http.post(api('/auth/login'), () => new HttpResponse(null, { status: 500 })));
    await runWorker(loginFlow, login({ username: 'fan1', password: 'bad', remember: false }));
    expect(toast.error).toHaveBeenCalledWith('Incorrect credentials!');
  });

  it("shows 'Incorrect credentials!' when the network fails (no answer at all)", async () => {
    server.use(http.post(api('/auth/login'), () => HttpResponse.error()));
    const { state } = await runWorker(loginFlow, login({ username: 'fan1', password: 'bad', remember: false }));
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Incorrect credentials!');
    expect(state.auth.loggedIn).toBe(false);
  });

  it('fails with the server message when no token is issued (email not verified)', async () => {
    loginAnswers({ token: null, message: 'Please verify your email address' });
    const { state } = await runWorker(loginFlow, login({ username: 'fan1', password: 'p', remember: false }));
    expect(toast.error).toHaveBeenCalledWith('Please verify your email address');
    expect(state.auth.loggedIn).toBe(false);
    expect(getToken()).toBeUndefined();
  });

  it('removes the stored token when the user fetch fails', async () => {
    loginAnswers({ token: 'tok', message: 'ok' });
    meAnswers(makeUser(), 'another-token');
    const { state } = await runWorker(loginFlow, login({ username: 'fan1', password: 'p', remember: true }));
    expect(getToken()).toBeUndefined();
    expect(state.auth.loggedIn).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Invalid token');
  });
});

describe('social login saga', () => {
  it('google: posts the credential and follows the login path', async () => {
    const received: unknown[] = [];
    server.use(
      http.post<never, object, Envelope<TokenResult>>(api('/auth/google/login'), async ({ request }) => {
        received.push(await request.json());
        return HttpResponse.json({ data: { token: 'tok', message: 'ok' } });
      }),
    );
    const user = makeUser({ username: null });
    meAnswers(user);
    const { dispatched } = await runWorker(loginSocialFlow, loginSocial({ provider: 'google', body: { token: 'google-id-token', role: 'user' }, remember: true }));
    expect(received).toEqual([{ token: 'google-id-token', role: 'user', remember: true }]);
    expect(dispatched).toEqual([loginSuccess(user), setCurrentUser(user)]);
    expect(getToken()).toBe('tok');
    expect(Router.push).toHaveBeenCalledWith('/user/account');
  });

  it('twitter: finishes the callback, then drops the temporary cookies', async () => {
    setSocialLoginCookies({ oauthToken: 'ot', oauthTokenSecret: 'os', role: 'performer' });
    server.use(http.post(api('/auth/twitter/callback'), () => HttpResponse.json({ data: { token: 'tok', message: 'ok' } })));
    meAnswers(makePerformer());
    await runWorker(
      loginSocialFlow,
      loginSocial({ provider: 'twitter', body: { oauthToken: 'ot', oauthTokenSecret: 'os', oauthVerifier: 'v' }, redirect: '/home' }),
    );
    expect(Router.push).toHaveBeenCalledWith('/home');
    expect(getSocialLoginCookies()).toEqual({ oauthToken: undefined, oauthTokenSecret: undefined, role: undefined });
  });

  it('shows the server message or Incorrect credentials! on failure', async () => {
    server.use(
      http.post(api('/auth/google/login'), () =>
        HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'Google token rejected' } satisfies ErrorBody, { status: 400 }),
      ),
    );
    const { state } = await runWorker(loginSocialFlow, loginSocial({ provider: 'google', body: { token: 'bad-token-123' } }));
    expect(toast.error).toHaveBeenCalledWith('Google token rejected');
    expect(state.auth.loggedIn).toBe(false);
    expect(state.auth.loginAuth.error).toEqual(expect.objectContaining({ message: 'Google token rejected' }));
  });

  it("shows 'Incorrect credentials!' when the network fails", async () => {
    server.use(http.post(api('/auth/google/login'), () => HttpResponse.error()));
    await runWorker(loginSocialFlow, loginSocial({ provider: 'google', body: { token: 'any-token-123' } }));
    expect(toast.error).toHaveBeenCalledWith('Incorrect credentials!');
  });
});

describe('registerSuccess saga', () => {
  it('signs in with the registration token', async () => {
    const user = makeUser();
    meAnswers(user);
    const { state } = await runWorker(registerSuccessFlow, registerSuccess({ token: 'tok' }));
    expect(state.auth.loggedIn).toBe(true);
    expect(getToken()).toBe('tok');
    expect(Router.push).toHaveBeenCalledWith('/home');
  });
});

describe('logout saga', () => {
  it('revokes the token, removes it, closes the socket, resets state, replaces the route, reloads settings', async () => {
    setToken('tok', true);
    const revoked: (string | null)[] = [];
    server.use(
      http.post(api('/auth/logout'), ({ request }) => {
        revoked.push(request.headers.get('authorization'));
        return HttpResponse.json({ data: { success: true } });
      }),
      http.get(api('/settings/public'), () => HttpResponse.json({ data: { ...PUBLIC_SETTING_DEFAULTS, siteName: 'Fans' } })),
    );
    const { dispatched, state } = await runWorker(logoutFlow);
    expect(revoked).toEqual(['tok']);
    expect(getToken()).toBeUndefined();
    expect(socketService.disconnect).toHaveBeenCalled();
    expect(dispatched[0]).toEqual(logoutSuccess());
    expect(dispatched[1]).toEqual(updateSettings({ ...PUBLIC_SETTING_DEFAULTS, siteName: 'Fans' }));
    expect(Router.replace).toHaveBeenCalledWith('/auth/login');
    expect(state.ui.siteName).toBe('Fans');
  });

  it('still logs out when the API call fails', async () => {
    setToken('tok', false);
    server.use(
      http.post(api('/auth/logout'), () => HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'expired' }, { status: 401 })),
      http.get(api('/settings/public'), () => HttpResponse.error()),
    );
    const { dispatched } = await runWorker(logoutFlow);
    expect(dispatched).toEqual([logoutSuccess()]);
    expect(getToken()).toBeUndefined();
    expect(Router.replace).toHaveBeenCalledWith('/auth/login');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });
});
