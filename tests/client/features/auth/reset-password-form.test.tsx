import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ResetPasswordForm } from '@/client/features/auth/components/reset-password-form';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { renderWithStore } from '../videos/render-video';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(), replace: jest.fn() }, useRouter: () => ({ asPath: '/auth/reset-password', pathname: '/auth/reset-password', query: {}, push: jest.fn() }) }));
jest.mock('@/client/lib/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
installMswServer();
beforeEach(() => jest.mocked(toast.error).mockClear());
// The incomplete-link and password-changed screens are drawn with antd and load on demand: loaded
// here first, so the test waits for the form's behaviour rather than for antd's first import.
beforeAll(() => import('@/client/features/auth/components/reset-password-outcome'));

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => act(async () => { fireEvent.click(buttonWithText('Change password')); });

describe('the reset-password form (drawn without antd, with antd Form\'s rules and behaviour)', () => {
  it('sends a link without its token to a new one', async () => {
    renderWithStore(<ResetPasswordForm />);
    expect(await screen.findByText('This reset link is incomplete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a new link' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('treats a token cut short in the mail client as an incomplete link, without asking the API', async () => {
    let asked = 0;
    server.use(http.post(api('/auth/users/reset'), () => { asked += 1; return HttpResponse.json({ data: { message: 'ok' } }); }));
    renderWithStore(<ResetPasswordForm token="abc12" />);
    expect(await screen.findByText('This reset link is incomplete')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(asked).toBe(0);
  });

  it('checks both fields on submit, the confirmation again when the password changes, and sends nothing until they agree', async () => {
    let sent = 0;
    server.use(http.post(api('/auth/users/reset'), () => { sent += 1; return HttpResponse.json({ data: { message: 'x' } }); }));
    renderWithStore(<ResetPasswordForm token="a-token-of-the-link" />);
    expect(input('New password')).toHaveAccessibleDescription('At least 8 characters.');
    await submit();
    expect(await screen.findByText('Please enter a password')).toBeInTheDocument();
    expect(screen.getByText('Please confirm the password')).toBeInTheDocument();
    type('New password', 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    type('Confirm new password', 'a long secret');
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    type('New password', 'a long secret');
    await waitFor(() => expect(screen.queryByText('The two passwords do not match')).not.toBeInTheDocument());
    expect(sent).toBe(0);
  });

  it('sends the link\'s token with the new password, then says it changed with a way to sign in', async () => {
    const bodies: unknown[] = [];
    server.use(http.post(api('/auth/users/reset'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ data: { message: 'Your password has been changed. Sign in with it now.' } });
    }));
    renderWithStore(<ResetPasswordForm token="a-token-of-the-link" />);
    type('New password', 'a long secret');
    type('Confirm new password', 'a long secret');
    await submit();
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Your password has been changed. Sign in with it now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(bodies).toEqual([{ token: 'a-token-of-the-link', password: 'a long secret' }]);
  });

  it('shows a refused link in a toast and keeps the form usable', async () => {
    server.use(http.post(api('/auth/users/reset'), () => HttpResponse.json({ message: 'This link is invalid or has expired' }, { status: 400 })));
    renderWithStore(<ResetPasswordForm token="a-token-of-the-link" />);
    type('New password', 'a long secret');
    type('Confirm new password', 'a long secret');
    await submit();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This link is invalid or has expired'));
    expect(input('New password')).not.toBeDisabled();
  });
});
