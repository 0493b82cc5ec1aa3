import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SubscriptionItem } from '@/common/contract/subscriptions';
import { SubscribeBox } from '@/client/features/performer/components/subscribe-box';
import { MySubscriptionsPage } from '@/client/features/subscriptions/components/my-subscriptions-page';
import { SubscribeDialog } from '@/client/features/subscriptions/components/subscribe-dialog';
import { toast } from '@/client/lib/toast';
import { api, installMswServer, server } from '../../../support/msw';
import { makeUser } from '../../fixtures';
import { mockRouter, renderPage } from '../discovery/render-page';
import { makePerformerPublic } from '../performer/performer-fixtures';

jest.mock('next/router', () => ({ useRouter: jest.fn() }));
jest.setTimeout(60_000);
installMswServer();

let success: jest.SpyInstance;
let failure: jest.SpyInstance;
beforeEach(() => {
  success = jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  failure = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
  // Signing in loads the followed creators (spec 4 followedIds).
  server.use(http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })));
});
afterEach(() => jest.restoreAllMocks());

const person = (id: string, name: string) => ({ _id: id, name, username: name.toLowerCase(), avatar: '', isPerformer: id.startsWith('p'), createdAt: '2026-01-01T00:00:00.000Z' });
function makeSubscription(overrides: Partial<SubscriptionItem> = {}): SubscriptionItem {
  return {
    _id: 's1', performer: person('p1', 'Aurora'), user: person('u1', 'Dana'), type: 'monthly', status: 'active', price: 9.95,
    startedAt: '2026-11-01T00:00:00.000Z', expiresAt: '2026-12-01T00:00:00.000Z', graceUntil: null, cancelledAt: null,
    renews: true, hasAccess: true, gateway: 'sandbox', createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('SubscribeBox', () => {
  it('starts the free trial with an Idempotency-Key, says so and reloads the profile', async () => {
    mockRouter({}, '/aurora');
    let sent: { body: unknown; key: string | null } | undefined;
    server.use(http.post(api('/payment/subscribe/performers'), async ({ request }) => {
      sent = { body: await request.json(), key: request.headers.get('idempotency-key') };
      return HttpResponse.json({ data: makeSubscription({ type: 'free', price: 0, renews: false }) });
    }));
    const performer = makePerformerPublic({ isFreeSubscription: true, freeSubscriptionDays: 3 });
    renderPage(<SubscribeBox performer={performer} />, makeUser());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Free for 3 days/ }));
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('You are subscribed to Aurora for 3 days'));
    expect(sent?.body).toEqual({ performerId: performer._id, type: 'free' });
    expect(sent?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server message when the trial is refused', async () => {
    mockRouter({}, '/aurora');
    server.use(http.post(api('/payment/subscribe/performers'), () =>
      HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'You already used your free subscription with this creator' }, { status: 409 })));
    renderPage(<SubscribeBox performer={makePerformerPublic({ isFreeSubscription: true, freeSubscriptionDays: 1 })} />, makeUser());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Free for 1 day/ }));
    });
    await waitFor(() => expect(failure).toHaveBeenCalledWith('You already used your free subscription with this creator'));
  });

  it('a subscriber sees until when instead of the offer', () => {
    mockRouter({}, '/aurora');
    renderPage(<SubscribeBox performer={makePerformerPublic({
      isSubscribed: true,
      subscription: { _id: 's1', type: 'monthly', status: 'cancelled', expiresAt: '2026-12-01T12:00:00.000Z', renews: false, hasAccess: true, freeUsed: false },
    })} />, makeUser());
    expect(screen.getByText('You are subscribed')).toBeInTheDocument();
    expect(screen.getByText('Access until Dec 1, 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Monthly/ })).not.toBeInTheDocument();
  });

  it('signed out, a plan sends the visitor to sign in and back', async () => {
    const push = mockRouter({}, '/aurora');
    renderPage(<SubscribeBox performer={makePerformerPublic()} onChoosePaid={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: /Monthly/ }));
    expect(push).toHaveBeenCalledWith('/auth/login?redirect=%2Faurora');
  });
});

describe('MySubscriptionsPage', () => {
  it('lists subscriptions with their state and cancels one after confirmation', async () => {
    mockRouter({}, '/user/my-subscriptions');
    let cancelled = false;
    server.use(
      http.get(api('/subscriptions/user/search'), () => HttpResponse.json({ data: {
        data: [cancelled ? makeSubscription({ status: 'cancelled', renews: false }) : makeSubscription(), makeSubscription({ _id: 's2', performer: person('p2', 'Bjorn'), status: 'expired', hasAccess: false, renews: false }),
          // A free subscription never renews: there is nothing to cancel.
          makeSubscription({ _id: 's3', performer: person('p3', 'Cleo'), type: 'free', price: 0, status: 'active', hasAccess: true, renews: false })],
        total: 3,
      } })),
      http.post(api('/payment/stripe/cancel-subscription/s1'), () => {
        cancelled = true;
        return HttpResponse.json({ data: makeSubscription({ status: 'cancelled', renews: false }) });
      }),
    );
    renderPage(<MySubscriptionsPage />, makeUser());
    const rows = await screen.findAllByTestId('person-row');
    expect(within(rows[0]!).getByText(/Renews on Dec 1, 2026/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Expired')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(rows[2]!).getByText('Cleo')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Cancel' }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Subscription cancelled'));
    await waitFor(() => expect(within(screen.getAllByTestId('person-row')[0]!).getByText(/Access until Dec 1, 2026/)).toBeInTheDocument());
  });

  it('says so when there are none', async () => {
    mockRouter({}, '/user/my-subscriptions');
    server.use(http.get(api('/subscriptions/user/search'), () => HttpResponse.json({ data: { data: [], total: 0 } })));
    renderPage(<MySubscriptionsPage />, makeUser());
    expect(await screen.findByText('You have no subscriptions yet.')).toBeInTheDocument();
  });
});

describe('SubscribeDialog', () => {
  const card = { _id: 'c1', brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2030, holderName: 'Dana', gateway: 'sandbox', createdAt: '2026-01-01T00:00:00.000Z' };
  beforeEach(() => {
    server.use(
      http.get(api('/payment-cards'), () => HttpResponse.json({ data: { data: [card], total: 1 } })),
      http.get(api('/payment/wallet/top-up-options'), () => HttpResponse.json({ data: { minimum: 2.95, maximum: 300, tokenConversionRate: 1, gateway: 'sandbox' } })),
    );
  });

  it('pays with a saved card and reports success; a decline shows the bank\'s words and keeps the dialog open', async () => {
    mockRouter({}, '/aurora');
    const sent: unknown[] = [];
    let decline = true;
    server.use(http.post(api('/payment/subscribe/performers'), async ({ request }) => {
      sent.push(await request.json());
      if (decline) return HttpResponse.json({ statusCode: 402, error: 'Payment Required', message: 'Your card was declined.' }, { status: 402 });
      return HttpResponse.json({ data: makeSubscription() });
    }));
    const onClose = jest.fn();
    renderPage(<SubscribeDialog performer={makePerformerPublic({ monthlyPrice: 9.99 })} plan="monthly" onClose={onClose} />, makeUser());
    expect(await screen.findByText('Visa •••• 4242 (12/30)')).toBeInTheDocument();
    // The first saved card is chosen for the fan once the cards arrive.
    await waitFor(() => expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay $9.99' }));
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    decline = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay $9.99' }));
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('You are subscribed to Aurora'));
    expect(onClose).toHaveBeenCalled();
    expect(sent.at(-1)).toEqual({ performerId: makePerformerPublic()._id, type: 'monthly', cardId: 'c1' });
  });
});
