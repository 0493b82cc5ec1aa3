import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { OwnProduct, Product } from '@/common/contract/products';
import { MyStorePage } from '@/client/features/products/components/my-store-page';
import { ProfileStoreTab } from '@/client/features/products/components/profile-store-tab';
import { BookmarkedProducts } from '@/client/features/products/components/bookmarked-products';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { desktopWindow, installMatchMedia } from '../../components/match-media';
import { makePerformer, makeUser } from '../../fixtures';
import { lastPushedQuery, mockRouter, renderPage } from '../discovery/render-page';
import { makePerformerPublic } from '../performer/performer-fixtures';
import { CREATOR_ID, makeOwnProduct, makeProduct } from './product-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();
let success: jest.SpyInstance;
let failure: jest.SpyInstance;
beforeEach(() => {
  installMatchMedia();
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })));
});
afterEach(() => jest.restoreAllMocks());

function serve<T>(path: string, pages: (T[] | 'error')[]) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api(path), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      const page = pages[Math.min(queries.length - 1, pages.length - 1)];
      if (page === 'error') return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong, please try again later' }, { status: 500 });
      return HttpResponse.json({ data: { data: page, total: page.length } });
    }),
  );
  return queries;
}

describe('Store tab of a creator\'s page', () => {
  const performer = makePerformerPublic({ _id: CREATOR_ID, username: 'aurora' });

  it('shows product cards with picture, price and sold-out badge, linking to each product', async () => {
    const items: Product[] = [makeProduct({ name: 'Poster', price: 12.5 }), makeProduct({ name: 'Mug', stock: 0, isSoldOut: true }), makeProduct({ name: 'E-book', type: 'digital', stock: null })];
    const queries = serve('/performer-assets/products/search', [items]);
    mockRouter({ tab: 'store' }, '/[profileId]');
    renderPage(<ProfileStoreTab performer={performer} isOwner={false} />, makeUser());
    const cards = await screen.findAllByTestId('product-card');
    expect(cards).toHaveLength(3);
    const poster = within(cards[0]);
    expect(poster.getByRole('link', { name: 'Poster' })).toHaveAttribute('href', `/product/${items[0]._id}`);
    expect(poster.getByText('12.50 tokens')).toBeInTheDocument();
    expect(cards[0].querySelector('img')).toHaveAttribute('src', items[0].images[0].thumbnails[0]);
    expect(within(cards[1]).getByText('Sold out')).toBeInTheDocument();
    expect(within(cards[2]).getByText('Digital')).toBeInTheDocument();
    expect(queries[0]).toEqual({ performerId: CREATOR_ID, offset: '0', limit: '12' });
  });

  it('shows an empty store, with a way to add products for its creator', async () => {
    serve('/performer-assets/products/search', [[]]);
    mockRouter({ tab: 'store' }, '/[profileId]');
    renderPage(<ProfileStoreTab performer={performer} isOwner />, makePerformer({ _id: CREATOR_ID }));
    expect(await screen.findByText('Your store is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /add a product/i })).toHaveAttribute('href', '/creator/my-store/create');
  });

  it('shows a failure with a way to try again', async () => {
    serve('/performer-assets/products/search', ['error', [makeProduct({ name: 'Back again' })]]);
    mockRouter({ tab: 'store' }, '/[profileId]');
    renderPage(<ProfileStoreTab performer={performer} isOwner={false} />);
    expect(await screen.findByText('Something went wrong, please try again later')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    });
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });
});

describe('Products tab of /user/bookmarks', () => {
  it('lists bookmarked products, or says there are none', async () => {
    serve('/reactions/products/bookmark', [[makeProduct({ name: 'Saved mug', isBookmarked: true })]]);
    mockRouter({ tab: 'products' }, '/user/bookmarks');
    renderPage(<BookmarkedProducts />, makeUser());
    expect(await screen.findByRole('link', { name: 'Saved mug' })).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    serve('/reactions/products/bookmark', [[]]);
    mockRouter({ tab: 'products' }, '/user/bookmarks');
    renderPage(<BookmarkedProducts />, makeUser());
    expect(await screen.findByText('You have not bookmarked any products yet')).toBeInTheDocument();
  });
});

describe('My store (/creator/my-store)', () => {
  const mine: OwnProduct[] = [
    makeOwnProduct({ name: 'Mug', stock: 2, sold: 9 }),
    makeOwnProduct({ name: 'Poster', stock: 0, isSoldOut: true, status: 'draft' }),
    makeOwnProduct({
      name: 'Guide', type: 'digital', stock: null,
      digitalFile: { _id: 'f', name: 'guide.pdf', kind: 'document', mimeType: 'application/pdf', size: 10, status: 'processing', failureReason: null },
    }),
  ];

  it('shows my products with stock badges, sold and status (cards on phones), with filters from the URL', async () => {
    const queries = serve('/performer/performer-assets/products/search', [mine]);
    const push = mockRouter({ q: 'o', type: 'physical', sortBy: 'sold', sort: 'desc', junk: 'x' }, '/creator/my-store');
    renderPage(<MyStorePage />, makePerformer());
    const mug = within(await screen.findByRole('listitem', { name: 'Mug' }));
    expect(mug.getByText('Low stock')).toBeInTheDocument();
    expect(mug.getByText('9 sold')).toBeInTheDocument();
    expect(mug.getByText('Published')).toBeInTheDocument();
    const poster = within(screen.getByRole('listitem', { name: 'Poster' }));
    expect(poster.getByText('Sold out')).toBeInTheDocument();
    expect(poster.getByText('Draft')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Guide' })).getByText('Processing file')).toBeInTheDocument();
    expect(mug.getByRole('link', { name: 'Edit Mug' })).toHaveAttribute('href', `/creator/my-store/${mine[0]._id}/edit`);
    expect(queries[0]).toEqual({ offset: '0', limit: '10', sortBy: 'sold', sort: 'desc', q: 'o', type: 'physical' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search my products' }), { target: { value: 'cup' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search my products' }), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastPushedQuery(push)).toMatchObject({ q: 'cup' }));
  });

  it('deletes a product after confirming, then says "Product deleted"', async () => {
    serve('/performer/performer-assets/products/search', [mine, mine.slice(1)]);
    let deleted = '';
    server.use(http.delete(api('/performer/performer-assets/products/:id'), ({ params }) => {
      deleted = String(params.id);
      return HttpResponse.json({ data: { success: true } });
    }));
    mockRouter({}, '/creator/my-store');
    renderPage(<MyStorePage />, makePerformer());
    const mug = within(await screen.findByRole('listitem', { name: 'Mug' }));
    await act(async () => {
      fireEvent.click(mug.getByRole('button', { name: 'Delete Mug' }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Product deleted'));
    expect(deleted).toBe(mine[0]._id);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Mug' })).not.toBeInTheDocument());
  });

  it('shows a refused delete with the server\'s message', async () => {
    serve('/performer/performer-assets/products/search', [mine]);
    server.use(http.delete(api('/performer/performer-assets/products/:id'), () => HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Product not found' }, { status: 404 })));
    mockRouter({}, '/creator/my-store');
    renderPage(<MyStorePage />, makePerformer());
    const mug = within(await screen.findByRole('listitem', { name: 'Mug' }));
    await act(async () => {
      fireEvent.click(mug.getByRole('button', { name: 'Delete Mug' }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    });
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Product not found'));
  });

  it('shows a table on wide screens, sorting through the URL', async () => {
    desktopWindow();
    serve('/performer/performer-assets/products/search', [mine]);
    const push = mockRouter({}, '/creator/my-store');
    renderPage(<MyStorePage />, makePerformer());
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Mug' })).toBeInTheDocument();
    expect(within(table).getByText('Low stock')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(within(table).getByRole('columnheader', { name: /price/i }));
    });
    await waitFor(() => expect(lastPushedQuery(push)).toMatchObject({ sortBy: 'price', sort: 'asc' }));
  });

  it('invites a creator with no products to add one', async () => {
    serve('/performer/performer-assets/products/search', [[]]);
    mockRouter({}, '/creator/my-store');
    renderPage(<MyStorePage />, makePerformer());
    expect(await screen.findByText(/Your store is empty/)).toBeInTheDocument();
  });
});
