import { eq } from 'drizzle-orm';
import { SUBSCRIPTION_ENDING_NOTICE_DAYS } from '../../../src/common/contract/notifications';
import { createSubscriptionsService } from '../../../src/server/modules/subscriptions/subscriptions.service';
import { createPaidSubscriptions } from '../../../src/server/modules/subscriptions/subscriptions-paid';
import { createRecurringSubscriptions } from '../../../src/server/modules/subscriptions/subscriptions-recurring';
import { tables } from '../../support/db';
import { startTestServer, type TestServer } from '../../support/server';
import { addCard, VISA_DECLINE } from '../payments/payment-helpers';
import { api, mailsFor, newCreator, newFan, notificationsOf, ok, type Account } from './notifications-world';

jest.setTimeout(90_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;
const subscribe = (fan: Account, body: object) => api(server.app, 'POST', '/payment/subscribe/performers', fan.token, body);
const subscriptionOf = async (fan: Account) =>
  (await server.app.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.userId, fan.user.id)))[0]!;
const setExpiry = (id: string, expiresAt: Date) => server.app.db.update(tables.subscriptions).set({ expiresAt }).where(eq(tables.subscriptions.id, id));
const services = () => {
  const subscriptions = createSubscriptionsService(server.app);
  return { subscriptions, paid: createPaidSubscriptions(server.app, subscriptions.item, createRecurringSubscriptions(server.app)) };
};
const kinds = async (userId: string) => (await notificationsOf(server.app, userId)).map((n) => n.kind);

async function world() {
  const creator = await newCreator(server.app, {}, { monthlyPriceCents: 1000, yearlyPriceCents: 10000, isFreeSubscription: true });
  const fan = await newFan(server.app);
  return { creator, fan };
}

describe('subscriber_new', () => {
  it('a free subscription tells the creator, and mails them (on by default); a refused one tells nothing', async () => {
    const { creator, fan } = await world();
    await ok(subscribe(fan, { performerId: creator.user.id, type: 'free' }));
    expect((await subscribe(fan, { performerId: creator.user.id, type: 'free' })).statusCode).toBe(409);
    expect((await notificationsOf(server.app, creator.user.id)).map((n) => [n.kind, n.actorId, n.link, n.data])).toEqual([
      ['subscriber_new', fan.user.id, '/creator/my-subscriber', {}],
    ]);
    const mails = await mailsFor(server.app, server.dataDir, creator.user.email!);
    expect(mails.map((m) => m.subject)).toEqual([`${fan.user.name} subscribed to you`]);
  });

  it('a paid subscription tells the creator the price; its renewals do not; a declined card tells nothing', async () => {
    const { creator, fan } = await world();
    const declined = await addCard(server.app, fan.token, VISA_DECLINE);
    expect((await subscribe(fan, { performerId: creator.user.id, type: 'monthly', cardId: declined._id })).statusCode).toBe(402);
    expect(await notificationsOf(server.app, creator.user.id)).toEqual([]);
    const card = await addCard(server.app, fan.token);
    const sub = await ok<{ _id: string }>(subscribe(fan, { performerId: creator.user.id, type: 'monthly', cardId: card._id }));
    await setExpiry(sub._id, new Date(Date.now() + 30 * 60_000));
    expect(await services().paid.renewDue('sandbox')).toBeGreaterThanOrEqual(1);
    expect((await notificationsOf(server.app, creator.user.id)).map((n) => [n.kind, n.actorId, n.data])).toEqual([
      ['subscriber_new', fan.user.id, { amount: 10 }],
    ]);
  });

  it('a fan on a free trial who pays is a new paying subscriber', async () => {
    const { creator, fan } = await world();
    await ok(subscribe(fan, { performerId: creator.user.id, type: 'free' }));
    const card = await addCard(server.app, fan.token);
    await ok(subscribe(fan, { performerId: creator.user.id, type: 'yearly', cardId: card._id }));
    expect((await notificationsOf(server.app, creator.user.id)).map((n) => n.data)).toEqual([{}, { amount: 100 }]);
  });
});

describe('renewal_failed', () => {
  it('tells the fan once, with the end of the grace period, when a renewal charge fails', async () => {
    const { creator, fan } = await world();
    const card = await addCard(server.app, fan.token);
    const sub = await ok<{ _id: string }>(subscribe(fan, { performerId: creator.user.id, type: 'monthly', cardId: card._id }));
    await ok(api(server.app, 'DELETE', `/payment-cards/${card._id}`, fan.token));
    await setExpiry(sub._id, new Date(Date.now() + 30 * 60_000));
    const { paid } = services();
    await paid.renewDue('sandbox');
    const grace = (await subscriptionOf(fan)).graceUntil!;
    expect(grace).not.toBeNull();
    // Retried a day later and failing again: still one notification.
    await server.app.db.update(tables.subscriptions).set({ updatedAt: new Date(Date.now() - 2 * DAY) }).where(eq(tables.subscriptions.id, sub._id));
    await paid.renewDue('sandbox');
    expect((await notificationsOf(server.app, fan.user.id)).map((n) => [n.kind, n.actorId, n.link, n.data])).toEqual([
      ['renewal_failed', creator.user.id, '/user/my-subscriptions', { endsAt: grace.toISOString() }],
    ]);
    const [mail] = await mailsFor(server.app, server.dataDir, fan.user.email!);
    expect(mail.subject).toBe(`We could not renew your subscription to ${creator.user.name}: check your card before ${grace.toISOString().slice(0, 10)} to keep access`);
  });
});

describe('subscription_ending', () => {
  it(`tells fans once, ${SUBSCRIPTION_ENDING_NOTICE_DAYS} days ahead, of subscriptions that will not renew; a new period makes it due again`, async () => {
    const { subscriptions } = services();
    const { creator, fan } = await world();
    const card = await addCard(server.app, fan.token);
    // Free (does not renew), ending in two days.
    await ok(subscribe(fan, { performerId: creator.user.id, type: 'free' }));
    const free = await subscriptionOf(fan);
    await setExpiry(free.id, new Date(Date.now() + 2 * DAY));
    // A paid one that renews, ending as soon: not told. A cancelled one, ending in a week: not yet.
    const renewing = await world();
    const renewingCard = await addCard(server.app, renewing.fan.token);
    const active = await ok<{ _id: string }>(subscribe(renewing.fan, { performerId: renewing.creator.user.id, type: 'monthly', cardId: renewingCard._id }));
    await setExpiry(active._id, new Date(Date.now() + 2 * DAY));
    const later = await world();
    const laterCard = await addCard(server.app, later.fan.token);
    const cancelled = await ok<{ _id: string }>(subscribe(later.fan, { performerId: later.creator.user.id, type: 'monthly', cardId: laterCard._id }));
    await ok(api(server.app, 'POST', `/payment/sandbox/cancel-subscription/${cancelled._id}`, later.fan.token));
    await setExpiry(cancelled._id, new Date(Date.now() + 7 * DAY));

    // Other tests' free subscriptions (a few days long) may be due as well; a second run finds nothing left.
    expect(await subscriptions.notifyEnding()).toBeGreaterThanOrEqual(1);
    expect(await subscriptions.notifyEnding()).toBe(0);
    expect((await notificationsOf(server.app, fan.user.id)).map((n) => [n.kind, n.actorId, n.link, n.data])).toEqual([
      ['subscription_ending', creator.user.id, `/${creator.user.username}`, { endsAt: (await subscriptionOf(fan)).expiresAt.toISOString() }],
    ]);
    expect(await kinds(renewing.fan.user.id)).toEqual([]);
    expect(await kinds(later.fan.user.id)).toEqual([]);

    // The cancelled one comes within the notice: told now.
    await setExpiry(cancelled._id, new Date(Date.now() + DAY));
    expect(await subscriptions.notifyEnding()).toBe(1);
    expect(await kinds(later.fan.user.id)).toEqual(['subscription_ending']);

    // The fan pays for a new period (from the trial's end), cancels it, and it nears its end: told again.
    const paid = await ok<{ _id: string }>(subscribe(fan, { performerId: creator.user.id, type: 'monthly', cardId: card._id }));
    expect((await subscriptionOf(fan)).endingNotifiedAt).toBeNull();
    await ok(api(server.app, 'POST', `/payment/sandbox/cancel-subscription/${paid._id}`, fan.token));
    await setExpiry(paid._id, new Date(Date.now() + DAY));
    expect(await subscriptions.notifyEnding()).toBe(1);
    expect(await kinds(fan.user.id)).toEqual(['subscription_ending', 'subscription_ending']);
  });

  it('leaves ended subscriptions alone', async () => {
    const { subscriptions } = services();
    const { creator, fan } = await world();
    await ok(subscribe(fan, { performerId: creator.user.id, type: 'free' }));
    await setExpiry((await subscriptionOf(fan)).id, new Date(Date.now() - 1000));
    expect(await subscriptions.notifyEnding()).toBe(0);
    expect(await kinds(fan.user.id)).toEqual([]);
  });
});
