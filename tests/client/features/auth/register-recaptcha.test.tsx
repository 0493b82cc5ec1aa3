import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RegisterForm } from '@/client/features/auth/components/register-form';
import { ForgotPasswordForm } from '@/client/features/auth/components/forgot-password-form';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { makeStore } from '@/client/store/store';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { renderWithStore } from '../videos/render-video';
import { fillFanSignUp, typeInto } from './fill-sign-up';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(), replace: jest.fn() }, useRouter: () => ({ asPath: '/auth/register', pathname: '/auth/register', query: {}, push: jest.fn() }) }));
jest.setTimeout(120_000);
installMswServer();

let solve: ((token: string) => void) | null = null;
const widget = jest.fn();
beforeEach(() => {
  solve = null;
  widget.mockReset().mockImplementation((_el: HTMLElement, params: { callback: (t: string) => void }) => {
    solve = params.callback;
    return 0;
  });
  window.grecaptcha = { render: widget, reset: jest.fn() };
});
afterEach(() => { delete window.grecaptcha; });

const recaptchaStore = () => {
  const store = makeStore();
  store.dispatch(updateSettings({ reCaptchaEnabled: true, reCaptchaSiteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI' }));
  return store;
};
const headersOf = (path: string) => {
  const tokens: (string | null)[] = [];
  server.use(http.post(api(path), ({ request }) => {
    tokens.push(request.headers.get('x-recaptcha-token'));
    return HttpResponse.json({ data: { token: null, message: 'Check your email' } });
  }));
  return tokens;
};

describe('reCAPTCHA on the sign-up and forgot-password forms', () => {
  it('fan sign-up waits for the box and sends its token', async () => {
    const tokens = headersOf('/auth/users/register');
    renderWithStore(<RegisterForm />, undefined, recaptchaStore());
    fillFanSignUp();
    await waitFor(() => expect(widget).toHaveBeenCalled());
    await act(async () => { fireEvent.click(buttonWithText('Create account')); });
    expect(await screen.findByText('Please confirm that you are not a robot')).toBeInTheDocument();
    expect(tokens).toEqual([]);
    act(() => solve!('fan-token'));
    await act(async () => { fireEvent.click(buttonWithText('Create account')); });
    await waitFor(() => expect(tokens).toEqual(['fan-token']));
  });

  it('forgot password waits for the box and sends its token', async () => {
    const tokens = headersOf('/auth/users/forgot');
    renderWithStore(<ForgotPasswordForm />, undefined, recaptchaStore());
    typeInto('Email', 'erin@example.com');
    await waitFor(() => expect(widget).toHaveBeenCalled());
    await act(async () => { fireEvent.click(buttonWithText('Send reset link')); });
    expect(await screen.findByText('Please confirm that you are not a robot')).toBeInTheDocument();
    act(() => solve!('forgot-token'));
    await act(async () => { fireEvent.click(buttonWithText('Send reset link')); });
    await waitFor(() => expect(tokens).toEqual(['forgot-token']));
  });
});
