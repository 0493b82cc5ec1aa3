import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { useRouter } from 'next/router';
import type { MenuItem } from '@/common/constants/settings';
import { makeStore } from '@/client/store/store';
import { updateUIValue } from '@/client/features/ui/ui.slice';
import { HeaderNav } from '@/client/layouts/header-nav';
import { UserMenu } from '@/client/layouts/user-menu';
import { AccountActions } from '@/client/layouts/account-actions';
import { ThemeProvider } from '@/client/theme/theme-provider';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import '../features/discovery/dom-stubs';
import { makePerformer } from '../fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.mock('next/dynamic', () => jest.requireActual('../../support/next-dynamic').nextDynamicAsLazy());

function renderWith(ui: React.ReactNode, menus: MenuItem[] = [], signedIn = false) {
  jest.mocked(useRouter).mockReturnValue({ pathname: '/creator', asPath: '/creator?gender=female', query: {}, push: jest.fn() } as unknown as ReturnType<typeof useRouter>);
  const store = makeStore();
  store.dispatch(updateUIValue({ menus }));
  if (signedIn) {
    store.dispatch(setCurrentUser(makePerformer({ username: 'aurora' })));
    store.dispatch(loginSuccess(makePerformer({ username: 'aurora' })));
  }
  render(<Provider store={store}>{ui}</Provider>);
  return store;
}

describe('Header navigation', () => {
  it('shows Explore to everyone, marked as the current page on /creator', () => {
    renderWith(<HeaderNav />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const explore = within(nav).getByRole('link', { name: /explore/i });
    expect(explore).toHaveAttribute('href', '/creator');
    expect(explore).toHaveAttribute('aria-current', 'page');
  });

  it('puts the operator menus after it, and never shows Explore twice', () => {
    renderWith(<HeaderNav />, [
      { title: 'Discover', path: '/creator', section: 'header' } as MenuItem,
      { title: 'Blog', path: 'https://blog.example.com', section: 'header' } as MenuItem,
      { title: 'Terms', path: '/terms', section: 'footer' } as MenuItem,
    ]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent?.trim())).toEqual(['Discover', 'Blog']);
  });

  it('opens the phone menu (its own chunk) with the same links and the theme switch', async () => {
    renderWith(<ThemeProvider><HeaderNav /></ThemeProvider>, [{ title: 'Blog', path: 'https://blog.example.com', section: 'header', isNewTab: true } as MenuItem]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: /explore/i })).toHaveAttribute('href', '/creator');
    expect(within(drawer).getByRole('link', { name: 'Blog' })).toHaveAttribute('target', '_blank');
    expect(within(drawer).getByTestId('theme-switch')).toBeInTheDocument();
  });
});

describe('Header account actions', () => {
  it('offers Sign in (back to this page) and Sign up to a visitor', () => {
    renderWith(<AccountActions />);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/auth/login?redirect=${encodeURIComponent('/creator?gender=female')}`);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/register');
    expect(screen.queryByTestId('user-menu')).not.toBeInTheDocument();
  });

  it('shows a signed-in person the account menu from its own chunk instead', async () => {
    renderWith(<AccountActions />, [], true);
    expect(await screen.findByTestId('user-menu')).toBeInTheDocument();
    expect(screen.getByTestId('messages-badge')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});

describe('Account menu', () => {
  it('gives a creator a short menu with the studio link and none of the studio\'s tools', async () => {
    renderWith(<UserMenu />, [], true);
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(await screen.findByRole('link', { name: 'Creator studio' })).toHaveAttribute('href', '/creator/dashboard');
    for (const [name, href] of [
      ['My profile', '/aurora'],
      ['Home feed', '/home'],
      ['Wallet', '/wallet'],
      ['Account settings', '/creator/account'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByText('Log out')).toBeInTheDocument();
    for (const name of ['Followers', 'Blacklist', 'Blocked countries', 'My posts', 'Earnings', 'Creator tools']) {
      expect(screen.queryByText(name)).not.toBeInTheDocument();
    }
  });
});
