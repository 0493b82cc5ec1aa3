import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { SWRConfig } from 'swr';
import type { Feed, FeedPoll } from '@/common/contract/feeds';
import type { MediaFileView } from '@/common/contract/media';
import type { CurrentUser } from '@/common/contract/users';
import { makeStore, type AppStore } from '@/client/store/store';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import '../discovery/dom-stubs';

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const CREATOR_ID = uuid(1);
let seq = 100;

/** Renders with a store (signed in as `user` when given) and a fresh SWR cache. */
export function renderFeedUi(ui: ReactElement, user?: CurrentUser): AppStore {
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

export function makeFile(overrides: Partial<MediaFileView> = {}): MediaFileView {
  seq += 1;
  const id = overrides._id ?? uuid(seq);
  const locked = overrides.isLocked ?? false;
  return {
    _id: id,
    type: 'feed-photo',
    kind: 'image',
    status: 'ready',
    failureReason: null,
    url: locked ? null : `http://api.test/files/media/${CREATOR_ID}/${id}/main.jpg?sig=x`,
    thumbnails: [locked ? `http://api.test/files/media/${CREATOR_ID}/${id}/preview.webp?sig=x` : `http://api.test/files/media/${CREATOR_ID}/${id}/thumb.webp?sig=x`],
    preview: `http://api.test/files/media/${CREATOR_ID}/${id}/preview.webp?sig=x`,
    width: 640,
    height: 480,
    duration: null,
    mimeType: 'image/jpeg',
    size: 1000,
    name: 'photo.jpg',
    isLocked: locked,
    ...overrides,
  };
}

export function makePoll(overrides: Partial<FeedPoll> = {}): FeedPoll {
  return {
    _id: uuid(900),
    question: 'Best colour?',
    options: [{ _id: uuid(901), text: 'Red', votes: null }, { _id: uuid(902), text: 'Blue', votes: null }],
    voted: null,
    expiresAt: null,
    isClosed: false,
    totalVotes: null,
    canSeeResults: false,
    canVote: true,
    ...overrides,
  };
}

export function makeFeed(overrides: Partial<Feed> = {}): Feed {
  seq += 1;
  return {
    _id: uuid(seq),
    performerId: CREATOR_ID,
    type: 'text',
    text: '<p>Hello fans</p>',
    files: [],
    thumbnail: null,
    teaser: null,
    poll: null,
    isPinned: false,
    performer: { _id: CREATOR_ID, name: 'Aurora Sky', username: 'aurora', avatar: '', isPerformer: true, createdAt: '2024-01-01T00:00:00.000Z' },
    access: 'free',
    price: 0,
    isLocked: false,
    unlockedBy: 'free',
    isSubscribed: false,
    isBought: false,
    status: 'active',
    publishAt: new Date(Date.now() - 3_600_000).toISOString(),
    isScheduled: false,
    isHidden: false,
    hiddenReason: null,
    stats: { likes: 3, bookmarks: 1, comments: 2, views: 0 },
    isLiked: false,
    isBookmarked: false,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    updatedAt: new Date(Date.now() - 3_600_000).toISOString(),
    ...overrides,
  };
}

/** A creator as the current user, owning the fixtures' posts. */
export const creatorUser = (): CurrentUser => ({
  _id: CREATOR_ID, name: 'Aurora Sky', username: 'aurora', email: 'aurora@example.com', avatar: '', cover: '', role: 'performer',
  isPerformer: true, emailVerified: true, balance: 0, createdAt: '2024-01-01T00:00:00.000Z',
});
