import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { ForgotPasswordForm } from '@/client/features/auth/components/forgot-password-form';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { renderWithStore } from '../videos/render-video';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(), replace: jest.fn() }, useRouter: () => ({ asPath: '/auth/forgot-password', pathname: '/auth/forgot-password', query: {}, push: jest.fn() }) }));
jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
installMswServer();
beforeEach(() => jest.mocked(toast.error).mockClear());
// The "check your email" screen is drawn with antd and loads on demand: loaded here first, so the
// test waits for the form's behaviour rather than for antd's first import.
beforeAll(() => import('@/client/features/auth/components/reset-link-sent'));

const email = () => screen.getByLabelText('Email', { exact: true }) as HTMLInputElement;
const type = (value: string) => fireEvent.change(email(), { target: { value } });
const submit = () => act(async () => { fireEvent.click(buttonWithText('Send reset link')); });

describe('the forgot-password form (drawn without antd, with antd Form\'s rules and behaviour)', () => {
  it('asks for an address on submit and checks it as it changes, sending nothing until it is one', async () => {
    let sent = 0;
    server.use(http.post(api('/auth/users/forgot'), () => { sent += 1; return HttpResponse.json({ data: { message: 'x' } }); }));
    renderWithStore(<ForgotPasswordForm />);
    await submit();
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    type('not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await submit();
    expect(sent).toBe(0);
    type('erin@example.com');
    await waitFor(() => expect(email()).not.toHaveAttribute('aria-invalid'));
  });

  it('disables the form while the request runs, then shows the server\'s answer with a way back to sign in', async () => {
    let release: () => void = () => undefined;
    const bodies: unknown[] = [];
    server.use(http.post(api('/auth/users/forgot'), async ({ request }) => {
      bodies.push(await request.json());
      await new Promise<void>((resolve) => { release = resolve; });
      await delay(1);
      return HttpResponse.json({ data: { message: 'If an account exists for erin@example.com, a link is on its way.' } });
    }));
    renderWithStore(<ForgotPasswordForm />);
    type('  erin@example.com ');
    await submit();
    await waitFor(() => expect(email()).toBeDisabled());
    act(() => release());
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(screen.getByText('If an account exists for erin@example.com, a link is on its way.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/login');
    expect(bodies).toEqual([{ email: 'erin@example.com' }]);
  });

  it('puts a refusal about the address under the field, and any other in a toast', async () => {
    let answer = { field: 'email', message: 'email must be a valid address' };
    server.use(http.post(api('/auth/users/forgot'), () => HttpResponse.json({ message: 'Validation failed', details: [answer] }, { status: 400 })));
    renderWithStore(<ForgotPasswordForm />);
    type('erin@example.com');
    await submit();
    expect(await screen.findByText('Email must be a valid address')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
    answer = { field: 'other', message: 'no' };
    await submit();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Validation failed'));
    expect(email()).not.toBeDisabled();
  });
});
