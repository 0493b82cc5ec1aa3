import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useRouter } from 'next/router';
import type { Feed } from '@/common/contract/feeds';
import type { PerformerPublic } from '@/common/contract/performers';
import { TimelineSection } from '@/client/features/feeds/components/timeline-section';
import { ProfileFeedTab } from '@/client/features/feeds/components/profile-feed-tab';
import { BookmarkedPosts } from '@/client/features/feeds/components/bookmarked-posts';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { creatorUser, makeFeed, renderFeedUi } from './feed-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();
beforeEach(() => {
  jest.mocked(useRouter).mockReturnValue({ query: {}, pathname: '/home', asPath: '/home', push: jest.fn() } as unknown as ReturnType<typeof useRouter>);
  server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })));
});

const posts = (n: number, text: string) => Array.from({ length: n }, (_, i) => makeFeed({ text: `<p>${text} ${i + 1}</p>` }));

describe('TimelineSection (/home)', () => {
  it('shows the newest posts and loads older ones with the cursor of the page before', async () => {
    const first = posts(10, 'New');
    const second = posts(2, 'Old');
    const queries: Record<string, string>[] = [];
    server.use(
      http.get(api('/user/feeds'), ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        queries.push(query);
        const page = query.cursor === 'c1' ? { data: second, hasMore: false, nextCursor: null } : { data: first, hasMore: true, nextCursor: 'c1' };
        return HttpResponse.json({ data: page });
      }),
    );
    renderFeedUi(<TimelineSection />, makeUser());
    expect(await screen.findByText('New 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your feed' })).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more posts' }));
    });
    expect(await screen.findByText('Old 2')).toBeInTheDocument();
    expect(queries).toEqual([{ limit: '10' }, { limit: '10', cursor: 'c1' }]);
    expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(12);
  });

  it('points to the explore page when the fan follows nobody', async () => {
    server.use(http.get(api('/user/feeds'), () => HttpResponse.json({ data: { data: [], hasMore: false, nextCursor: null } })));
    renderFeedUi(<TimelineSection />, makeUser());
    expect(await screen.findByText('Posts from the creators you follow or subscribe to will show up here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Explore creators/ })).toHaveAttribute('href', '/creator');
  });

  it('shows the error with a way to try again', async () => {
    let fail = true;
    server.use(http.get(api('/user/feeds'), () => (fail
      ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Database is down' }, { status: 500 })
      : HttpResponse.json({ data: { data: posts(1, 'Back'), hasMore: false, nextCursor: null } }))));
    renderFeedUi(<TimelineSection />, makeUser());
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    });
    expect(await screen.findByText('Back 1')).toBeInTheDocument();
  });
});

describe('ProfileFeedTab', () => {
  const performer = { _id: creatorUser()._id, username: 'aurora', name: 'Aurora Sky' } as PerformerPublic;

  it('lists the creator\'s posts, filters by kind and loads more', async () => {
    const queries: Record<string, string>[] = [];
    server.use(
      http.get(api('/user/feeds/search/aurora'), ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        queries.push(query);
        const all: Feed[] = query.type === 'poll' ? posts(1, 'Poll post') : posts(12, 'Post');
        const offset = Number(query.offset);
        return HttpResponse.json({ data: { data: all.slice(offset, offset + 10), total: all.length } });
      }),
    );
    renderFeedUi(<ProfileFeedTab performer={performer} isOwner={false} />, makeUser());
    expect(await screen.findByText('Post 1')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more posts' }));
    });
    expect(await screen.findByText('Post 12')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByText('Polls'));
    });
    expect(await screen.findByText('Poll post 1')).toBeInTheDocument();
    expect(queries.map((q) => [q.offset, q.type])).toEqual([['0', undefined], ['10', undefined], ['0', 'poll']]);
  });

  it('invites the creator to post when there is nothing yet', async () => {
    server.use(http.get(api('/user/feeds/search/aurora'), () => HttpResponse.json({ data: { data: [], total: 0 } })));
    renderFeedUi(<ProfileFeedTab performer={performer} isOwner />, creatorUser());
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /post/i }).map((a) => a.getAttribute('href'))).toContain('/creator/my-post/create');
  });
});

describe('BookmarkedPosts', () => {
  it('lists bookmarked posts by page from the query string, and has an empty state', async () => {
    const queries: Record<string, string>[] = [];
    server.use(http.get(api('/reactions/feeds/bookmark'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ data: { data: [makeFeed({ text: '<p>Saved one</p>', isBookmarked: true })], total: 11 } });
    }));
    jest.mocked(useRouter).mockReturnValue({ query: { tab: 'posts', current: '2' }, pathname: '/user/bookmarks', asPath: '/user/bookmarks', push: jest.fn() } as unknown as ReturnType<typeof useRouter>);
    renderFeedUi(<BookmarkedPosts />, makeUser());
    expect(await screen.findByText('Saved one')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(queries[0]).toEqual({ offset: '10', limit: '10' }));
  });

  it('says so when nothing is bookmarked', async () => {
    server.use(http.get(api('/reactions/feeds/bookmark'), () => HttpResponse.json({ data: { data: [], total: 0 } })));
    renderFeedUi(<BookmarkedPosts />, makeUser());
    expect(await screen.findByText('You have not bookmarked any posts yet')).toBeInTheDocument();
  });
});
