import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ErrorBody } from '@/common/contract/common';
import { ReactionBar } from '@/client/features/engagement/components/reaction-bar';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { FEED_ID, renderWithUser, serveSignInBackground } from './engagement-render';

const mockPush = jest.fn();
jest.mock('next/router', () => ({
  __esModule: true,
  default: { push: (...a: unknown[]) => mockPush(...a), replace: jest.fn() },
  useRouter: () => ({ asPath: '/post/abc', push: mockPush }),
}));

installMswServer();
let errorToast: jest.SpyInstance;
beforeEach(() => {
  serveSignInBackground();
  mockPush.mockReset();
  errorToast = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => errorToast.mockRestore());

const state = (action: string, active: boolean, total: number) => ({ data: { objectType: 'feed', objectId: FEED_ID, action, active, total } });
const bar = (props: Partial<Parameters<typeof ReactionBar>[0]> = {}) => (
  <ReactionBar objectType="feed" objectId={FEED_ID} isLiked={false} isBookmarked={false} stats={{ likes: 4, bookmarks: 1 }} {...props} />
);
const likeCount = () => screen.getByTestId('like-count').textContent;

describe('ReactionBar', () => {
  it('likes optimistically, then shows the server\'s total', async () => {
    const bodies: unknown[] = [];
    let answer: (() => void) | undefined;
    server.use(
      http.post(api('/reactions'), async ({ request }) => {
        bodies.push(await request.json());
        await new Promise<void>((r) => (answer = r));
        return HttpResponse.json(state('like', true, 7));
      }),
    );
    renderWithUser(bar(), makeUser());
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(screen.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
    expect(likeCount()).toBe('5');
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer!());
    await waitFor(() => expect(likeCount()).toBe('7'));
    expect(bodies).toEqual([{ objectType: 'feed', objectId: FEED_ID, action: 'like' }]);
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('reverts and shows the server\'s message when the like is refused', async () => {
    const refused: ErrorBody = { statusCode: 403, error: 'Forbidden', message: 'Unlock this post to like it' };
    server.use(http.post(api('/reactions'), () => HttpResponse.json(refused, { status: 403 })));
    renderWithUser(bar(), makeUser());
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(likeCount()).toBe('5');
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Unlock this post to like it'));
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    expect(likeCount()).toBe('4');
  });

  it('reverts an unlike with the generic message when the network fails', async () => {
    server.use(http.delete(api('/reactions'), () => HttpResponse.error()));
    renderWithUser(bar({ isLiked: true }), makeUser());
    fireEvent.click(screen.getByRole('button', { name: 'Unlike' }));
    expect(likeCount()).toBe('3');
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Something went wrong, please try again later'));
    expect(screen.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
    expect(likeCount()).toBe('4');
  });

  it('bookmarks a locked item while its like stays disabled', async () => {
    server.use(http.post(api('/reactions'), () => HttpResponse.json(state('bookmark', true, 2))));
    renderWithUser(bar({ locked: true }), makeUser());
    expect(screen.getByRole('button', { name: 'Like' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    await waitFor(() => expect(screen.getByTestId('bookmark-count').textContent).toBe('2'));
    expect(screen.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sends a signed-out visitor to sign in without calling the API', () => {
    const calls = jest.fn();
    server.use(http.post(api('/reactions'), () => (calls(), HttpResponse.json(state('like', true, 5)))));
    renderWithUser(bar());
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bookmark' }));
    expect(mockPush).toHaveBeenCalledWith(`/auth/login?redirect=${encodeURIComponent('/post/abc')}`);
    expect(calls).not.toHaveBeenCalled();
    expect(likeCount()).toBe('4');
  });
});
