import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { GalleryDetailPage } from '@/client/features/galleries/components/gallery-detail';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { renderWithUser, serveSignInBackground } from '../engagement/engagement-render';
import { CREATOR_ID, makeDetail } from './gallery-fixtures';

const mockPush = jest.fn();
jest.mock('next/router', () => ({
  __esModule: true,
  default: { push: (...a: unknown[]) => mockPush(...a), replace: jest.fn() },
  useRouter: () => ({ asPath: '/gallery/abc', query: {}, pathname: '/gallery/[id]', push: mockPush }),
}));

installMswServer();

/** Counts view calls and comment list calls; comments answer an empty list. */
function serveGalleryCalls() {
  const views: string[] = [];
  const commentQueries: string[] = [];
  server.use(
    http.post(api('/performer-assets/galleries/:id/view'), ({ params }) => {
      views.push(String(params.id));
      return HttpResponse.json({ data: { views: 4, counted: true } });
    }),
    http.get(api('/comments'), ({ request }) => {
      commentQueries.push(new URL(request.url).search);
      return HttpResponse.json({ data: { data: [], total: 0 } });
    }),
  );
  return { views, commentQueries };
}

beforeEach(() => serveSignInBackground());

describe('Gallery page (/gallery/[id])', () => {
  it('shows an open gallery as a photo grid with full-size previews, reactions and comments, and counts a view', async () => {
    const calls = serveGalleryCalls();
    const gallery = makeDetail({ title: 'Golden hour', description: 'Line one\nLine two' });
    renderWithUser(<GalleryDetailPage gallery={gallery} />, makeUser());

    expect(screen.getByRole('heading', { name: 'Golden hour' })).toBeInTheDocument();
    expect(screen.getByText(/Line one/)).toBeInTheDocument();
    const photos = within(screen.getByRole('list', { name: 'Photos' }));
    expect(photos.getByRole('img', { name: 'First light' })).toHaveAttribute('src', gallery.photos[0].file.thumbnails[0]);
    expect(photos.getByRole('img', { name: 'Second wave' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Locked gallery/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /report/i })).toBeInTheDocument();
    await waitFor(() => expect(calls.views).toEqual([gallery._id]));
    await waitFor(() => expect(calls.commentQueries.length).toBeGreaterThan(0));
  });

  it('shows a locked gallery as blurred previews under the unlock prompt, with no main file and no comments', async () => {
    const calls = serveGalleryCalls();
    const gallery = makeDetail({ isLocked: true, access: 'sale', price: 5, title: 'Private set' });
    renderWithUser(<GalleryDetailPage gallery={gallery} />, makeUser());

    expect(screen.getByRole('group', { name: 'Locked gallery: 2 photos' })).toBeInTheDocument();
    expect(screen.getByText('Unlock for 5.00 tokens')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Locked photos' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Photos' })).not.toBeInTheDocument();
    for (const img of Array.from(document.body.querySelectorAll('img'))) expect(img.getAttribute('src') ?? '').not.toContain('/main.');
    expect(screen.getByText('Unlock this gallery to see and write comments')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toBeDisabled();
    await waitFor(() => expect(calls.views).toEqual([gallery._id]));
    expect(calls.commentQueries).toEqual([]);
  });

  it('offers the creator a way to manage their gallery instead of reporting it', () => {
    serveGalleryCalls();
    const gallery = makeDetail();
    renderWithUser(<GalleryDetailPage gallery={gallery} />, makeUser({ _id: CREATOR_ID, role: 'performer', isPerformer: true }));
    expect(screen.getByRole('link', { name: /manage gallery/i })).toHaveAttribute('href', `/creator/my-gallery/${gallery._id}`);
    expect(screen.queryByRole('button', { name: /report/i })).not.toBeInTheDocument();
  });

  it('says not found, or not available with the server\'s message', async () => {
    renderWithUser(<GalleryDetailPage gallery={null} />);
    expect(await screen.findByText('This gallery does not exist or is not available.')).toBeInTheDocument();
  });

  it('shows the blocked message', async () => {
    renderWithUser(<GalleryDetailPage gallery={null} notAvailable="This creator is not available to you" />);
    expect(await screen.findByText('This creator is not available to you')).toBeInTheDocument();
  });
});
