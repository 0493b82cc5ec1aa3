import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { delay, http, HttpResponse } from 'msw';
import type { FollowState } from '@/common/contract/social';
import type { ErrorBody } from '@/common/contract/common';
import { makeStore, type AppStore } from '@/client/store/store';
import { loginSuccess } from '@/client/features/auth/auth.slice';
import { FollowButton } from '@/client/features/follow/components/follow-button';
import { BookmarkButton } from '@/client/features/follow/components/bookmark-button';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';

const mockPush = jest.fn();
jest.mock('next/router', () => ({
  __esModule: true,
  default: { push: (...a: unknown[]) => mockPush(...a), replace: jest.fn() },
  useRouter: () => ({ asPath: '/aurora?tab=feed', push: mockPush }),
}));

installMswServer();
let errorToast: jest.SpyInstance;
beforeEach(() => {
  mockPush.mockReset();
  errorToast = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => errorToast.mockRestore());

const ID = '7b0c1f9e-9a51-4d6e-8a51-2f3b1b7b2a10';
const followState = (isFollowed: boolean): FollowState => ({ performerId: ID, isFollowed, followers: isFollowed ? 11 : 10 });
const forbidden: ErrorBody = { statusCode: 403, error: 'Forbidden', message: 'This creator is not available to you' };

function signedInStore(): AppStore {
  const store = makeStore();
  store.dispatch(loginSuccess(makeUser()));
  return store;
}

function renderButtons(store: AppStore, buttons: React.ReactNode) {
  render(<Provider store={store}>{buttons}</Provider>);
}

const followButtons = () => screen.getAllByRole('button', { name: /follow/i });

describe('FollowButton', () => {
  it('shows the state from isFollowed and seeds followedIds', () => {
    const store = signedInStore();
    renderButtons(store, <FollowButton performerId={ID} isFollowed />);
    expect(screen.getByRole('button', { name: /following/i })).toHaveAttribute('aria-pressed', 'true');
    expect(store.getState().follow.followedIds).toEqual([ID]);
  });

  it('turns optimistically, shows a spinner while pending, and keeps the state on success', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.post(api(`/follows/${ID}`), async () => {
        await new Promise<void>((r) => (answer = r));
        return HttpResponse.json({ data: followState(true) });
      }),
    );
    const onChange = jest.fn();
    const store = signedInStore();
    renderButtons(store, <FollowButton performerId={ID} isFollowed={false} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    const button = await screen.findByRole('button', { name: /following/i });
    expect(store.getState().follow.followedIds).toEqual([ID]);
    expect(button).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer!());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(followState(true)));
    expect(screen.getByRole('button', { name: /following/i })).not.toHaveAttribute('aria-busy');
    expect(store.getState().follow.followedIds).toEqual([ID]);
  });

  it('reverts and shows the server message when the API refuses', async () => {
    server.use(http.post(api(`/follows/${ID}`), () => HttpResponse.json(forbidden, { status: 403 })));
    const store = signedInStore();
    renderButtons(store, <FollowButton performerId={ID} isFollowed={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('This creator is not available to you'));
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(store.getState().follow.followedIds).toEqual([]);
  });

  it('unfollows, and two buttons for the same creator agree', async () => {
    server.use(
      http.delete(api(`/follows/${ID}`), async () => {
        await delay(20);
        return HttpResponse.json({ data: followState(false) });
      }),
    );
    const store = signedInStore();
    renderButtons(
      store,
      <>
        <FollowButton performerId={ID} isFollowed />
        <FollowButton performerId={ID} isFollowed size="small" />
      </>,
    );
    expect(followButtons().map((b) => b.textContent)).toEqual(['Following', 'Following']);
    fireEvent.click(followButtons()[1]);
    await waitFor(() => expect(followButtons().map((b) => b.textContent)).toEqual(['Follow', 'Follow']));
    expect(store.getState().follow.followedIds).toEqual([]);
  });

  it('sends a signed-out visitor to sign in and back, without calling the API', async () => {
    const calls = jest.fn();
    server.use(http.post(api(`/follows/${ID}`), () => (calls(), HttpResponse.json({ data: followState(true) }))));
    const store = makeStore();
    renderButtons(store, <FollowButton performerId={ID} isFollowed={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(mockPush).toHaveBeenCalledWith(`/auth/login?redirect=${encodeURIComponent('/aurora?tab=feed')}`);
    expect(calls).not.toHaveBeenCalled();
    expect(store.getState().follow.followedIds).toEqual([]);
  });
});

describe('BookmarkButton', () => {
  it('bookmarks with a performer bookmark reaction and reverts on failure', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/reactions'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(forbidden, { status: 403 });
      }),
    );
    renderButtons(signedInStore(), <BookmarkButton performerId={ID} isBookmarked={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(screen.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('This creator is not available to you'));
    expect(screen.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false');
    expect(bodies).toEqual([{ objectType: 'performer', objectId: ID, action: 'bookmark' }]);
  });

  it('removes a bookmark', async () => {
    server.use(
      http.delete(api('/reactions'), () =>
        HttpResponse.json({ data: { objectType: 'performer', objectId: ID, action: 'bookmark', active: false, total: 0 } }),
      ),
    );
    renderButtons(signedInStore(), <BookmarkButton performerId={ID} isBookmarked />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove bookmark' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bookmark' })).not.toHaveAttribute('aria-busy'));
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to sign in', () => {
    renderButtons(makeStore(), <BookmarkButton performerId={ID} isBookmarked={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(mockPush).toHaveBeenCalledWith(`/auth/login?redirect=${encodeURIComponent('/aurora?tab=feed')}`);
  });
});
