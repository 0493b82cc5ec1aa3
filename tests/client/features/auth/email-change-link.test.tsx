import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { EmailChangeLink } from '@/client/features/auth/components/email-change-link';
import { api, installMswServer, server } from '../../../support/msw';
import { renderWithStore } from '../videos/render-video';

installMswServer();

const USED = { statusCode: 400, error: 'Bad Request', message: 'This link has expired or was already used' };

describe('email change link pages', () => {
  it('confirms a new address with the token from the link, once', async () => {
    const bodies: unknown[] = [];
    server.use(http.post(api('/auth/email/confirm'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ data: { message: 'Your email address is now new@example.com' } });
    }));
    renderWithStore(<EmailChangeLink action="confirm" token="the-confirm-token" />);
    expect(await screen.findByText('Email address changed')).toBeInTheDocument();
    expect(screen.getByText('Your email address is now new@example.com')).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'the-confirm-token' }]);
    expect(screen.getByText('Sign in')).toBeInTheDocument();
  });

  it('undoes a change and sends the person to choose a new password', async () => {
    server.use(http.post(api('/auth/email/undo'), () =>
      HttpResponse.json({ data: { message: 'Your email address is back to old@example.com and every device has been signed out.' } })));
    renderWithStore(<EmailChangeLink action="undo" token="the-undo-token" />);
    expect(await screen.findByText('Your email address is restored')).toBeInTheDocument();
    expect(screen.getByText('Choose a new password').closest('a')).toHaveAttribute('href', '/auth/forgot-password');
  });

  it('shows the server message for a used or expired link, and a missing token without asking', async () => {
    server.use(http.post(api('/auth/email/confirm'), () => HttpResponse.json(USED, { status: 400 })));
    renderWithStore(<EmailChangeLink action="confirm" token="a-used-token" />);
    expect(await screen.findByText('We could not change your email address')).toBeInTheDocument();
    expect(screen.getByText('This link has expired or was already used')).toBeInTheDocument();
  });

  it('says an incomplete link is incomplete', async () => {
    renderWithStore(<EmailChangeLink action="undo" />);
    expect(await screen.findByText('This link is incomplete. Open it again from the email.')).toBeInTheDocument();
  });

  it('says a link cut short is incomplete, without asking the API', async () => {
    let asked = 0;
    server.use(http.post(api('/auth/email/confirm'), () => { asked += 1; return HttpResponse.json(USED, { status: 400 }); }));
    renderWithStore(<EmailChangeLink action="confirm" token="short" />);
    expect(await screen.findByText('This link is incomplete. Open it again from the email.')).toBeInTheDocument();
    expect(asked).toBe(0);
  });
});
