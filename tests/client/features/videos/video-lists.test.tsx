import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Video } from '@/common/contract/videos';
import type { PerformerPublic } from '@/common/contract/performers';
import { ProfileVideosTab } from '@/client/features/videos/components/profile-videos-tab';
import { BookmarkedVideos } from '@/client/features/videos/components/bookmarked-videos';
import { MyVideosPage } from '@/client/features/videos/components/my-videos-page';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformer, makeUser } from '../../fixtures';
import { lastPushedQuery, mockRouter } from '../discovery/render-page';
import { CREATOR_ID, lockedFile, makeFile, makeVideo } from './video-fixtures';
import { renderWithStore } from './render-video';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

beforeEach(() => {
  server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })));
});
afterEach(() => jest.restoreAllMocks());

function serveList(path: string, items: Video[], total = items.length) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api(path), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ data: { data: items, total } });
    }),
  );
  return queries;
}

const performer = { _id: CREATOR_ID, username: 'creator', name: 'Creator' } as PerformerPublic;

describe('ProfileVideosTab', () => {
  it('shows cards with duration, views, and a lock badge with the price on locked videos', async () => {
    const free = makeVideo({ title: 'Free one', duration: 125, stats: { likes: 1, bookmarks: 0, comments: 0, views: 1500 } });
    const paid = makeVideo({
      title: 'Paid one', access: 'sale', price: 7.5, isLocked: true, unlockedBy: null, video: lockedFile(),
      thumbnail: makeFile({ type: 'video-thumbnail', kind: 'image', thumbnails: ['http://api.test/t/cover.webp'] }),
    });
    const queries = serveList('/performer-assets/videos/search', [free, paid], 14);
    mockRouter({ tab: 'videos', current: '2', tag: 'beach' }, '/[profileId]');
    renderWithStore(<ProfileVideosTab performer={performer} isOwner={false} />, makeUser());
    const paidCard = await screen.findByRole('article', { name: 'Paid one' });
    const card = within(paidCard);
    expect(card.getByText('7.50 tokens')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Paid one' })).toHaveAttribute('href', `/video/${paid._id}`);
    // The creator's own thumbnail is public marketing: shown as it is.
    expect(paidCard.querySelector('img')!.getAttribute('src')).toBe('http://api.test/t/cover.webp');
    const freeCard = within(screen.getByRole('article', { name: 'Free one' }));
    expect(freeCard.getByLabelText('Duration 2:05')).toBeInTheDocument();
    expect(freeCard.getByLabelText('1500 views')).toHaveTextContent('1.5K');
    expect(freeCard.queryByText(/tokens/)).not.toBeInTheDocument();
    expect(queries[0]).toEqual({ performerId: CREATOR_ID, offset: '12', limit: '12', sortBy: 'newest', tag: 'beach' });
    expect(screen.getByText('#beach')).toBeInTheDocument();
  });

  it('uses the blurred preview of a locked video without a thumbnail', async () => {
    const main = lockedFile();
    serveList('/performer-assets/videos/search', [makeVideo({ title: 'Blurred', isLocked: true, access: 'subscribers', video: main })]);
    mockRouter({ tab: 'videos' }, '/[profileId]');
    renderWithStore(<ProfileVideosTab performer={performer} isOwner={false} />);
    const card = await screen.findByRole('article', { name: 'Blurred' });
    expect(card.querySelector('img')!.getAttribute('src')).toBe(main.preview);
    expect(within(card).getByText('Subscribers')).toBeInTheDocument();
  });

  it('sorts by views through the query string', async () => {
    serveList('/performer-assets/videos/search', [makeVideo()]);
    const push = mockRouter({ tab: 'videos' }, '/[profileId]');
    renderWithStore(<ProfileVideosTab performer={performer} isOwner={false} />);
    await screen.findByRole('article');
    await act(async () => {
      fireEvent.click(screen.getByText('Most viewed'));
    });
    expect(lastPushedQuery(push)).toMatchObject({ tab: 'videos', sortBy: 'popular' });
  });

  it('has empty and error states', async () => {
    serveList('/performer-assets/videos/search', []);
    mockRouter({ tab: 'videos' }, '/[profileId]');
    renderWithStore(<ProfileVideosTab performer={performer} isOwner={false} />);
    expect(await screen.findByText('No videos yet')).toBeInTheDocument();
  });

  it('offers a retry when the list fails', async () => {
    let fail = true;
    server.use(http.get(api('/performer-assets/videos/search'), () => (fail
      ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong, please try again later' }, { status: 500 })
      : HttpResponse.json({ data: { data: [makeVideo({ title: 'Back again' })], total: 1 } }))));
    mockRouter({ tab: 'videos' }, '/[profileId]');
    renderWithStore(<ProfileVideosTab performer={performer} isOwner />);
    expect(await screen.findByText('We could not load the videos')).toBeInTheDocument();
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    });
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });
});

describe('BookmarkedVideos', () => {
  it('lists bookmarked videos and has an empty state', async () => {
    const queries = serveList('/reactions/videos/bookmark', [makeVideo({ title: 'Saved clip' })]);
    mockRouter({ tab: 'videos' }, '/user/bookmarks');
    renderWithStore(<BookmarkedVideos />, makeUser());
    expect(await screen.findByText('Saved clip')).toBeInTheDocument();
    expect(queries[0]).toEqual({ offset: '0', limit: '12' });
  });
});

describe('MyVideosPage', () => {
  it('shows each video\'s processing state, failure reason, access and publication', async () => {
    const items = [
      makeVideo({ title: 'Cooking', video: makeFile({ status: 'processing', url: null }), status: 'draft' }),
      makeVideo({ title: 'Broken', video: makeFile({ status: 'failed', url: null, failureReason: 'The video could not be read: it may be damaged or in an unsupported format' }) }),
      makeVideo({ title: 'Paid', access: 'sale', price: 4.99, isScheduled: true, publishAt: '2030-01-01T10:00:00.000Z' }),
    ];
    const queries = serveList('/performer/performer-assets/videos/search', items);
    mockRouter({ q: 'cook', status: 'draft' }, '/creator/my-video');
    renderWithStore(<MyVideosPage />, makePerformer());
    expect(await screen.findByText('Cooking')).toBeInTheDocument();
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]).getByText('Processing…')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Draft')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/could not be read/)).toBeInTheDocument();
    expect(within(rows[2]).getByText('For sale · 4.99 tokens')).toBeInTheDocument();
    expect(within(rows[2]).getByText(/^Scheduled/)).toBeInTheDocument();
    expect(within(rows[2]).getByText('Ready')).toBeInTheDocument();
    expect(queries[0]).toEqual({ offset: '0', limit: '10', sortBy: 'updatedAt', sort: 'desc', q: 'cook', status: 'draft' });
  });

  it('deletes a video after confirming, with "Video deleted"', async () => {
    const video = makeVideo({ title: 'Goodbye' });
    const success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    const deleted: string[] = [];
    let items = [video];
    server.use(
      http.get(api('/performer/performer-assets/videos/search'), () => HttpResponse.json({ data: { data: items, total: items.length } })),
      http.delete(api('/performer/performer-assets/videos/:id'), ({ params }) => {
        deleted.push(String(params.id));
        items = [];
        return HttpResponse.json({ data: { success: true } });
      }),
    );
    mockRouter({}, '/creator/my-video');
    renderWithStore(<MyVideosPage />, makePerformer());
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete Goodbye' }));
    });
    expect(deleted).toEqual([]);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    });
    await waitFor(() => expect(deleted).toEqual([video._id]));
    expect(success).toHaveBeenCalledWith('Video deleted');
    expect(await screen.findByText('You have not uploaded any videos yet')).toBeInTheDocument();
  });
});
