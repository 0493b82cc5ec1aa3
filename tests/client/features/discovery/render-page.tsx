import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { SWRConfig } from 'swr';
import { useRouter } from 'next/router';
import type { PerformerCard } from '@/common/contract/performers';
import type { CurrentUser, UserPublic } from '@/common/contract/users';
import { makeStore, type AppStore } from '@/client/store/store';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import './dom-stubs';

/**
 * Shared by the list-page tests. The test file itself must call
 * `jest.mock('next/router', () => ({ useRouter: jest.fn() }))` (jest hoists mocks per file).
 */
export function mockRouter(query: Record<string, string> = {}, pathname = '/') {
  const push = jest.fn(async () => true);
  jest.mocked(useRouter).mockReturnValue({ query, pathname, asPath: pathname, push, replace: jest.fn() } as unknown as ReturnType<typeof useRouter>);
  return push;
}

/** The query of the last router.push (what the URL became). */
export function lastPushedQuery(push: jest.Mock): Record<string, string> {
  const call = push.mock.calls.at(-1) as [{ query: Record<string, string> }] | undefined;
  if (!call) throw new Error('router.push was not called');
  return call[0].query;
}

/** Renders with a store (signed in as `user` when given) and a fresh SWR cache per test. */
export function renderPage(ui: ReactElement, user?: CurrentUser): AppStore {
  const store = makeStore();
  if (user) {
    // What a sign-in leaves behind: the auth flag and the current user (spec 4).
    store.dispatch(setCurrentUser(user));
    store.dispatch(loginSuccess(user));
  }
  render(
    <Provider store={store}>
      <SWRConfig value={{ provider: () => new Map() }}>{ui}</SWRConfig>
    </Provider>,
  );
  return store;
}

let seq = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeCard(overrides: Partial<PerformerCard> = {}): PerformerCard {
  seq += 1;
  return {
    _id: uuid(seq),
    name: `Creator ${seq}`,
    username: `creator${seq}`,
    avatar: '',
    cover: '',
    bioExcerpt: 'Hello there',
    country: 'US',
    gender: 'female',
    verifiedDocument: false,
    isFreeSubscription: false,
    monthlyPrice: 9.95,
    yearlyPrice: 99,
    stats: { posts: 1, photos: 2, videos: 3, followers: 1200, likes: 5, subscribers: 6 },
    isFollowed: false,
    isBookmarked: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeFan(overrides: Partial<UserPublic> = {}): UserPublic {
  seq += 1;
  return {
    _id: uuid(seq),
    name: `Fan ${seq}`,
    username: `fan${seq}`,
    avatar: '',
    isPerformer: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
