import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { useRouter } from 'next/router';
import { SWRConfig } from 'swr';
import type { CurrentUser } from '@/common/contract/users';
import { AppShell } from '@/client/layouts/app-shell';
import { ThemeProvider } from '@/client/theme/theme-provider';
import { activeStudioKey, STUDIO_NAV } from '@/client/layouts/studio-nav';
import { makeStore } from '@/client/store/store';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { installMswServer, serveSignedInBasics } from '../../support/msw';
import '../features/discovery/dom-stubs';
import { makePerformer, makeUser } from '../fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
// next/dynamic as React.lazy: the studio layout is its own chunk; browser-only widgets render nothing here.
jest.mock('next/dynamic', () => jest.requireActual('../../support/next-dynamic').nextDynamicAsLazy({ skipBrowserOnly: true }));
jest.mock('@/client/lib/socket', () => ({ socketService: { connect: jest.fn(), disconnect: jest.fn(), on: jest.fn(), off: jest.fn() } }));

installMswServer();

const StudioPage = Object.assign(() => <p>Studio page</p>, { layout: 'studio' });

function renderShell(user: CurrentUser, path: string, liveEnabled = false) {
  jest.mocked(useRouter).mockReturnValue({ pathname: path, asPath: path, query: {}, push: jest.fn(), events: { on: jest.fn(), off: jest.fn() } } as unknown as ReturnType<typeof useRouter>);
  const store = makeStore();
  store.dispatch(updateSettings({ agoraEnable: liveEnabled }));
  store.dispatch(setCurrentUser(user));
  store.dispatch(loginSuccess(user));
  render(
    <Provider store={store}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ThemeProvider>
          <AppShell Component={StudioPage as never} pageProps={{}} geoBlocked={false} />
        </ThemeProvider>
      </SWRConfig>
    </Provider>,
  );
}

beforeEach(() => serveSignedInBasics());

describe('the creator studio layout', () => {
  it('gives a creator every tool in the sidebar (desktop), the current one marked', async () => {
    renderShell(makePerformer({ username: 'aurora' }), '/creator/block-countries', true);
    expect(await screen.findByText('Studio page')).toBeInTheDocument();
    const sidebar = screen.getByRole('complementary', { name: 'Creator studio navigation' });
    for (const item of STUDIO_NAV) {
      expect(within(sidebar).getByRole('link', { name: item.label })).toHaveAttribute('href', item.href);
    }
    // Blocked countries belongs to Blocking.
    expect(within(sidebar).getByRole('link', { name: 'Blocking' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('leaves Go live out while live streaming is off', async () => {
    renderShell(makePerformer(), '/creator/dashboard');
    const sidebar = await screen.findByRole('complementary', { name: 'Creator studio navigation' });
    expect(within(sidebar).queryByRole('link', { name: 'Go live' })).not.toBeInTheDocument();
  });

  it('on a phone, names the section in a bar whose Studio button opens the tools in a drawer', async () => {
    renderShell(makePerformer(), '/creator/my-video/upload');
    const open = await screen.findByRole('button', { name: 'Open the creator studio menu' });
    expect(open.parentElement).toHaveTextContent('Videos');
    fireEvent.click(open);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Creator studio')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Earnings' })).toHaveAttribute('href', '/creator/earning');
    expect(within(drawer).getByRole('link', { name: 'Videos' })).toHaveAttribute('aria-current', 'page');
  });

  it('gives a fan on a shared page (/messages) the usual layout, without the studio', async () => {
    renderShell(makeUser(), '/messages');
    expect(await screen.findByText('Studio page')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Creator studio navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open the creator studio menu' })).not.toBeInTheDocument();
  });
});

describe('activeStudioKey', () => {
  it('marks the section of a page and of its sub-pages', () => {
    expect(activeStudioKey('/creator/dashboard')).toBe('dashboard');
    expect(activeStudioKey('/creator/my-post/123/edit')).toBe('posts');
    expect(activeStudioKey('/creator/security')).toBe('account');
    expect(activeStudioKey('/messages?conversationId=5')).toBe('messages');
    expect(activeStudioKey('/creator')).toBeUndefined();
    expect(activeStudioKey('/home')).toBeUndefined();
  });
});
