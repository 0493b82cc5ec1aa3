import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Comment } from '@/common/contract/comments';
import type { ErrorBody } from '@/common/contract/common';
import { CommentSection } from '@/client/features/engagement/components/comment-section';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformer, makeUser } from '../../fixtures';
import { FEED_ID, makeComment, renderWithUser, serveSignInBackground } from './engagement-render';

const mockPush = jest.fn();
jest.mock('next/router', () => ({
  __esModule: true,
  default: { push: (...a: unknown[]) => mockPush(...a), replace: jest.fn() },
  useRouter: () => ({ asPath: '/post/abc', push: mockPush }),
}));

installMswServer();
let errorToast: jest.SpyInstance;
let successToast: jest.SpyInstance;
beforeEach(() => {
  serveSignInBackground();
  mockPush.mockReset();
  errorToast = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  successToast = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
});
afterEach(() => {
  errorToast.mockRestore();
  successToast.mockRestore();
});

/** A tiny in-memory comments API: GET pages the list, POST adds, DELETE removes. */
function serveComments(initial: Comment[], total = initial.length) {
  let items = [...initial];
  let extra = total - initial.length;
  const queries: Record<string, string>[] = [];
  const posted: unknown[] = [];
  const deleted: string[] = [];
  server.use(
    http.get(api('/comments'), ({ request }) => {
      const q = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(q);
      const offset = Number(q.offset ?? 0);
      const limit = Number(q.limit ?? 10);
      return HttpResponse.json({ data: { data: items.slice(offset, offset + limit), total: items.length + extra } });
    }),
    http.post(api('/comments'), async ({ request }) => {
      const body = (await request.json()) as { text: string };
      posted.push(body);
      const created = makeComment({ text: body.text, isOwner: true, canDelete: true, user: { ...makeComment().user, name: 'Fan One' } });
      items = [created, ...items];
      return HttpResponse.json({ data: created });
    }),
    http.delete(api('/comments/:id'), ({ params }) => {
      deleted.push(params.id as string);
      items = items.filter((c) => c._id !== params.id);
      extra = Math.max(0, extra);
      return HttpResponse.json({ data: { success: true } });
    }),
  );
  return { queries, posted, deleted };
}

/** Clicks Delete in the open "Delete this comment?" confirmation. */
async function confirmDelete() {
  const popup = (await screen.findByText('Delete this comment?')).closest('.ant-popover') as HTMLElement;
  fireEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
}

const section = (canComment = true) => <CommentSection objectType="feed" objectId={FEED_ID} canComment={canComment} lockedMessage="Subscribe to join the conversation" />;

describe('CommentSection', () => {
  it('lists comments with their replies and loads more pages', async () => {
    const first = Array.from({ length: 10 }, (_, i) => makeComment({ text: `<p>Top ${i}</p>` }));
    first[0] = makeComment({
      text: '<p>Has replies</p>', totalReplies: 4,
      replies: [makeComment({ text: 'First reply', parentId: 'x' }), makeComment({ text: 'Second reply', parentId: 'x' })],
    });
    const { queries } = serveComments([...first, makeComment({ text: 'Eleventh' })]);
    renderWithUser(section(), makeUser());
    expect(await screen.findByText('Has replies')).toBeInTheDocument();
    expect(screen.getByText('Second reply')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View 2 more replies' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (11)' })).toBeInTheDocument();
    expect(queries[0]).toEqual({ objectType: 'feed', objectId: FEED_ID, offset: '0', limit: '10' });

    fireEvent.click(screen.getByRole('button', { name: 'Hide replies' }));
    expect(screen.queryByText('Second reply')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show replies (4)' }));
    expect(screen.getByText('Second reply')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await screen.findByText('Eleventh')).toBeInTheDocument();
    expect(queries.at(-1)).toMatchObject({ offset: '10' });
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
  });

  it('posts a comment as escaped text with line breaks and shows it', async () => {
    const { posted } = serveComments([makeComment({ text: 'Older' })]);
    renderWithUser(section(), makeUser());
    await screen.findByText('Older');
    const box = screen.getByRole('textbox', { name: 'Comment' });
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    fireEvent.change(box, { target: { value: 'Hi <b>there</b>\nsecond line' } });
    expect(screen.getByText(/27 \/ 2000/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(posted).toEqual([{ objectType: 'feed', objectId: FEED_ID, text: 'Hi &lt;b&gt;there&lt;/b&gt;<br>second line' }]));
    expect(await screen.findByText(/Hi <b>there<\/b>/)).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
    expect(successToast).toHaveBeenCalledWith('Comment posted');
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('keeps the text and shows the message when posting fails', async () => {
    serveComments([]);
    const refused: ErrorBody = { statusCode: 400, error: 'Bad Request', message: 'Comment cannot be empty' };
    server.use(http.post(api('/comments'), () => HttpResponse.json(refused, { status: 400 })));
    renderWithUser(section(), makeUser());
    expect(await screen.findByText('No comments yet. Be the first to say something!')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Comment cannot be empty'));
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('hello');
  });

  it('deletes my own comment after confirming', async () => {
    const mine = makeComment({ text: 'Mine to delete', isOwner: true, canDelete: true });
    const { deleted } = serveComments([mine, makeComment({ text: 'Someone else' })]);
    renderWithUser(section(), makeUser());
    const article = (await screen.findByText('Mine to delete')).closest('article')!;
    expect(within(article).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    fireEvent.click(within(article).getByRole('button', { name: 'Delete' }));
    await confirmDelete();
    await waitFor(() => expect(deleted).toEqual([mine._id]));
    await waitFor(() => expect(screen.queryByText('Mine to delete')).not.toBeInTheDocument());
    expect(successToast).toHaveBeenCalledWith('Comment deleted');
    // Someone else's comment has no edit or delete for a fan, only a report.
    const other = screen.getByText('Someone else').closest('article')!;
    expect(within(other).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Report' })).toBeInTheDocument();
  });

  it('lets the creator of the item delete a fan\'s comment', async () => {
    const fans = makeComment({ text: 'Spam from a fan', canDelete: true });
    const { deleted } = serveComments([fans]);
    renderWithUser(section(), makePerformer());
    const article = (await screen.findByText('Spam from a fan')).closest('article')!;
    expect(within(article).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    fireEvent.click(within(article).getByRole('button', { name: 'Delete' }));
    await confirmDelete();
    await waitFor(() => expect(deleted).toEqual([fans._id]));
  });

  it('shows the error with a retry, and the locked message without calling the API', async () => {
    let fail = true;
    server.use(
      http.get(api('/comments'), () =>
        fail
          ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong, please try again later' }, { status: 500 })
          : HttpResponse.json({ data: { data: [makeComment({ text: 'Back again' })], total: 1 } }),
      ),
    );
    renderWithUser(section(), makeUser());
    expect(await screen.findByText('We could not load the comments')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('shows the locked message and asks signed-out visitors to sign in', async () => {
    const calls = jest.fn();
    server.use(http.get(api('/comments'), () => (calls(), HttpResponse.json({ data: { data: [], total: 0 } }))));
    renderWithUser(section(false));
    expect(screen.getByText('Subscribe to join the conversation')).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('sends a signed-out reader to sign in to comment', async () => {
    serveComments([makeComment({ text: 'Readable' })]);
    renderWithUser(section());
    await screen.findByText('Readable');
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in to comment' }));
    expect(mockPush).toHaveBeenCalledWith(`/auth/login?redirect=${encodeURIComponent('/post/abc')}`);
  });
});
