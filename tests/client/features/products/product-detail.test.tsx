import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { NextPageContext } from 'next';
import { ProductDetail } from '@/client/features/products/components/product-detail';
import { ProductBuyBox } from '@/client/features/products/components/product-buy-box';
import { loadProductPage } from '@/client/features/products/load-product';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makePerformer, makeUser } from '../../fixtures';
import { mockRouter } from '../discovery/render-page';
import { renderWithStore } from '../videos/render-video';
import { CREATOR_ID, makeImage, makeProduct } from './product-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

installMswServer();

let commentsAsked = 0;
beforeEach(() => {
  mockRouter({ id: 'x' }, '/product/[id]');
  commentsAsked = 0;
  server.use(
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    http.get(api('/addresses/search'), () => HttpResponse.json({ data: { data: [], total: 0 } })),
    http.get(api('/comments'), () => {
      commentsAsked += 1;
      return HttpResponse.json({ data: { data: [], total: 0 } });
    }),
  );
});
afterEach(() => jest.restoreAllMocks());

const fan = makeUser();

describe('ProductDetail', () => {
  it('shows a locked product: pictures, price, stock and the buy button; no download, no comments', async () => {
    const product = makeProduct({ name: 'Signed poster', images: [makeImage(), makeImage()], stock: 3 });
    renderWithStore(<ProductDetail product={product} />, fan);
    expect(screen.getByRole('heading', { name: 'Signed poster' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Signed poster, picture 1 of 2' })).toHaveAttribute('src', product.images[0].url);
    expect(screen.getByRole('img', { name: 'Signed poster, picture 2 of 2' })).toBeInTheDocument();
    expect(screen.getByText('12.50 tokens')).toBeInTheDocument();
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /buy for 12.50 tokens/i })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /download/i })).not.toBeInTheDocument();
    expect(screen.getByText('Buy this product to see and write comments')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /aurora/i })).toHaveAttribute('href', '/aurora');
    expect(screen.getByRole('button', { name: /report/i })).toBeInTheDocument();
    expect(commentsAsked).toBe(0);
  });

  it('shows a sold-out product as such', () => {
    renderWithStore(<ProductDetail product={makeProduct({ stock: 0, isSoldOut: true })} />, fan);
    expect(screen.getAllByText('Sold out').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /sold out/i })).toBeDisabled();
  });

  it('lets a buyer of a digital product download it and join the comments', async () => {
    const product = makeProduct({ type: 'digital', stock: null, hasDigitalFile: true, isBought: true, isLocked: false });
    renderWithStore(<ProductDetail product={product} />, fan);
    expect(screen.getByText('You bought this')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /download/i })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /buy for/i })).not.toBeInTheDocument();
    await waitFor(() => expect(commentsAsked).toBeGreaterThan(0));
    expect(screen.queryByText('Buy this product to see and write comments')).not.toBeInTheDocument();
  });

  it('gives the creator an edit link instead of buying or reporting', () => {
    const product = makeProduct({ isLocked: false, status: 'draft' });
    renderWithStore(<ProductDetail product={product} />, makePerformer({ _id: CREATOR_ID }));
    expect(screen.getByRole('link', { name: /edit product/i })).toHaveAttribute('href', `/creator/my-store/${product._id}/edit`);
    expect(screen.getByText('Draft: only you see it')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /buy for/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /report/i })).not.toBeInTheDocument();
  });

  it('says "not available", "not found" or the error instead of the product', async () => {
    renderWithStore(<ProductDetail product={null} notAvailable="This creator is not available to you" />);
    expect(await screen.findByText('This creator is not available to you')).toBeInTheDocument();
  });

  it('shows the not-found screen for a missing product', async () => {
    renderWithStore(<ProductDetail product={null} />);
    expect(await screen.findByText('This product does not exist or is not available.')).toBeInTheDocument();
  });
});

describe('ProductBuyBox download', () => {
  it('asks for a download link and hands it to the browser; a refusal shows the server\'s message', async () => {
    const product = makeProduct({ type: 'digital', stock: null, hasDigitalFile: true, isBought: true, isLocked: false });
    const url = 'http://api.test/files/media/x/main.pdf?exp=1&sig=s&dl=guide.pdf';
    server.use(
      http.get(api(`/performer-assets/products/${product._id}/download-link`), () => HttpResponse.json({ data: { url, name: 'guide.pdf', expiresAt: '2030-01-01T00:00:00.000Z' } }), { once: true }),
      http.get(api(`/performer-assets/products/${product._id}/download-link`), () => HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'This product\'s file is still being processed, please try again in a few minutes' }, { status: 409 })),
    );
    const failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
    const onDownload = jest.fn();
    renderWithStore(<ProductBuyBox product={product} isOwner={false} onDownload={onDownload} />, fan);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /download/i }));
    });
    await waitFor(() => expect(onDownload).toHaveBeenCalledWith(url));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /download/i }));
    });
    await waitFor(() => expect(failure).toHaveBeenCalledWith('This product\'s file is still being processed, please try again in a few minutes'));
    expect(onDownload).toHaveBeenCalledTimes(1);
  });
});

describe('loadProductPage', () => {
  const ctx = (id: string) => ({ query: { id } }) as unknown as NextPageContext;

  it('loads the product', async () => {
    const product = makeProduct();
    server.use(http.get(api(`/performer-assets/products/${product._id}`), () => HttpResponse.json({ data: product })));
    expect(await loadProductPage(ctx(product._id))).toEqual({ product });
  });

  it('maps 403 to "not available", 404 and 400 to not found, anything else to an error', async () => {
    server.use(
      http.get(api('/performer-assets/products/blocked'), () => HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'This creator is not available to you' }, { status: 403 })),
      http.get(api('/performer-assets/products/gone'), () => HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Product not found' }, { status: 404 })),
      http.get(api('/performer-assets/products/bad'), () => HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'id must be a valid uuid' }, { status: 400 })),
      http.get(api('/performer-assets/products/broken'), () => HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong, please try again later' }, { status: 500 })),
    );
    expect(await loadProductPage(ctx('blocked'))).toEqual({ product: null, notAvailable: 'This creator is not available to you' });
    expect(await loadProductPage(ctx('gone'))).toEqual({ product: null });
    expect(await loadProductPage(ctx('bad'))).toEqual({ product: null });
    expect(await loadProductPage(ctx('broken'))).toEqual({ product: null, error: 'Something went wrong, please try again later' });
  });
});

