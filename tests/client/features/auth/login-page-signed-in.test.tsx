import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { api, installMswServer, server } from '../../../support/msw';
import LoginPage from '../../../../pages/auth/login';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { mockRouter, renderPage } from '../discovery/render-page';
import { makeUser } from '../../fixtures';

jest.mock('next/router', () => ({ __esModule: true, useRouter: jest.fn(), default: { replace: jest.fn(async () => true) } }));
installMswServer();
// The notice is drawn with antd and loads on demand: loaded here first, so the test waits for the
// page's behaviour rather than for antd's first import (seconds on a busy machine).
beforeAll(() => import('@/client/features/auth/components/signed-in-notice'));
beforeEach(() => {
  server.use(
    http.get(api('/auth/providers'), () => HttpResponse.json({ data: { google: false, twitter: false, googleClientId: null } })),
    // What the sign-out saga reloads for the sign-in page: the site's settings, as they were.
    http.get(api('/settings/public'), () => HttpResponse.json({ data: {} })),
  );
});

describe('the sign-in page for someone already signed in', () => {
  it('says who is signed in instead of a bare form, and offers to switch account or go home', async () => {
    let loggedOut = false;
    server.use(http.post(api('/auth/logout'), () => { loggedOut = true; return HttpResponse.json({ data: { success: true } }); }));
    mockRouter({}, '/auth/login');
    const store = renderPage(<LoginPage />, makeUser({ name: 'Dana Fan', username: 'dana', isPerformer: false }));
    // The notice loads on demand (the sign-in page is drawn without antd; the notice uses it).
    expect(await screen.findByText('You are signed in as Dana Fan (@dana)')).toBeInTheDocument();
    expect(screen.getByText(/The page you opened is for creators/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/email or username/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my home' })).toHaveAttribute('href', '/home');

    // Switching signs this account out; the form is there for the other one.
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with another account' }));
    await waitFor(() => expect(store.getState().auth.loggedIn).toBe(false));
    expect(loggedOut).toBe(true);
    expect(await screen.findByLabelText(/email or username/i)).toBeInTheDocument();
  });

  it('shows the form to a visitor, and does not swap it for the notice when a sign-in succeeds here', () => {
    mockRouter({}, '/auth/login');
    const store = renderPage(<LoginPage />);
    expect(screen.getByLabelText(/email or username/i)).toBeInTheDocument();
    act(() => { store.dispatch(loginSuccess(makeUser())); });
    expect(screen.queryByText(/You are signed in as/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/email or username/i)).toBeInTheDocument();
  });
});
