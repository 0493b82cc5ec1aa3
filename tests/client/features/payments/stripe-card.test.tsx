import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { WalletPage } from '@/client/features/payments/components/wallet-page';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { makeStore } from '@/client/store/store';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { mockRouter } from '../discovery/render-page';
import { renderWithStore } from '../videos/render-video';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));

// Stripe.js is an external service: it is replaced at its module boundary (the browser cannot
// reach js.stripe.com here); everything of ours around it is real.
const createPaymentMethod = jest.fn();
jest.mock('@stripe/stripe-js', () => ({ loadStripe: jest.fn(() => Promise.resolve({})) }));
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  CardElement: () => <div data-testid="card-element" />,
  useStripe: () => ({ createPaymentMethod }),
  useElements: () => ({ getElement: () => ({ kind: 'card-element' }) }),
}));

jest.setTimeout(180_000);
installMswServer();

let sent: Record<string, unknown>[];
beforeEach(() => {
  mockRouter({}, '/wallet');
  sent = [];
  createPaymentMethod.mockReset();
  jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  server.use(
    http.get(api('/payment/wallet/top-up-options'), () =>
      HttpResponse.json({ data: { minimum: 2.95, maximum: 300, tokenConversionRate: 1, gateway: 'stripe', publishableKey: 'pk_test_1' } })),
    http.get(api('/payment-cards'), () => HttpResponse.json({ data: { data: [], total: 0 } })),
    http.get(api('/users/me'), () => HttpResponse.json({ data: { ...makeUser(), balance: 30 } })),
    http.post(api('/payment/wallet/top-up'), async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ data: {
        _id: 'p1', kind: 'top_up', gateway: 'stripe', status: 'succeeded', originalPrice: 20, discount: 0, totalPrice: 20, tokens: 20,
        couponCode: null, cardId: null, cardLabel: 'Visa •••• 4242', performerId: null, failureReason: null, description: 'Wallet top-up',
        createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
      } });
    }),
  );
});
afterEach(() => jest.restoreAllMocks());

async function payTen() {
  const store = makeStore();
  store.dispatch(updateSettings({ paymentGateway: 'stripe' }));
  renderWithStore(<WalletPage />, makeUser({ balance: 10 }), store);
  await screen.findByTestId('card-element');
  fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Pat Payer' } });
  await act(async () => {
    fireEvent.click(await screen.findByRole('button', { name: /^Pay \$10\.00/ }));
  });
  return store;
}

describe('top-up with Stripe', () => {
  it('shows Stripe\'s card form, no number inputs, and sends only the payment method it created', async () => {
    createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_1Abc' } });
    const store = await payTen();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: { kind: 'card-element' }, billing_details: { name: 'Pat Payer' } });
    expect(sent[0]).toEqual({ amount: 10, card: { paymentMethodId: 'pm_1Abc', holderName: 'Pat Payer', save: false } });
    await waitFor(() => expect(store.getState().user.current.balance).toBe(30));
  });

  it('shows Stripe\'s own error and sends nothing when the card is incomplete', async () => {
    createPaymentMethod.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } });
    await payTen();
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
