import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { SWRConfig } from 'swr';
import { http, HttpResponse } from 'msw';
import type { Comment } from '@/common/contract/comments';
import type { CurrentUser } from '@/common/contract/users';
import { makeStore, type AppStore } from '@/client/store/store';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { installMatchMedia } from '../../components/match-media';
import { api, server } from '../../../support/msw';

installMatchMedia();

/** What a sign-in starts in the background (the follow saga loads followedIds); call in beforeEach. */
export function serveSignInBackground(): void {
  server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })));
}

/** Renders with a store (signed in as `user` when given) and a fresh SWR cache. */
export function renderWithUser(ui: ReactElement, user?: CurrentUser): AppStore {
  const store = makeStore();
  if (user) {
    store.dispatch(setCurrentUser(user));
    store.dispatch(loginSuccess(user));
  }
  render(
    <Provider store={store}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
    </Provider>,
  );
  return store;
}

let seq = 0;
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const FEED_ID = uuid(999);

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  seq += 1;
  return {
    _id: uuid(seq),
    objectType: 'feed',
    objectId: FEED_ID,
    parentId: null,
    text: `Comment ${seq}`,
    user: { _id: uuid(500 + seq), name: `Person ${seq}`, username: `person${seq}`, avatar: '', isPerformer: false, createdAt: '2025-01-01T00:00:00.000Z' },
    isOwner: false,
    canDelete: false,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    updatedAt: new Date(Date.now() - 60_000).toISOString(),
    totalReplies: 0,
    isHidden: false,
    hiddenReason: null,
    image: null,
    replies: [],
    ...overrides,
  };
}
