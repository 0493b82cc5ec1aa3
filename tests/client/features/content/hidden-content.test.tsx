import { cleanup, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MyPostsPage } from '@/client/features/feeds/components/my-posts-page';
import { PostDetail } from '@/client/features/feeds/components/post-detail';
import { MyVideosPage } from '@/client/features/videos/components/my-videos-page';
import { MyStorePage } from '@/client/features/products/components/my-store-page';
import { GalleryCard } from '@/client/features/galleries/components/gallery-card';
import { CommentItem } from '@/client/features/engagement/components/comment-item';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformer } from '../../fixtures';
import { installMatchMedia } from '../../components/match-media';
import { mockRouter, renderPage } from '../discovery/render-page';
import { creatorUser, makeFeed, renderFeedUi } from '../feeds/feed-fixtures';
import { makeVideo } from '../videos/video-fixtures';
import { makeOwnProduct } from '../products/product-fixtures';
import { makeGallery } from '../galleries/gallery-fixtures';
import { makeComment, renderWithUser, serveSignInBackground } from '../engagement/engagement-render';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(60_000);
installMswServer();

beforeEach(() => {
  installMatchMedia();
  serveSignInBackground();
  server.use(
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
  );
});
afterEach(() => jest.restoreAllMocks());

const page = <T,>(path: string, items: T[]) =>
  server.use(http.get(api(path), () => HttpResponse.json({ data: { data: items, total: items.length } })));

/**
 * The creator's side of moderation: an item the operators hid stays in the creator's own lists
 * and pages, tagged "Hidden by the moderators: <reason>"; nothing is tagged otherwise.
 */
describe('hidden content, as its creator sees it', () => {
  it('tags a hidden post in "My posts" with the reason', async () => {
    mockRouter({}, '/creator/my-post');
    page('/performer/feeds', [
      makeFeed({ text: '<p>Kept</p>' }),
      makeFeed({ text: '<p>Taken down</p>', isHidden: true, hiddenReason: 'Shows another person without consent' }),
    ]);
    renderFeedUi(<MyPostsPage />, creatorUser());
    expect(await screen.findByText('Taken down')).toBeInTheDocument();
    const rows = within(screen.getByRole('region', { name: 'My posts' })).getAllByRole('listitem');
    expect(within(rows[0]).queryByTestId('hidden-tag')).toBeNull();
    expect(within(rows[1]).getByTestId('hidden-tag')).toHaveTextContent('Hidden by the moderators: Shows another person without consent');
  });

  it('tags a hidden video in "My videos"', async () => {
    mockRouter({}, '/creator/my-video');
    page('/performer/performer-assets/videos/search', [makeVideo({ title: 'Visible' }), makeVideo({ title: 'Gone', isHidden: true, hiddenReason: 'Copyright' })]);
    renderPage(<MyVideosPage />, makePerformer());
    expect(await screen.findByText('Hidden by the moderators: Copyright')).toBeInTheDocument();
    expect(screen.getAllByTestId('hidden-tag')).toHaveLength(1);
  });

  it('tags a hidden product in "My store"', async () => {
    mockRouter({}, '/creator/my-store');
    page('/performer/performer-assets/products/search', [makeOwnProduct({ name: 'Mug', isHidden: true, hiddenReason: 'Counterfeit' }), makeOwnProduct({ name: 'Shirt' })]);
    renderPage(<MyStorePage />, makePerformer());
    expect(await screen.findByText('Hidden by the moderators: Counterfeit')).toBeInTheDocument();
    expect(screen.getAllByTestId('hidden-tag')).toHaveLength(1);
  });

  it('tags a hidden gallery on the creator\'s own card only', () => {
    const gallery = makeGallery({ title: 'Holiday', isHidden: true, hiddenReason: 'Nudity in a free gallery' });
    const { rerender } = render(<GalleryCard gallery={gallery} href="/creator/my-gallery/g" showStatus />);
    expect(screen.getByTestId('hidden-tag')).toHaveTextContent('Hidden by the moderators: Nudity in a free gallery');
    rerender(<GalleryCard gallery={{ ...gallery, isHidden: false, hiddenReason: null }} href="/creator/my-gallery/g" showStatus />);
    expect(screen.queryByTestId('hidden-tag')).toBeNull();
  });

  it('shows the reason at the top of the hidden post\'s page', async () => {
    mockRouter({}, '/post/x');
    server.use(http.get(api('/comments'), () => HttpResponse.json({ data: { data: [], total: 0 } })));
    renderFeedUi(<PostDetail feed={makeFeed({ text: '<p>Mine</p>', isHidden: true, hiddenReason: 'Spam links' })} />, creatorUser());
    expect(await screen.findByText('Hidden by the moderators: Spam links')).toBeInTheDocument();
    expect(screen.getByText(/Nobody but you can see this post/)).toBeInTheDocument();
  });

  it('marks a removed comment for its author (who may delete but not edit it) and operators (no report)', () => {
    renderWithUser(
      <CommentItem comment={makeComment({ text: '<p>Oops</p>', isOwner: true, canDelete: true, isHidden: true, hiddenReason: 'Insults' })} onChanged={() => undefined} />,
      makePerformer(),
    );
    expect(screen.getByText('Removed by the moderators: Insults')).toBeInTheDocument();
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.getByText('Delete')).toBeInTheDocument();
    cleanup();
    renderWithUser(
      <CommentItem comment={makeComment({ isOwner: false, canDelete: true, isHidden: true, hiddenReason: null })} onChanged={() => undefined} />,
      makePerformer({ role: 'admin', isPerformer: false }),
    );
    expect(screen.getByText('Removed by the moderators')).toBeInTheDocument();
    expect(screen.queryByText('Report')).toBeNull();
  });
});
