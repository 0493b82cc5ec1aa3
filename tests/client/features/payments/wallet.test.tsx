import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PaymentTransaction } from '@/common/contract/payments';
import { WalletPage } from '@/client/features/payments/components/wallet-page';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { makeStore } from '@/client/store/store';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { mockRouter } from '../discovery/render-page';
import { renderWithStore } from '../videos/render-video';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
const socketHandlers = new Map<string, (payload: unknown) => void>();
jest.mock('@/client/lib/socket', () => ({
  socketService: {
    connect: jest.fn(),
    disconnect: jest.fn(),
    on: jest.fn((event: string, handler: (payload: unknown) => void) => socketHandlers.set(event, handler)),
    off: jest.fn((event: string) => socketHandlers.delete(event)),
  },
}));

// A whole antd form under jsdom.
jest.setTimeout(180_000);
installMswServer();

const payment = (overrides: Partial<PaymentTransaction> = {}): PaymentTransaction => ({
  _id: 'p1', kind: 'top_up', gateway: 'sandbox', status: 'succeeded', originalPrice: 20, discount: 0, totalPrice: 20, tokens: 20,
  couponCode: null, cardId: null, cardLabel: 'Visa •••• 4242', performerId: null, failureReason: null, description: 'Wallet top-up',
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...overrides,
});

let sent: Record<string, unknown>[];
let serverBalance: number;
let success: jest.SpyInstance;

beforeEach(() => {
  mockRouter({}, '/wallet');
  sent = [];
  serverBalance = 10;
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  server.use(
    http.get(api('/payment/wallet/top-up-options'), () =>
      HttpResponse.json({ data: { minimum: 2.95, maximum: 300, tokenConversionRate: 1, gateway: 'sandbox' } })),
    http.get(api('/payment-cards'), () => HttpResponse.json({ data: { data: [], total: 0 } })),
    http.get(api('/users/me'), () => HttpResponse.json({ data: { ...makeUser(), balance: serverBalance } })),
  );
});
afterEach(() => jest.restoreAllMocks());

/** Spec 9: the gateway is "stripe" either way; without server keys it runs in test mode. */
function renderWallet(mode: 'test' | 'live' = 'test') {
  const store = makeStore();
  store.dispatch(updateSettings({ paymentGateway: 'stripe', paymentTestMode: mode === 'test' }));
  return renderWithStore(<WalletPage />, makeUser({ balance: 10 }), store);
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillAndPay(number: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('radio', { name: '$20.00' }));
  });
  await screen.findByLabelText('Card number');
  type('Card number', number);
  type('Expiry (MM/YY)', '12/39');
  type('CVC', '123');
  type('Name on card', 'Pat Payer');
  const pay = await screen.findByRole('button', { name: /^Pay \$20\.00/ });
  await act(async () => {
    fireEvent.click(pay);
  });
}

describe('WalletPage', () => {
  it('shows the TEST MODE banner with the test cards only in test mode', () => {
    renderWallet('test');
    expect(screen.getByText('TEST MODE')).toBeInTheDocument();
    expect(screen.getByText('4000000000000002')).toBeInTheDocument();
  });

  it('hides the banner for a live gateway', () => {
    renderWallet('live');
    expect(screen.queryByText('TEST MODE')).not.toBeInTheDocument();
  });

  it('tops up with a new card: sends the card, updates the balance and toasts', async () => {
    server.use(http.post(api('/payment/wallet/top-up'), async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      serverBalance = 30;
      return HttpResponse.json({ data: payment() });
    }));
    const store = renderWallet();
    await screen.findByText(/You get/);
    await fillAndPay('4242 4242 4242 4242');
    await waitFor(() => expect(store.getState().user.current.balance).toBe(30));
    expect(sent[0]).toEqual({
      amount: 20,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2039, cvc: '123', holderName: 'Pat Payer', save: false },
    });
    expect(success).toHaveBeenCalledWith('20.00 tokens added to your wallet');
  });

  // Issue 14: a 20 USD top-up from 145.41 showed 165.41 + 20 when the event came first.
  it('shows the server balance once when balance_updated lands before the HTTP answer', async () => {
    server.use(http.post(api('/payment/wallet/top-up'), () => {
      serverBalance = 30;
      socketHandlers.get('balance_updated')!({ balance: 30 });
      return HttpResponse.json({ data: payment() });
    }));
    const store = renderWallet();
    await screen.findByText(/You get/);
    expect(store.getState().user.current.balance).toBe(10);
    await fillAndPay('4242 4242 4242 4242');
    await waitFor(() => expect(success).toHaveBeenCalledWith('20.00 tokens added to your wallet'));
    await waitFor(() => expect(store.getState().user.current.balance).toBe(30));
    await new Promise((done) => setTimeout(done, 50));
    expect(store.getState().user.current.balance).toBe(30);
  });

  it('shows the decline reason and leaves the balance alone', async () => {
    server.use(http.post(api('/payment/wallet/top-up'), () =>
      HttpResponse.json({ data: payment({ status: 'failed', failureReason: 'Your card was declined.' }) })));
    const store = renderWallet();
    await screen.findByText(/You get/);
    await fillAndPay('4000000000000002');
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(store.getState().user.current.balance).toBe(10);
    expect(success).not.toHaveBeenCalled();
  });
});
