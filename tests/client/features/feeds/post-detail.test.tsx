import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { NextPageContext } from 'next';
import { PostDetail } from '@/client/features/feeds/components/post-detail';
import { loadPostPage } from '@/client/features/feeds/load-post';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { makeFeed, makeFile, renderFeedUi } from './feed-fixtures';

jest.mock('next/router', () => ({ useRouter: () => ({ asPath: '/post/x', push: jest.fn(), query: {}, pathname: '/post/[id]' }) }));

installMswServer();
beforeEach(() => server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] }))));

const ctx = (id: string) => {
  const res = { statusCode: 200 };
  return { ctx: { query: { id }, req: { headers: { 'x-forwarded-for': '8.8.8.8' }, socket: {} }, res } as unknown as NextPageContext, res };
};

describe('loadPostPage', () => {
  it('loads the post with the visitor\'s address, and maps 404 and 403 to their screens', async () => {
    const feed = makeFeed();
    const seen: (string | null)[] = [];
    server.use(
      http.get(api('/user/feeds/:id'), ({ params, request }) => {
        seen.push(request.headers.get('x-forwarded-for'));
        if (params.id === 'gone') return HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Post not found' }, { status: 404 });
        if (params.id === 'blocked') {
          return HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'This creator is not available to you' }, { status: 403 });
        }
        if (params.id === 'broken') return HttpResponse.json({ statusCode: 500, error: 'Internal', message: 'Boom' }, { status: 500 });
        return HttpResponse.json({ data: feed });
      }),
    );
    const ok = ctx(feed._id);
    expect(await loadPostPage(ok.ctx)).toEqual({ feed });
    expect(seen[0]).toBe('8.8.8.8');
    const gone = ctx('gone');
    expect(await loadPostPage(gone.ctx)).toEqual({ feed: null });
    expect(gone.res.statusCode).toBe(404);
    const blocked = ctx('blocked');
    expect(await loadPostPage(blocked.ctx)).toEqual({ feed: null, notAvailable: 'This creator is not available to you' });
    expect(blocked.res.statusCode).toBe(403);
    const broken = ctx('broken');
    expect(await loadPostPage(broken.ctx)).toEqual({ feed: null, error: 'Boom' });
    expect(broken.res.statusCode).toBe(502);
  });
});

describe('PostDetail', () => {
  it('shows an open post with its comments', async () => {
    const feed = makeFeed({ type: 'photo', files: [makeFile()], text: '<p>Full text of the post</p>' });
    server.use(http.get(api('/comments'), () => HttpResponse.json({ data: { data: [], total: 0 } })));
    renderFeedUi(<PostDetail feed={feed} />, makeUser());
    expect(screen.getByText('Full text of the post')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1 of 1' })).toHaveAttribute('src', feed.files[0].url);
    expect(await screen.findByText('No comments yet. Be the first to say something!')).toBeInTheDocument();
  });

  it('hides the comments of a locked post behind the unlock message and fetches none', () => {
    let asked = false;
    server.use(http.get(api('/comments'), () => {
      asked = true;
      return HttpResponse.json({ data: { data: [], total: 0 } });
    }));
    const feed = makeFeed({ type: 'photo', files: [makeFile({ isLocked: true })], access: 'subscribers', isLocked: true, unlockedBy: null });
    renderFeedUi(<PostDetail feed={feed} />, makeUser());
    expect(screen.getByText('Subscribe to this creator to see and join the conversation')).toBeInTheDocument();
    expect(screen.getByText('Subscribe to unlock')).toBeInTheDocument();
    expect(asked).toBe(false);
  });

  it('has not-found and not-available screens', async () => {
    renderFeedUi(<PostDetail feed={null} />);
    expect(await screen.findByText('This post does not exist, was deleted or is not published yet.')).toBeInTheDocument();
  });

  it('says when the creator is not available to the visitor', async () => {
    renderFeedUi(<PostDetail feed={null} notAvailable="This creator is not available to you" />);
    expect(await screen.findByText('This creator is not available to you')).toBeInTheDocument();
  });
});
