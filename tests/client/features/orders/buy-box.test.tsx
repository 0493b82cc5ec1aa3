import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ProductBuyBox } from '@/client/features/products/components/product-buy-box';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { mockRouter } from '../discovery/render-page';
import { renderWithStore } from '../videos/render-video';
import { makeProduct } from '../products/product-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(180_000);

installMswServer();
beforeEach(() => server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] }))));
afterEach(() => jest.restoreAllMocks());

const order = (overrides: object = {}) => ({
  _id: 'o1', orderNumber: 'ORD-20261123-ABCDEFGH', productId: 'p', productName: 'Guide', productType: 'digital', quantity: 1,
  unitPrice: 12, totalPrice: 12, status: 'delivered', deliveryAddress: null, trackingCode: null, note: null,
  buyer: { _id: 'u1', name: 'Fan One', username: 'fan1' }, performer: { _id: 'c', name: 'Aurora', username: 'aurora' },
  createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', ...overrides,
});

async function confirmPurchase(label: RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: label }));
  });
  const ok = await screen.findByRole('button', { name: 'Buy' });
  await act(async () => {
    fireEvent.click(ok);
  });
}

describe('ProductBuyBox purchase', () => {
  it('buys a digital product: confirms, takes the tokens off the balance, offers the download', async () => {
    mockRouter({ id: 'x' }, '/product/x');
    const product = makeProduct({ type: 'digital', stock: null, hasDigitalFile: true, price: 12 });
    let sent: unknown = null;
    let key: string | null = null;
    server.use(http.post(api(`/wallet/charges/product/${product._id}`), async ({ request }) => {
      sent = await request.json();
      key = request.headers.get('idempotency-key');
      return HttpResponse.json({ data: { order: order({ productId: product._id }), balance: 88 } });
    }));
    const success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
    const store = renderWithStore(<ProductBuyBox product={product} isOwner={false} />, makeUser({ balance: 100 }));
    expect(screen.queryByRole('button', { name: /download/i })).not.toBeInTheDocument();
    await confirmPurchase(/buy for 12.00 tokens/i);
    await waitFor(() => expect(store.getState().user.current.balance).toBe(88));
    expect(sent).toEqual({ quantity: 1 });
    expect(key).toBeTruthy();
    expect(success).toHaveBeenCalledWith('Purchased: you can download it now');
    expect(screen.getByRole('button', { name: /download/i })).toBeEnabled();
    expect(screen.getByText('You bought this')).toBeInTheDocument();
  });

  it('tells a fan short of tokens how many are missing, with a link to the wallet; the balance stays', async () => {
    mockRouter({ id: 'x' }, '/product/x');
    const product = makeProduct({ type: 'physical', stock: 4, price: 10 });
    server.use(
      http.get(api('/addresses/search'), () => HttpResponse.json({ data: { data: [{
        _id: 'a1', name: 'Ana Silva', country: 'PT', state: '', city: 'Lisbon', streetAddress: 'Rua Augusta 10', postalCode: '1100-053',
        phone: '', description: '', createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z',
      }], total: 1 } })),
      http.post(api(`/wallet/charges/product/${product._id}`), () =>
        HttpResponse.json({ statusCode: 402, error: 'Payment Required', message: 'Not enough tokens: 15.00 more needed', missingAmount: 15 }, { status: 402 })),
    );
    const store = renderWithStore(<ProductBuyBox product={product} isOwner={false} />, makeUser({ balance: 5 }));
    await screen.findByText(/Ana Silva, Rua Augusta 10/);
    fireEvent.change(screen.getByRole('spinbutton'), { target: { value: '2' } });
    await confirmPurchase(/buy for 20.00 tokens/i);
    expect(await screen.findByText('Not enough tokens: you need 15.00 tokens more.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Top up your wallet' })).toHaveAttribute('href', '/wallet');
    expect(store.getState().user.current.balance).toBe(5);
  });
});
