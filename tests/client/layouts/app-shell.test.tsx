import { render, screen, within } from '@testing-library/react';
import { Button } from 'antd';
import { Provider } from 'react-redux';
import { useRouter } from 'next/router';
import { http, HttpResponse } from 'msw';
import { SWRConfig } from 'swr';
import type { CurrentUser } from '@/common/contract/users';
import { AppShell } from '@/client/layouts/app-shell';
import { ThemeProvider } from '@/client/theme/theme-provider';
import { CSS_VAR_KEY } from '@/client/theme/theme-bootstrap';
import { activeAdminKey, ADMIN_NAV } from '@/client/layouts/admin-nav';
import { makeStore } from '@/client/store/store';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { api, installMswServer, server } from '../../support/msw';
import '../features/discovery/dom-stubs';
import { makePerformer, makeUser } from '../fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
// next/dynamic as React.lazy: the console layout is its own chunk; browser-only widgets render nothing here.
jest.mock('next/dynamic', () => jest.requireActual('../../support/next-dynamic').nextDynamicAsLazy({ skipBrowserOnly: true }));
jest.mock('@/client/lib/socket', () => ({ socketService: { connect: jest.fn(), disconnect: jest.fn(), on: jest.fn(), off: jest.fn() } }));

installMswServer();

const ConsolePage = Object.assign(() => <p>Console page</p>, { onlyAdmin: true, layout: 'admin' });
const LoginPage = Object.assign(() => <p>Login form</p>, { layout: 'public', duringMaintenance: true });
const HomePage = () => <p>Fan home</p>;

function renderShell(Component: React.ComponentType, { user, maintenance = false, forbidden = false, path = '/admin' }: { user?: CurrentUser; maintenance?: boolean; forbidden?: boolean; path?: string } = {}) {
  jest.mocked(useRouter).mockReturnValue({ pathname: path, asPath: path, query: {}, push: jest.fn(), events: { on: jest.fn(), off: jest.fn() } } as unknown as ReturnType<typeof useRouter>);
  const store = makeStore();
  store.dispatch(updateSettings({ maintenanceMode: maintenance }));
  if (user) {
    store.dispatch(setCurrentUser(user));
    store.dispatch(loginSuccess(user));
  }
  render(
    <Provider store={store}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ThemeProvider>
          <AppShell Component={Component as never} pageProps={{}} geoBlocked={false} forbidden={forbidden} />
        </ThemeProvider>
      </SWRConfig>
    </Provider>,
  );
}

beforeEach(() => {
  server.use(http.get(api('/admin/stats/queues'), () =>
    HttpResponse.json({ data: { pendingVerifications: 3, openReports: 0, pendingPayouts: 1, newContactMessages: 0, failedMediaJobs: 0 } })));
});

describe('the operator console in the app shell', () => {
  it('gives an operator the console layout: every section in the sidebar, with what waits', async () => {
    renderShell(ConsolePage, { user: makeUser({ role: 'admin' }), path: '/admin/creator-verifications' });
    expect(await screen.findByText('Console page')).toBeInTheDocument();
    const menu = screen.getAllByRole('menu', { name: 'Console' })[0];
    for (const item of ADMIN_NAV) expect(within(menu).getByRole('link', { name: new RegExp(item.label) })).toHaveAttribute('href', item.href);
    expect(await within(menu).findByLabelText('3 waiting')).toBeInTheDocument();
    expect(within(menu).getByLabelText('1 waiting')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the console menu' })).toBeInTheDocument();
  });

  it.each([
    ['a fan', makeUser()],
    ['a creator', makePerformer()],
  ])('shows %s the 403 page instead of a console page', async (_, user) => {
    renderShell(ConsolePage, { user, forbidden: true });
    // The 403 screen is a chunk of its own (app-shell.tsx), loaded when it is needed.
    expect(await screen.findByText('403')).toBeInTheDocument();
    expect(screen.queryByText('Console page')).not.toBeInTheDocument();
  });

  it('keeps the console open to operators during maintenance, with a banner saying what visitors see', async () => {
    renderShell(ConsolePage, { user: makeUser({ role: 'admin' }), maintenance: true });
    expect(await screen.findByText('Console page')).toBeInTheDocument();
    expect(screen.getByText('Maintenance mode is on')).toBeInTheDocument();
    expect(screen.queryByTestId('maintenance-screen')).not.toBeInTheDocument();
  });

  it('shows everyone else the maintenance screen, except on the sign-in page', async () => {
    renderShell(HomePage, { user: makeUser(), maintenance: true, path: '/home' });
    expect(await screen.findByTestId('maintenance-screen')).toBeInTheDocument();
    expect(screen.queryByText('Fan home')).not.toBeInTheDocument();
  });

  it('leaves the sign-in page reachable during maintenance, so operators can sign in', async () => {
    renderShell(LoginPage, { maintenance: true, path: '/auth/login' });
    expect(await screen.findByText('Login form')).toBeInTheDocument();
    expect(screen.queryByTestId('maintenance-screen')).not.toBeInTheDocument();
  });
});

describe('antd in the app shell', () => {
  const AntdPage = () => <Button>With antd</Button>;
  const PlainPage = Object.assign(() => <Button>Without antd</Button>, { antdFree: true, layout: 'public' });

  it('puts every page inside antd\'s provider with the theme (its own chunk), so antd components take the theme\'s class', async () => {
    renderShell(AntdPage, { path: '/home' });
    expect((await screen.findByRole('button', { name: 'With antd' })).className.split(' ')).toContain(CSS_VAR_KEY);
  });

  it('leaves antd\'s provider out of a page flagged antdFree, and draws the header without antd', async () => {
    renderShell(PlainPage, { path: '/' });
    expect((await screen.findByRole('button', { name: 'Without antd' })).className.split(' ')).not.toContain(CSS_VAR_KEY);
    const header = screen.getByRole('banner');
    expect(header.querySelector('[class*="ant-"]')).toBeNull();
    expect(within(header).getByRole('radiogroup', { name: 'Theme' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/register');
  });
});

describe('activeAdminKey', () => {
  it('marks the section of a page and of its sub-pages, the dashboard only on /admin', () => {
    expect(activeAdminKey('/admin')).toBe('dashboard');
    expect(activeAdminKey('/admin/users')).toBe('users');
    expect(activeAdminKey('/admin/users/5f0c?tab=x')).toBe('users');
    expect(activeAdminKey('/admin/audit-log?action=user.suspend')).toBe('audit');
    expect(activeAdminKey('/home')).toBeUndefined();
  });
});
