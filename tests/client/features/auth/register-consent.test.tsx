import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RegisterForm } from '@/client/features/auth/components/register-form';
import { CreatorRegisterForm } from '@/client/features/auth/components/creator-register-form';
import { TERMS_PAGE_PATH } from '@/common/constants/terms';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { renderWithStore } from '../videos/render-video';
import { fillFanSignUp } from './fill-sign-up';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(), replace: jest.fn() }, useRouter: () => ({ asPath: '/auth/register', pathname: '/auth/register', query: {}, push: jest.fn() }) }));
jest.setTimeout(120_000);
installMswServer();

function serveRegister() {
  const sent: unknown[] = [];
  server.use(
    http.post(api('/auth/users/register'), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ data: { token: null, message: 'Please check your email to verify your address' } });
    }),
    http.get(api('/countries/list'), () => HttpResponse.json({ data: [{ name: 'Norway', code: 'NO' }] })),
    http.post(api('/auth/performers/register'), () => {
      sent.push('performer');
      return HttpResponse.json({ data: { token: null, message: 'Please check your email to verify your address' } });
    }),
  );
  return sent;
}

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('sign-up consent on the register forms', () => {
  it('the fan form asks for both consents before sending, then sends them', async () => {
    const sent = serveRegister();
    renderWithStore(<RegisterForm />);
    expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', TERMS_PAGE_PATH);
    fillFanSignUp({ consents: false });
    await act(async () => { fireEvent.click(buttonWithText('Create account')); });
    expect(await screen.findByText('Please confirm that you are 18 or older')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms of service')).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.click(input(/I am 18 or older/));
    await act(async () => { fireEvent.click(buttonWithText('Create account')); });
    await waitFor(() => expect(screen.queryByText('Please confirm that you are 18 or older')).not.toBeInTheDocument());
    expect(screen.getByText('Please accept the terms of service')).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.click(input(/I accept the terms of service/));
    await act(async () => { fireEvent.click(buttonWithText('Create account')); });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ username: 'erin_example', ageConfirmed: true, termsAccepted: true });
  });

  it('the creator form shows the same two checkboxes and refuses to send without them', async () => {
    const sent = serveRegister();
    renderWithStore(<CreatorRegisterForm />);
    expect(input(/I am 18 or older/)).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', TERMS_PAGE_PATH);
    await act(async () => { fireEvent.click(buttonWithText('Create creator account')); });
    expect(await screen.findByText('Please confirm that you are 18 or older')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms of service')).toBeInTheDocument();
    fireEvent.click(input(/I am 18 or older/));
    fireEvent.click(input(/I accept the terms of service/));
    await waitFor(() => expect(screen.queryByText('Please accept the terms of service')).not.toBeInTheDocument());
    expect(screen.queryByText('Please confirm that you are 18 or older')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
