import Router from 'next/router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { http, HttpResponse } from 'msw';
import { makeStore } from '@/client/store/store';
import { ThemeProvider } from '@/client/theme/theme-provider';
import { LoginForm } from '@/client/features/auth/components/login-form';
import { getToken, removeToken } from '@/client/lib/cookies';
import type { LoginBody, TokenResult } from '@/common/contract/auth';
import type { VerifyTwoFactorBody } from '@/common/contract/account-security';
import type { ErrorBody } from '@/common/contract/common';
import type { CurrentUser } from '@/common/contract/users';
import { api, installMswServer, server, serveSignedInBasics } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { installMatchMedia } from '../../components/match-media';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(async () => true), replace: jest.fn(async () => true) } }));
jest.mock('@/client/lib/socket', () => ({ socketService: { connect: jest.fn(), disconnect: jest.fn(), on: jest.fn(), off: jest.fn(), emit: jest.fn() } }));

installMswServer();
beforeAll(() => installMatchMedia(false));
// The code step is drawn with antd and loads on demand: loaded here first, so the test waits for
// the sign-in's behaviour rather than for antd's first import (seconds on a busy machine).
beforeAll(() => import('@/client/features/auth/components/two-factor-step'));
afterEach(() => {
  jest.clearAllMocks();
  removeToken();
});

const CHALLENGE = 'challenge-jwt-for-the-test';
const user = makeUser({ username: 'fan1' });

/** Login answers the challenge; verify accepts only `goodCode`; /users/me answers the user for the issued token. */
function serveTwoFactorSignIn(goodCode: string) {
  const logins: LoginBody[] = [];
  const verifies: VerifyTwoFactorBody[] = [];
  serveSignedInBasics();
  server.use(
    http.post<never, LoginBody, { data: TokenResult }>(api('/auth/login'), async ({ request }) => {
      logins.push(await request.json());
      return HttpResponse.json({ data: { token: null, message: 'Enter the 6-digit code', twoFactorRequired: true, challenge: CHALLENGE } });
    }),
    http.post<never, VerifyTwoFactorBody, { data: TokenResult } | ErrorBody>(api('/auth/2fa/verify'), async ({ request }) => {
      const body = await request.json();
      verifies.push(body);
      if (body.challenge !== CHALLENGE || body.code !== goodCode) {
        const message = 'That code is not right.';
        return HttpResponse.json({ statusCode: 400, error: 'Bad Request', message, details: [{ field: 'code', message }] }, { status: 400 });
      }
      return HttpResponse.json({ data: { token: 'tok-2fa', message: 'Signed in successfully' } });
    }),
    http.get<never, never, { data: CurrentUser } | ErrorBody>(api('/users/me'), ({ request }) =>
      request.headers.get('authorization') === 'tok-2fa'
        ? HttpResponse.json({ data: user })
        : HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, { status: 401 }),
    ),
  );
  return { logins, verifies };
}

function renderForm() {
  const store = makeStore();
  render(
    <Provider store={store}>
      <ThemeProvider>
        <LoginForm redirect="/somewhere" />
      </ThemeProvider>
    </Provider>,
  );
  return store;
}

async function signInWithPassword() {
  fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: 'fan1' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'password123' } });
  fireEvent.click(screen.getByLabelText('Remember me'));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
  });
  return screen.findByLabelText('Authentication code');
}

async function submitCode(label: string, code: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: code } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  });
}

describe('LoginForm with two-factor sign-in on', () => {
  it('asks for the code after the password, keeps the step on a wrong code, then signs in like a normal login', async () => {
    const { logins, verifies } = serveTwoFactorSignIn('123456');
    const store = renderForm();
    await signInWithPassword();
    expect(logins).toEqual([{ username: 'fan1', password: 'password123', remember: true }]);
    // No token yet, nobody signed in, the password form is gone.
    expect(getToken()).toBeUndefined();
    expect(store.getState().auth.loggedIn).toBe(false);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await submitCode('Authentication code', '654321');
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    expect(store.getState().auth.loggedIn).toBe(false);

    await submitCode('Authentication code', '123456');
    await waitFor(() => expect(Router.push).toHaveBeenCalledWith('/somewhere'));
    expect(verifies).toEqual([
      { challenge: CHALLENGE, code: '654321' },
      { challenge: CHALLENGE, code: '123456' },
    ]);
    expect(getToken()).toBe('tok-2fa');
    expect(store.getState().auth.loggedIn).toBe(true);
    expect(store.getState().auth.authUser).toEqual(user);
    expect(store.getState().user.current).toEqual(user);
  });

  it('takes a recovery code instead', async () => {
    const { verifies } = serveTwoFactorSignIn('abcde-fghij');
    const store = renderForm();
    await signInWithPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await submitCode('Recovery code', ' abcde-fghij ');
    await waitFor(() => expect(store.getState().auth.loggedIn).toBe(true));
    expect(verifies).toEqual([{ challenge: CHALLENGE, code: 'abcde-fghij' }]);
  });

  it('checks the code has 6 digits before sending, and goes back to the password form on request', async () => {
    const { verifies } = serveTwoFactorSignIn('123456');
    renderForm();
    await signInWithPassword();
    await submitCode('Authentication code', '12ab');
    expect(await screen.findByText('The code has 6 digits')).toBeInTheDocument();
    expect(verifies).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });
});
