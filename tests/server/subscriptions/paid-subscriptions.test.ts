import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { balanceOf, expectLedgerSound } from '../../support/money';
import { addCard, createCoupon, VISA_DECLINE } from '../payments/payment-helpers';
import { earningsOf, PLATFORM_REVENUE } from '../../../src/server/modules/ledger/ledger.repository';
import { createSubscriptionsService } from '../../../src/server/modules/subscriptions/subscriptions.service';
import { createPaidSubscriptions } from '../../../src/server/modules/subscriptions/subscriptions-paid';
import { createRecurringSubscriptions } from '../../../src/server/modules/subscriptions/subscriptions-recurring';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;
const subscribe = (token: string, body: object, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: '/payment/subscribe/performers', headers: { authorization: token, ...headers }, payload: body });
const subscriptionRow = async (userId: string) =>
  (await server.app.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.userId, userId)))[0];
const paymentsOf = (userId: string) =>
  server.app.db.select().from(tables.paymentTransactions).where(eq(tables.paymentTransactions.userId, userId));

async function world(profile: { monthlyPriceCents?: number; isFreeSubscription?: boolean } = {}) {
  const creator = await createPerformerWithToken(server.app, { name: 'Aurora' }, { monthlyPriceCents: 1000, yearlyPriceCents: 10000, ...profile });
  const fan = await createUserWithToken(server.app);
  const card = await addCard(server.app, fan.token);
  return { creator, fan, card };
}

describe('paid subscriptions', () => {
  it('charges the card the price in USD, pays the creator net of commission and opens the content at once', async () => {
    const { creator, fan, card } = await world();
    const revenue = await balanceOf(server.app, PLATFORM_REVENUE);
    const res = await subscribe(fan.token, { performerId: creator.user.id, type: 'monthly', cardId: card._id });
    expect(res.statusCode).toBe(200);
    const item = res.json().data;
    expect(item).toMatchObject({ type: 'monthly', status: 'active', price: 10, renews: true, hasAccess: true, gateway: 'sandbox' });
    expect((Date.parse(item.expiresAt) - Date.now()) / DAY).toBeCloseTo(30, 1);
    const [payment] = await paymentsOf(fan.user.id);
    expect(payment).toMatchObject({ kind: 'subscription', status: 'succeeded', amountCents: 1000, tokensCents: 1000, subscriptionId: item._id, performerId: creator.user.id });
    expect(await balanceOf(server.app, earningsOf(creator.user.id))).toBe(8);
    expect(await balanceOf(server.app, PLATFORM_REVENUE)).toBeCloseTo(revenue + 2, 10);
    const profile = (await server.app.inject({ method: 'GET', url: `/performers/${creator.user.id}`, headers: { authorization: fan.token } })).json().data;
    expect(profile.isSubscribed).toBe(true);
    expect(profile.stats.subscribers).toBe(1);
    const sales = (await server.app.inject({ method: 'GET', url: '/performer/earning/search', headers: { authorization: creator.token } })).json().data;
    expect(sales.data[0]).toMatchObject({ type: 'subscription', gross: 10, net: 8 });
    await expectLedgerSound(server.app);
  });

  it('a declined card is a 402 with the bank\'s reason and grants nothing', async () => {
    const { creator, fan } = await world();
    const declined = await addCard(server.app, fan.token, VISA_DECLINE);
    const res = await subscribe(fan.token, { performerId: creator.user.id, type: 'yearly', cardId: declined._id });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    expect(await subscriptionRow(fan.user.id)).toBeUndefined();
    expect(await balanceOf(server.app, earningsOf(creator.user.id))).toBe(0);
    expect((await paymentsOf(fan.user.id))[0]).toMatchObject({ status: 'failed', kind: 'subscription' });
    await expectLedgerSound(server.app);
  });

  it('refuses a second paid subscription; a cancelled one resumes without a charge; bad input writes nothing', async () => {
    const { creator, fan, card } = await world();
    const first = (await subscribe(fan.token, { performerId: creator.user.id, type: 'monthly', cardId: card._id })).json().data;
    const again = await subscribe(fan.token, { performerId: creator.user.id, type: 'monthly', cardId: card._id });
    expect(again.json()).toMatchObject({ statusCode: 409, message: 'You are already subscribed to this creator' });
    await server.app.inject({ method: 'POST', url: `/payment/sandbox/cancel-subscription/${first._id}`, headers: { authorization: fan.token } });
    const resumed = await subscribe(fan.token, { performerId: creator.user.id, type: 'monthly', cardId: card._id });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({ status: 'active', renews: true, expiresAt: first.expiresAt });
    expect(await paymentsOf(fan.user.id)).toHaveLength(1);

    const other = await createUserWithToken(server.app);
    expect((await subscribe(other.token, { performerId: creator.user.id, type: 'monthly' })).json()).toMatchObject({ statusCode: 400, message: 'Choose a card to pay with' });
    expect((await subscribe(other.token, { performerId: creator.user.id, type: 'monthly', cardId: card._id })).statusCode).toBe(404);
    expect(await paymentsOf(other.user.id)).toHaveLength(0);
    expect(await subscriptionRow(other.user.id)).toBeUndefined();
  });

  it('a coupon lowers the card charge; the platform bears the discount, the creator earns on the full price', async () => {
    const { creator, fan, card } = await world();
    const admin = await createUserWithToken(server.app, { role: 'admin' });
    const coupon = await createCoupon(server.app, admin.token, { code: 'HALF', discountPercentage: 50 });
    const res = await subscribe(fan.token, { performerId: creator.user.id, type: 'monthly', cardId: card._id, couponCode: coupon.code });
    expect(res.statusCode).toBe(200);
    expect((await paymentsOf(fan.user.id))[0]).toMatchObject({ amountCents: 1000, discountCents: 500, status: 'succeeded' });
    expect(await balanceOf(server.app, earningsOf(creator.user.id))).toBe(8);
    await expectLedgerSound(server.app);
  });

  it('paying during a free trial starts the paid period when the trial ends', async () => {
    const { creator, fan, card } = await world({ isFreeSubscription: true });
    const trial = (await subscribe(fan.token, { performerId: creator.user.id, type: 'free' })).json().data;
    const paid = (await subscribe(fan.token, { performerId: creator.user.id, type: 'monthly', cardId: card._id })).json().data;
    expect(paid.type).toBe('monthly');
    expect(Date.parse(paid.expiresAt) - Date.parse(trial.expiresAt)).toBeGreaterThan(30 * DAY - 60_000);
  });

  it('renews due subscriptions from their end; a failing card starts the grace period, and the lapse job ends it', async () => {
    const { creator, fan, card } = await world();
    const sub = (await subscribe(fan.token, { performerId: creator.user.id, type: 'monthly', cardId: card._id })).json().data;
    const soon = new Date(Date.now() + 30 * 60_000);
    await server.app.db.update(tables.subscriptions).set({ expiresAt: soon }).where(eq(tables.subscriptions.id, sub._id));
    const service = createSubscriptionsService(server.app);
    const paid = createPaidSubscriptions(server.app, service.item, createRecurringSubscriptions(server.app));
    expect(await paid.renewDue('sandbox')).toBeGreaterThanOrEqual(1);
    const renewed = await subscriptionRow(fan.user.id);
    expect(renewed!.expiresAt.getTime() - soon.getTime()).toBeGreaterThan(30 * DAY - 1000);
    expect(await paymentsOf(fan.user.id)).toHaveLength(2);
    expect(await balanceOf(server.app, earningsOf(creator.user.id))).toBe(16);

    // The card is gone: the next renewal fails and grace begins.
    await server.app.inject({ method: 'DELETE', url: `/payment-cards/${card._id}`, headers: { authorization: fan.token } });
    await server.app.db.update(tables.subscriptions).set({ expiresAt: soon }).where(eq(tables.subscriptions.id, sub._id));
    await paid.renewDue('sandbox');
    const grace = await subscriptionRow(fan.user.id);
    expect(grace!.graceUntil).not.toBeNull();
    expect(grace!.status).toBe('active');
    expect((grace!.expiresAt.getTime() - soon.getTime()) / DAY).toBeCloseTo(3, 1);
    // Tried again only a day later.
    expect(await paid.renewDue('sandbox')).toBe(0);
    await server.app.db.update(tables.subscriptions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(tables.subscriptions.id, sub._id));
    await service.expireLapsed();
    expect((await subscriptionRow(fan.user.id))!.status).toBe('expired');
    const profile = (await server.app.inject({ method: 'GET', url: `/performers/${creator.user.id}`, headers: { authorization: fan.token } })).json().data;
    expect(profile.isSubscribed).toBe(false);
    expect(profile.stats.subscribers).toBe(0);
    await expectLedgerSound(server.app);
  });

  it('one Idempotency-Key charges once however often the request is sent', async () => {
    const { creator, fan, card } = await world();
    const results = await Promise.all(Array.from({ length: 10 }, () =>
      subscribe(fan.token, { performerId: creator.user.id, type: 'monthly', cardId: card._id }, { 'idempotency-key': 'sub-1' })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(await paymentsOf(fan.user.id)).toHaveLength(1);
  });
});
