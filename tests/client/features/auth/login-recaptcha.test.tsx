import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { http, HttpResponse } from 'msw';
import { makeStore } from '@/client/store/store';
import { ThemeProvider } from '@/client/theme/theme-provider';
import { LoginForm } from '@/client/features/auth/components/login-form';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { api, server, installMswServer } from '../../../support/msw';
import { installMatchMedia } from '../../components/match-media';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(async () => true), replace: jest.fn(async () => true) } }));
jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() }, setToastApi: jest.fn() }));
jest.setTimeout(120_000);
installMswServer();

const SITE_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI';
const seen: { body: unknown; token: string | null }[] = [];
let solve: ((token: string) => void) | null = null;
const widget = jest.fn();

beforeAll(() => installMatchMedia(false));
beforeEach(() => {
  seen.length = 0;
  solve = null;
  widget.mockReset().mockImplementation((_el: HTMLElement, params: { callback: (t: string) => void }) => {
    solve = params.callback;
    return 0;
  });
  window.grecaptcha = { render: widget, reset: jest.fn() };
  server.use(
    http.post(api('/auth/login'), async ({ request }) => {
      seen.push({ body: await request.json(), token: request.headers.get('x-recaptcha-token') });
      return HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'Wrong username or password' }, { status: 401 });
    }),
  );
});
afterEach(() => { delete window.grecaptcha; });

function renderForm(reCaptchaEnabled: boolean) {
  const store = makeStore();
  store.dispatch(updateSettings({ reCaptchaEnabled, reCaptchaSiteKey: SITE_KEY }));
  render(
    <Provider store={store}>
      <ThemeProvider>
        <LoginForm />
      </ThemeProvider>
    </Provider>,
  );
  fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: 'fan1' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
  return store;
}

async function signIn(store: ReturnType<typeof makeStore>) {
  const before = seen.length;
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
  });
  await waitFor(() => expect(store.getState().auth.loginAuth.requesting).toBe(false));
  return seen.length > before;
}

describe('LoginForm with reCAPTCHA on', () => {
  it('asks for the box after three failures and then sends its token in the header', async () => {
    const store = renderForm(true);
    for (let i = 0; i < 3; i += 1) {
      expect(screen.queryByTestId('recaptcha-widget')).not.toBeInTheDocument();
      expect(await signIn(store)).toBe(true);
    }
    expect(seen.map((s) => s.token)).toEqual([null, null, null]);
    expect(await screen.findByTestId('recaptcha-widget')).toBeInTheDocument();
    await waitFor(() => expect(widget).toHaveBeenCalled());

    expect(await signIn(store)).toBe(false);
    expect(screen.getByText('Please confirm that you are not a robot')).toBeInTheDocument();

    act(() => solve!('token-4'));
    expect(await signIn(store)).toBe(true);
    expect(seen[3]).toEqual({ body: { username: 'fan1', password: 'wrong', remember: false }, token: 'token-4' });
    // A failure gives a fresh box: the used token is not sent again.
    await waitFor(() => expect(widget).toHaveBeenCalledTimes(2));
    expect(await signIn(store)).toBe(false);
  });

  it('shows the box at once when the server asks for it', async () => {
    server.use(
      http.post(api('/auth/login'), async ({ request }) => {
        seen.push({ body: await request.json(), token: request.headers.get('x-recaptcha-token') });
        const message = 'Please confirm that you are not a robot';
        return HttpResponse.json({ statusCode: 400, error: 'Bad Request', message, details: [{ field: 'reCaptchaToken', message }] }, { status: 400 });
      }),
    );
    const store = renderForm(true);
    await signIn(store);
    expect(await screen.findByTestId('recaptcha-widget')).toBeInTheDocument();
  });

  it('never shows a box while reCAPTCHA is off', async () => {
    const store = renderForm(false);
    for (let i = 0; i < 4; i += 1) expect(await signIn(store)).toBe(true);
    expect(screen.queryByTestId('recaptcha-widget')).not.toBeInTheDocument();
    expect(widget).not.toHaveBeenCalled();
  });
});
