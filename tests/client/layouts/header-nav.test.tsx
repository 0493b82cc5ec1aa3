import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { useRouter } from 'next/router';
import type { MenuItem } from '@/common/constants/settings';
import { makeStore } from '@/client/store/store';
import { updateUIValue } from '@/client/features/ui/ui.slice';
import { HeaderNav } from '@/client/layouts/header-nav';
import { UserMenu } from '@/client/layouts/user-menu';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import '../features/discovery/dom-stubs';
import { makePerformer } from '../fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

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
});

describe('Account menu', () => {
  it('lists the creator tools under their own heading', async () => {
    renderWith(<UserMenu />, [], true);
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(await screen.findByText('Creator tools')).toBeInTheDocument();
    for (const [name, href] of [
      ['Explore', '/creator'],
      ['Following', '/user/following'],
      ['Bookmarks', '/user/bookmarks'],
      ['Followers', '/creator/followers'],
      ['Blacklist', '/creator/blacklist'],
      ['Blocked countries', '/creator/block-countries'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });
});
