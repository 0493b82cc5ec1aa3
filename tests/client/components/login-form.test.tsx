import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '@/client/store/store';
import { ThemeProvider } from '@/client/theme/theme-provider';
import { LoginForm } from '@/client/features/auth/components/login-form';
import { delay, http, HttpResponse } from 'msw';
import { api, server, installMswServer } from '../../support/msw';
import { initialAuthState, login } from '@/client/features/auth/auth.slice';
import { installMatchMedia } from './match-media';

// The login call never answers, so the form stays in its "requesting" state for the assertions.
const loginBodies: unknown[] = [];
installMswServer();
beforeEach(() => {
  loginBodies.length = 0;
  server.use(
    http.post(api('/auth/login'), async ({ request }) => {
      loginBodies.push(await request.json());
      await delay('infinite');
      return HttpResponse.json({});
    }),
  );
});
jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(), replace: jest.fn() } }));

function renderForm(store = makeStore()) {
  render(
    <Provider store={store}>
      <ThemeProvider>
        <LoginForm redirect="/somewhere" />
      </ThemeProvider>
    </Provider>,
  );
  return store;
}

const submitButton = () => screen.getByRole('button', { name: /sign in/i });

describe('LoginForm', () => {
  beforeAll(() => installMatchMedia(false));

  it('has labelled fields a browser test can drive (form name "login")', () => {
    renderForm();
    expect(screen.getByLabelText('Email or username')).toHaveAttribute('id', 'login_username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('id', 'login_password');
    expect(screen.getByLabelText('Remember me')).not.toBeChecked();
  });

  it('shows readable validation messages and sends nothing when fields are empty', async () => {
    renderForm();
    await act(async () => {
      fireEvent.click(submitButton());
    });
    expect(await screen.findByText('Please enter your email or username')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(loginBodies).toEqual([]);
  });

  it('disables the button while the login request is running', () => {
    const store = makeStore(undefined, {
      auth: { ...initialAuthState, loginAuth: { ...initialAuthState.loginAuth, requesting: true } },
    });
    renderForm(store);
    expect(submitButton()).toBeDisabled();
  });

  it('dispatches login with the username, remember flag and redirect, then disables the button', async () => {
    const store = makeStore();
    const dispatch = jest.spyOn(store, 'dispatch');
    renderForm(store);
    fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: ' alice ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'password123' } });
    fireEvent.click(screen.getByLabelText('Remember me'));
    await act(async () => {
      fireEvent.click(submitButton());
    });
    expect(dispatch).toHaveBeenCalledWith(
      login({ username: 'alice', password: 'password123', remember: true, redirect: '/somewhere' }),
    );
    await waitFor(() => expect(loginBodies).toEqual([{ username: 'alice', password: 'password123', remember: true }]));
    expect(store.getState().auth.loginAuth.requesting).toBe(true);
    expect(submitButton()).toBeDisabled();
  });

  it('sends an address with "@" as email', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: 'alice@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'password123' } });
    await act(async () => {
      fireEvent.click(submitButton());
    });
    await waitFor(() => expect(loginBodies).toEqual([{ email: 'alice@example.com', password: 'password123', remember: false }]));
  });
});
