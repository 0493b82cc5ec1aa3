import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { RegisterForm } from '@/client/features/auth/components/register-form';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { renderWithStore } from '../videos/render-video';
import { fillFanSignUp } from './fill-sign-up';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(), replace: jest.fn() }, useRouter: () => ({ asPath: '/auth/register', pathname: '/auth/register', query: {}, push: jest.fn() }) }));
jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
installMswServer();
beforeEach(() => jest.mocked(toast.error).mockClear());
// The check-your-email notice is drawn with antd and loads on demand: loaded here first, so the test
// waits for the form's behaviour rather than for antd's first import (seconds on a busy machine).
beforeAll(() => import('@/client/features/auth/components/scoped-verify-email-notice'));

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => act(async () => { fireEvent.click(buttonWithText('Create account')); });

describe('the sign-up form (drawn without antd, with antd Form\'s rules and behaviour)', () => {
  it('checks a field as it changes, with the note under it kept', async () => {
    renderWithStore(<RegisterForm />);
    expect(input('Username')).toHaveAccessibleDescription('Letters, digits, dots and underscores.');
    type('Username', 'e!');
    expect(await screen.findByText('Username must be 3 to 30 letters, digits, dots or underscores')).toBeInTheDocument();
    expect(input('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Username')).toHaveAccessibleDescription('Username must be 3 to 30 letters, digits, dots or underscores Letters, digits, dots and underscores.');
    type('Username', 'erin_example');
    await waitFor(() => expect(input('Username')).not.toHaveAttribute('aria-invalid'));
  });

  it('checks the confirmation again when the password changes, once it was checked', async () => {
    renderWithStore(<RegisterForm />);
    type('Password', 'correct horse');
    expect(screen.queryByText('Please confirm the password')).not.toBeInTheDocument();
    type('Confirm password', 'correct hors');
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    type('Password', 'correct hors');
    await waitFor(() => expect(screen.queryByText('The two passwords do not match')).not.toBeInTheDocument());
  });

  it('shows every field\'s message on submit and sends nothing', async () => {
    let sent = 0;
    server.use(http.post(api('/auth/users/register'), () => { sent += 1; return HttpResponse.json({ data: { token: null, message: 'x' } }); }));
    renderWithStore(<RegisterForm />);
    await submit();
    for (const message of ['Please enter your name', 'Please choose a username', 'Please enter your email address', 'Please enter a password', 'Please confirm the password', 'Please confirm that you are 18 or older', 'Please accept the terms of service']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(sent).toBe(0);
  });

  it('puts the server\'s field problems under their fields without a toast, and the rest in a toast', async () => {
    let answer = { field: 'username', message: 'this username is already taken' };
    server.use(http.post(api('/auth/users/register'), () => HttpResponse.json({ message: 'Validation failed', details: [answer] }, { status: 409 })));
    renderWithStore(<RegisterForm />);
    fillFanSignUp();
    await submit();
    expect(await screen.findByText('This username is already taken')).toBeInTheDocument();
    expect(input('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).not.toHaveBeenCalled();
    // Typing again checks the field afresh.
    type('Username', 'erin_example2');
    await waitFor(() => expect(screen.queryByText('This username is already taken')).not.toBeInTheDocument());

    answer = { field: 'somethingElse', message: 'no' };
    await submit();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Validation failed'));
  });

  it('disables every field and the button while the sign-up is sent, then shows the check-your-email notice', async () => {
    let release: () => void = () => undefined;
    server.use(http.post(api('/auth/users/register'), async () => {
      await new Promise<void>((resolve) => { release = resolve; });
      await delay(1);
      return HttpResponse.json({ data: { token: null, message: 'Please check your email to verify your address' } });
    }));
    renderWithStore(<RegisterForm />);
    fillFanSignUp();
    await submit();
    await waitFor(() => expect(input('Name')).toBeDisabled());
    expect(screen.getByLabelText(/I am 18 or older/)).toBeDisabled();
    expect(buttonWithText('Create account')).toBeDisabled();
    await act(async () => { release(); });
    expect(await screen.findByText('Please check your email to verify your address')).toBeInTheDocument();
  });
});
