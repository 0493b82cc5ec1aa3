import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Gallery } from '@/common/contract/galleries';
import { ProfileGalleriesTab } from '@/client/features/galleries/components/profile-galleries-tab';
import { BookmarkedGalleries } from '@/client/features/galleries/components/bookmarked-galleries';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { mockRouter, renderPage } from '../discovery/render-page';
import { makePerformerPublic } from '../performer/performer-fixtures';
import { CREATOR_ID, makeGallery } from './gallery-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

function serveSearch(items: Gallery[] | 'error', total = Array.isArray(items) ? items.length : 0) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/performer-assets/galleries/search'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      if (items === 'error') return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong, please try again later' }, { status: 500 });
      return HttpResponse.json({ data: { data: items, total } });
    }),
  );
  return queries;
}

const performer = () => makePerformerPublic({ _id: CREATOR_ID, username: 'aurora' });

describe('Profile Photos tab', () => {
  it('shows the creator\'s galleries with covers, lock badges and prices, paged from the URL', async () => {
    const open = makeGallery({ title: 'Open set', totalPhotos: 12 });
    const forSale = makeGallery({ title: 'Sale set', isLocked: true, access: 'sale', price: 4.5 });
    const subs = makeGallery({ title: 'Members set', isLocked: true, access: 'subscribers' });
    const queries = serveSearch([open, forSale, subs], 30);
    mockRouter({ tab: 'photos', current: '2' }, '/[profileId]');
    renderPage(<ProfileGalleriesTab performer={performer()} isOwner={false} />);

    const card = async (name: string) => within(await screen.findByRole('article', { name }));
    expect((await card('Open set')).getByText('12 photos')).toBeInTheDocument();
    expect((await card('Open set')).queryByTestId('lock-badge')).not.toBeInTheDocument();
    expect((await card('Open set')).getByRole('link', { name: 'Open set' })).toHaveAttribute('href', `/gallery/${open._id}`);
    expect((await card('Sale set')).getByTestId('lock-badge')).toHaveTextContent('4.50 tokens');
    expect((await card('Members set')).getByTestId('lock-badge')).toHaveTextContent('Subscribers');
    // Covers come from the answer: locked ones are the blurred previews the server sent.
    const saleImg = document.querySelector(`article[aria-label="Sale set"] img`)!;
    expect(saleImg.getAttribute('src')).toBe(forSale.cover!.thumbnails[0]);
    expect(saleImg.getAttribute('src')).not.toContain('/main.');
    expect(queries[0]).toEqual({ performerId: CREATOR_ID, offset: '12', limit: '12' });
    expect(screen.getByRole('listitem', { name: '2' })).toBeInTheDocument();
  });

  it('has empty states for fans and for the creator', async () => {
    serveSearch([]);
    mockRouter({ tab: 'photos' }, '/[profileId]');
    renderPage(<ProfileGalleriesTab performer={performer()} isOwner />);
    expect(await screen.findByText('You have no galleries yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /create a gallery/i })).toHaveAttribute('href', '/creator/my-gallery');
  });

  it('shows the error with a way to try again', async () => {
    serveSearch('error');
    mockRouter({ tab: 'photos' }, '/[profileId]');
    renderPage(<ProfileGalleriesTab performer={performer()} isOwner={false} />);
    expect(await screen.findByText('Something went wrong, please try again later')).toBeInTheDocument();
    const retried = serveSearch([makeGallery({ title: 'Back again' })]);
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeInTheDocument();
    expect(retried).toHaveLength(1);
  });
});

describe('Bookmarked galleries tab', () => {
  it('lists bookmarked galleries, locked ones with their badge', async () => {
    server.use(
      http.get(api('/reactions/galleries/bookmark'), () =>
        HttpResponse.json({ data: { data: [makeGallery({ title: 'Saved', isLocked: true, access: 'subscribers', isBookmarked: true })], total: 1 } })),
      http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    );
    mockRouter({ tab: 'galleries' }, '/user/bookmarks');
    renderPage(<BookmarkedGalleries />, makeUser());
    const card = within(await screen.findByRole('article', { name: 'Saved' }));
    expect(card.getByTestId('lock-badge')).toHaveTextContent('Subscribers');
  });

  it('has an empty state', async () => {
    server.use(
      http.get(api('/reactions/galleries/bookmark'), () => HttpResponse.json({ data: { data: [], total: 0 } })),
      http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    );
    mockRouter({ tab: 'galleries' }, '/user/bookmarks');
    renderPage(<BookmarkedGalleries />, makeUser());
    expect(await screen.findByText('You have not bookmarked any galleries yet')).toBeInTheDocument();
  });
});
