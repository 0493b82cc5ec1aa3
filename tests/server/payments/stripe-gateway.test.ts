import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { balanceOf, expectLedgerSound, walletBalance } from '../../support/money';
import { StripeStandIn } from '../../support/stripe-stand-in';
import { earningsOf } from '../../../src/server/modules/ledger/ledger.repository';
import { sell } from '../payouts/payout-fixtures';
import { createRecurringSubscriptions } from '../../../src/server/modules/subscriptions/subscriptions-recurring';
import { newCard } from './payment-helpers';
import { deliver, invoiceEvent, shuffled, stripeConfigFor, stripeEvent } from './stripe-webhook-fixtures';

/**
 * The Stripe gateway end to end: the real app and the real `stripe` SDK, pointed at a local
 * stand-in for Stripe's HTTP API; webhooks signed with the SDK's test-header helper.
 */
let server: TestServer;
let stand: StripeStandIn;
beforeAll(async () => {
  stand = await new StripeStandIn().start();
  server = await startTestServer(stripeConfigFor(stand));
});
afterAll(async () => {
  await server?.close();
  await stand?.stop();
});

const DAY = 86_400_000;
type Account = { user: { id: string }; token: string };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Account, payload?: unknown) =>
  server.app.inject({ method, url, payload: payload as never, headers: { authorization: who.token } });
const addCard = async (who: Account, paymentMethodId = 'pm_card_visa') => {
  const res = await call('POST', '/stripe/cards', who, { paymentMethodId, holderName: 'Pat Payer' });
  if (res.statusCode !== 200) throw new Error(`add card ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string };
};
const topUp = (who: Account, amount: number, cardId: string) => call('POST', '/payment/wallet/top-up', who, { amount, cardId });
const paymentRow = async (id: string) => (await allRows(server.app, tables.paymentTransactions)).find((p) => p.id === id)!;
const eventCount = async () => (await allRows(server.app, tables.gatewayEvents)).length;
const ledgerCount = async () => (await allRows(server.app, tables.ledgerTransactions)).length;

describe('cards and top-ups through Stripe', () => {
  it('is the public gateway, takes only Stripe payment-method ids and never sees a card number', async () => {
    const fan = await createUserWithToken(server.app);
    const settings = (await server.app.inject({ method: 'GET', url: '/settings/public' })).json().data;
    expect(settings.paymentGateway).toBe('stripe');
    expect(settings.paymentTestMode).toBe(false);
    expect((await call('GET', '/payment/wallet/top-up-options', fan)).json().data).toMatchObject({ gateway: 'stripe', publishableKey: 'pk_test_stand_in' });

    const typed = await call('POST', '/stripe/cards', fan, newCard());
    expect([typed.statusCode, typed.json().message]).toEqual([400, 'Card details go to Stripe directly from its card form; send the paymentMethodId it created']);
    const both = await call('POST', '/stripe/cards', fan, { ...newCard(), paymentMethodId: 'pm_card_visa' });
    expect(both.statusCode).toBe(400);
    const unknown = await call('POST', '/stripe/cards', fan, { paymentMethodId: 'pm_card_nosuch', holderName: 'Pat' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, "No such PaymentMethod: 'pm_card_nosuch'"]);
    expect((await call('POST', '/sandbox/cards', fan, newCard())).statusCode).toBe(404);

    const card = await addCard(fan);
    const list = (await call('GET', '/payment-cards', fan)).json().data;
    expect(list.data).toEqual([expect.objectContaining({ _id: card._id, brand: 'Visa', last4: '4242' })]);
    expect(JSON.stringify(stand.requests)).not.toMatch(/4242424242424242/);
    expect((await call('DELETE', `/payment-cards/${card._id}`, fan)).statusCode).toBe(200);
    expect(stand.requests.at(-1)).toMatchObject({ method: 'POST', path: expect.stringMatching(/^\/v1\/payment_methods\/pm_\w+\/detach$/) });
  });

  it('credits a top-up Stripe confirmed, keyed for idempotency; a declined card fails with its reason and moves nothing', async () => {
    const fan = await createUserWithToken(server.app);
    const card = await addCard(fan);
    const ok = await topUp(fan, 25, card._id);
    expect(ok.json().data).toMatchObject({ status: 'succeeded', totalPrice: 25, tokens: 25 });
    expect(await walletBalance(server.app, fan.user.id)).toBe(25);
    const charge = stand.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(charge.body).toMatchObject({ amount: '2500', currency: 'usd', confirm: 'true', off_session: 'true', payment_method: expect.stringMatching(/^pm_/), metadata: { paymentId: ok.json().data._id } });
    expect(charge.idempotencyKey).toMatch(new RegExp(`^${ok.json().data._id}:`));

    const declinedCard = await addCard(fan, 'pm_card_chargeDeclinedInsufficientFunds');
    const before = await ledgerCount();
    const declined = await topUp(fan, 40, declinedCard._id);
    expect(declined.json().data).toMatchObject({ status: 'failed', failureReason: 'Your card has insufficient funds.' });
    expect(await ledgerCount()).toBe(before);
    expect(await walletBalance(server.app, fan.user.id)).toBe(25);
    await expectLedgerSound(server.app);
  });
});

describe('webhooks', () => {
  /** Three top-ups left `processing` by Stripe, settled later: two succeed, one fails. */
  async function processingTopUps(fan: Account) {
    const card = await addCard(fan, 'pm_standin_processing');
    const ids: string[] = [];
    for (const amount of [10, 20, 40]) {
      const res = await topUp(fan, amount, card._id);
      expect(res.json().data.status).toBe('pending');
      ids.push(res.json().data._id);
    }
    const rows = await Promise.all(ids.map(paymentRow));
    return rows.map((r) => r.gatewayIntentId!);
  }

  it('applies every event once however often and in whatever order it arrives', async () => {
    const fan = await createUserWithToken(server.app);
    const creator = await createPerformerWithToken(server.app);
    const [a, b, c] = await processingTopUps(fan);
    const connected = (await call('POST', '/stripe/accounts', creator)).json().data;
    const events = [
      stripeEvent('payment_intent.succeeded', stand.settleIntent(a!, 'succeeded')),
      stripeEvent('payment_intent.succeeded', stand.settleIntent(b!, 'succeeded')),
      stripeEvent('payment_intent.payment_failed', stand.settleIntent(c!, 'requires_payment_method')),
      stripeEvent('account.updated', { ...stand.accounts.get(connected.accountId), payouts_enabled: true, charges_enabled: true, requirements: { disabled_reason: null } }),
      stripeEvent('customer.created', { id: 'cus_elsewhere', object: 'customer' }),
    ];
    const before = { events: await eventCount(), ledger: await ledgerCount() };
    const deliveries = shuffled(events.flatMap((e) => Array.from({ length: 5 }, () => e)));
    const answers = await Promise.all(deliveries.map((e) => deliver(server.app, e)));
    expect(answers.map((r) => r.statusCode)).toEqual(deliveries.map(() => 200));
    // Deliveries that raced the first one may also say "not a duplicate"; the money says once.
    expect(answers.filter((r) => r.json().duplicate === false).length).toBeGreaterThanOrEqual(events.length);

    expect(await walletBalance(server.app, fan.user.id)).toBe(30);
    expect(await ledgerCount()).toBe(before.ledger + 2);
    const stored = (await allRows(server.app, tables.gatewayEvents)).filter((e) => events.some((x) => x.id === e.eventId));
    expect(stored).toHaveLength(events.length);
    expect(stored.every((e) => e.appliedAt !== null && e.error === null)).toBe(true);
    expect(await eventCount()).toBe(before.events + events.length);
    const failed = (await allRows(server.app, tables.paymentTransactions)).find((p) => p.gatewayIntentId === c);
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    expect((await call('GET', '/payout-accounts/me', creator)).json().data.account).toMatchObject({ status: 'enabled' });
    await expectLedgerSound(server.app);

    // Everything again, later and shuffled: nothing more happens.
    await Promise.all(shuffled(events).map((e) => deliver(server.app, e)));
    expect(await walletBalance(server.app, fan.user.id)).toBe(30);
    expect(await ledgerCount()).toBe(before.ledger + 2);
  });

  it('refuses tampered, expired, wrongly signed and unsigned deliveries with 400 and changes nothing', async () => {
    const fan = await createUserWithToken(server.app);
    const [intent] = await processingTopUps(fan);
    const event = stripeEvent('payment_intent.succeeded', stand.settleIntent(intent!, 'succeeded'));
    const before = { events: await eventCount(), ledger: await ledgerCount() };
    const attempts = [
      deliver(server.app, event, { alter: (p) => p.replace('"amount":1000', '"amount":99900') }),
      deliver(server.app, event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      deliver(server.app, event, { secret: 'whsec_someone_else' }),
      deliver(server.app, event, { signature: 'none' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect([res.statusCode, res.json().message]).toEqual([400, 'The webhook signature is missing or invalid']);
    }
    expect(await eventCount()).toBe(before.events);
    expect(await ledgerCount()).toBe(before.ledger);
    expect(await walletBalance(server.app, fan.user.id)).toBe(0);
    expect((await server.app.inject({ method: 'POST', url: '/sandbox/webhook', payload: {} })).statusCode).toBe(404);
    // The genuine delivery still works afterwards.
    expect((await deliver(server.app, event)).statusCode).toBe(200);
    expect(await walletBalance(server.app, fan.user.id)).toBe(10);
  });

  it('asks for a later delivery when the charge answer is not stored yet', async () => {
    const fan = await createUserWithToken(server.app);
    const [payment] = await server.app.db.insert(tables.paymentTransactions).values({
      userId: fan.user.id, kind: 'top_up', gateway: 'stripe', amountCents: 700, tokensCents: 700,
    }).returning();
    const event = stripeEvent('payment_intent.succeeded', { id: 'pi_early_one', object: 'payment_intent', status: 'succeeded', metadata: { paymentId: payment!.id } });
    expect((await deliver(server.app, event)).statusCode).toBe(500);
    expect(await walletBalance(server.app, fan.user.id)).toBe(0);
    await server.app.db.update(tables.paymentTransactions).set({ gatewayIntentId: 'pi_early_one' }).where(eq(tables.paymentTransactions.id, payment!.id));
    const again = await deliver(server.app, event);
    expect(again.json()).toEqual({ received: true, duplicate: false });
    expect(await walletBalance(server.app, fan.user.id)).toBe(7);
  });

  it('reconciliation settles payments whose webhook never came', async () => {
    const fan = await createUserWithToken(server.app);
    const [a, b] = await processingTopUps(fan);
    stand.settleIntent(a!, 'succeeded');
    stand.settleIntent(b!, 'requires_payment_method');
    expect(await server.app.payments.reconcile(0)).toBeGreaterThanOrEqual(2);
    expect(await walletBalance(server.app, fan.user.id)).toBe(10);
    const rows = (await allRows(server.app, tables.paymentTransactions)).filter((p) => p.userId === fan.user.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'pending', 'succeeded']);
    await server.app.payments.reconcile(0);
    expect(await walletBalance(server.app, fan.user.id)).toBe(10);
    await expectLedgerSound(server.app);
  });
});

describe('subscriptions billed by Stripe', () => {
  async function subscribed() {
    const creator = await createPerformerWithToken(server.app, { name: 'Nova' }, { monthlyPriceCents: 1000, yearlyPriceCents: 10000 });
    const fan = await createUserWithToken(server.app);
    const card = await addCard(fan);
    const res = await call('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly', cardId: card._id });
    expect(res.statusCode).toBe(200);
    const sub = (await server.app.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.id, res.json().data._id)))[0]!;
    return { creator, fan, sub };
  }

  it('charges the first period, then opens a Stripe subscription whose renewals start a day before our period ends', async () => {
    const { sub } = await subscribed();
    expect(sub).toMatchObject({ gateway: 'stripe', status: 'active', gatewaySubscriptionId: expect.stringMatching(/^sub_/) });
    const remote = stand.subscriptions.get(sub.gatewaySubscriptionId!)!;
    expect(remote).toMatchObject({ default_payment_method: expect.stringMatching(/^pm_/), metadata: { subscriptionId: sub.id } });
    expect((remote.items as { data: unknown[] }).data[0]).toMatchObject({ price_data: { unit_amount: '1000', currency: 'usd', recurring: { interval: 'day', interval_count: '30' } } });
    expect(Number(remote.trial_end) * 1000).toBeCloseTo(sub.expiresAt.getTime() - DAY, -4);
  });

  it('the job opens a Stripe subscription that could not be opened after payment, once (same idempotency key)', async () => {
    const { sub } = await subscribed();
    await server.app.db.update(tables.subscriptions).set({ gatewaySubscriptionId: null }).where(eq(tables.subscriptions.id, sub.id));
    const subscriptionsAtStripe = stand.subscriptions.size;
    expect(await createRecurringSubscriptions(server.app).startMissing()).toBeGreaterThanOrEqual(1);
    const after = (await server.app.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.id, sub.id)))[0]!;
    expect(after.gatewaySubscriptionId).toBe(sub.gatewaySubscriptionId);
    expect(stand.subscriptions.size).toBe(subscriptionsAtStripe);
  });

  it('renews once per paid invoice, enters grace on a failed one, and ignores a failure reported after payment', async () => {
    const { creator, fan, sub } = await subscribed();
    const paid = invoiceEvent('invoice.paid', sub.gatewaySubscriptionId!, 1000);
    const paidFailedFirst = invoiceEvent('invoice.payment_failed', sub.gatewaySubscriptionId!, 1000, (paid.data.object as { id: string }).id);
    const answers = await Promise.all(shuffled([...Array(5).fill(paid), ...Array(5).fill(paidFailedFirst)]).map((e) => deliver(server.app, e)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const renewed = (await server.app.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.id, sub.id)))[0]!;
    const payments = (await allRows(server.app, tables.paymentTransactions)).filter((p) => p.userId === fan.user.id && p.status === 'succeeded');
    expect(payments).toHaveLength(2);
    expect(await balanceOf(server.app, earningsOf(creator.user.id))).toBe(16);
    // Whether its failure was reported before or after the payment: one period on, out of grace.
    expect(renewed.graceUntil).toBeNull();
    expect(Math.abs(renewed.expiresAt.getTime() - (sub.expiresAt.getTime() + 30 * DAY))).toBeLessThan(1000);

    const failing = invoiceEvent('invoice.payment_failed', sub.gatewaySubscriptionId!, 1000);
    await Promise.all(Array.from({ length: 5 }, () => deliver(server.app, failing)));
    const inGrace = (await server.app.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.id, sub.id)))[0]!;
    expect(inGrace.graceUntil).not.toBeNull();
    expect(inGrace.expiresAt.getTime()).toBe(inGrace.graceUntil!.getTime());
    expect(inGrace.graceUntil!.getTime()).toBeLessThanOrEqual(renewed.expiresAt.getTime() + 3 * DAY + 1000);
    // Notifications: the creator heard of the new subscriber once (not of the renewal); the fan of the
    // failed renewal once for its five deliveries (and, when the paid invoice's failure was shuffled
    // ahead of its payment, of that grace too: it was true when it came).
    const told = async (userId: string) => (await allRows(server.app, tables.notifications)).filter((n) => n.userId === userId);
    expect((await told(creator.user.id)).map((n) => n.kind)).toEqual(['subscriber_new']);
    const failures = await told(fan.user.id);
    expect(failures.every((n) => n.kind === 'renewal_failed')).toBe(true);
    expect(failures.length).toBeLessThanOrEqual(2);
    expect(failures.filter((n) => n.data.endsAt === inGrace.graceUntil!.toISOString())).toHaveLength(1);
    await expectLedgerSound(server.app);
  });

  it('cancelling stops renewal at Stripe first; a deleted Stripe subscription leaves access to the end', async () => {
    const { fan, sub } = await subscribed();
    const res = await call('POST', `/payment/stripe/cancel-subscription/${sub.id}`, fan);
    expect(res.json().data).toMatchObject({ status: 'cancelled', hasAccess: true });
    expect(stand.subscriptions.get(sub.gatewaySubscriptionId!)!.cancel_at_period_end).toBe(true);
    const other = await subscribed();
    const stranger = await createUserWithToken(server.app);
    expect((await call('POST', `/payment/stripe/cancel-subscription/${other.sub.id}`, stranger)).statusCode).toBe(404);
    expect(stand.subscriptions.get(other.sub.gatewaySubscriptionId!)!.cancel_at_period_end).toBe(false);
    await deliver(server.app, stripeEvent('customer.subscription.deleted', { id: other.sub.gatewaySubscriptionId, object: 'subscription', status: 'canceled' }));
    const ended = (await server.app.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.id, other.sub.id)))[0]!;
    expect(ended).toMatchObject({ status: 'cancelled' });
    expect(ended.expiresAt.getTime()).toBe(other.sub.expiresAt.getTime());
  });
});

describe('creator payouts through Stripe Connect', () => {
  it('connects an account with a set-up link, enables it by webhook, and pays an approved payout by transfer once', async () => {
    const creator = await createPerformerWithToken(server.app);
    const admin = await createUserWithToken(server.app, { role: 'admin' });
    const fan = await createUserWithToken(server.app);
    expect((await call('POST', '/stripe/accounts', fan)).statusCode).toBe(403);
    const connected = (await call('POST', '/stripe/accounts', creator)).json().data;
    expect(connected).toMatchObject({ gateway: 'stripe', status: 'pending', onboardingUrl: `https://connect.stripe.test/setup/${connected.accountId}` });
    const link = stand.requests.filter((r) => r.path === '/v1/account_links').at(-1)!;
    expect(link.body).toMatchObject({ account: connected.accountId, type: 'account_onboarding', return_url: `${server.config.webOrigin}/creator/banking` });

    await sell(server.app, creator.user.id, 100);
    const early = await call('POST', '/payout-requests', creator, { amount: 60, method: 'stripe' });
    expect(early.statusCode).toBe(422);
    await deliver(server.app, stripeEvent('account.updated', { ...stand.accounts.get(connected.accountId), payouts_enabled: true }));
    const request = await call('POST', '/payout-requests', creator, { amount: 60, method: 'stripe' });
    expect(request.statusCode).toBe(200);
    const id = request.json().data._id;
    const approvals = await Promise.all([1, 2].map(() => call('POST', `/admin/payout-requests/${id}/approve`, admin, {})));
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const transfers = [...stand.transfers.values()].filter((t) => t.destination === connected.accountId);
    expect(transfers).toEqual([expect.objectContaining({ amount: 6000, currency: 'usd' })]);
    expect(stand.requests.filter((r) => r.path === '/v1/transfers').at(-1)!.idempotencyKey).toBe(`payout:${id}`);
    const row = (await allRows(server.app, tables.payoutRequests)).find((r) => r.id === id)!;
    expect(row).toMatchObject({ status: 'paid', gatewayTransferId: transfers[0]!.id });
    await expectLedgerSound(server.app);
  });
});
