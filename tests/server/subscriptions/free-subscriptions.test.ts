import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { createSubscriptionsService } from '../../../src/server/modules/subscriptions/subscriptions.service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const subscribe = (token: string, body: object) =>
  server.app.inject({ method: 'POST', url: '/payment/subscribe/performers', headers: { authorization: token }, payload: body });
const get = (token: string | undefined, url: string) =>
  server.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
const profile = async (token: string, id: string) => (await get(token, `/performers/${id}`)).json().data;
const subscriberCount = async (performerId: string) =>
  (await server.app.db.select().from(tables.performers).where(eq(tables.performers.userId, performerId)))[0]!.totalSubscribers;

async function world(free = true) {
  const creator = await createPerformerWithToken(server.app, {}, { isFreeSubscription: free });
  const fan = await createUserWithToken(server.app);
  return { creator, fan };
}

describe('POST /payment/subscribe/performers (free)', () => {
  it('starts a free subscription for freeSubscriptionDuration days that opens the creator to the fan', async () => {
    const { creator, fan } = await world();
    const before = Date.now();
    const res = await subscribe(fan.token, { performerId: creator.user.id, type: 'free' });
    expect(res.statusCode).toBe(200);
    const item = res.json().data;
    expect(item).toMatchObject({ type: 'free', status: 'active', price: 0, renews: false, hasAccess: true });
    expect(item.performer._id).toBe(creator.user.id);
    expect(item.user._id).toBe(fan.user.id);
    const days = (Date.parse(item.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(0.99);
    expect(days).toBeLessThan(1.01);
    const seen = await profile(fan.token, creator.user.id);
    expect(seen.isSubscribed).toBe(true);
    expect(seen.subscription).toMatchObject({ type: 'free', hasAccess: true, freeUsed: true });
    expect(seen.freeSubscriptionDays).toBe(0);
    expect(seen.stats.subscribers).toBe(1);
  });

  it('is once per fan and creator, also under concurrency, and a second one while subscribed is a 409', async () => {
    const { creator, fan } = await world();
    const results = await Promise.all(Array.from({ length: 10 }, () => subscribe(fan.token, { performerId: creator.user.id, type: 'free' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toContain('You are already subscribed to this creator');
    expect(await subscriberCount(creator.user.id)).toBe(1);
    // After it lapses, the free offer is gone for this fan.
    await server.app.db.update(tables.subscriptions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(tables.subscriptions.userId, fan.user.id));
    await createSubscriptionsService(server.app).expireLapsed();
    const again = await subscribe(fan.token, { performerId: creator.user.id, type: 'free' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already used your free subscription with this creator');
    expect((await profile(fan.token, creator.user.id)).isSubscribed).toBe(false);
    expect(await subscriberCount(creator.user.id)).toBe(0);
  });

  it('refuses when the creator or the site does not offer it, oneself, unknown and blocked creators, writing nothing', async () => {
    const { creator, fan } = await world(false);
    const notOffered = await subscribe(fan.token, { performerId: creator.user.id, type: 'free' });
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json().message).toBe('This creator does not offer a free subscription');

    const offering = await world(true);
    await server.app.inject({ method: 'PUT', url: '/admin/settings', headers: { authorization: (await createUserWithToken(server.app, { role: 'admin' })).token }, payload: { freeSubscriptionEnabled: false } });
    const siteOff = await subscribe(offering.fan.token, { performerId: offering.creator.user.id, type: 'free' });
    expect(siteOff.statusCode).toBe(422);
    await server.app.inject({ method: 'PUT', url: '/admin/settings', headers: { authorization: (await createUserWithToken(server.app, { role: 'admin' })).token }, payload: { freeSubscriptionEnabled: true } });

    const self = await subscribe(creator.token, { performerId: creator.user.id, type: 'free' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot subscribe to yourself');
    const aFan = await createUserWithToken(server.app);
    expect((await subscribe(fan.token, { performerId: aFan.user.id, type: 'free' })).statusCode).toBe(404);
    expect((await subscribe(fan.token, { performerId: 'nope', type: 'free' })).statusCode).toBe(400);
    expect((await subscribe(fan.token, { performerId: creator.user.id, type: 'weekly' })).statusCode).toBe(400);

    const blocked = await world(true);
    await server.app.inject({ method: 'POST', url: '/block/users', headers: { authorization: blocked.creator.token }, payload: { userId: blocked.fan.user.id } });
    const refused = await subscribe(blocked.fan.token, { performerId: blocked.creator.user.id, type: 'free' });
    expect(refused.statusCode).toBe(403);
    const rows = await server.app.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.performerId, creator.user.id));
    expect(rows).toHaveLength(0);
    expect(await server.app.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.performerId, blocked.creator.user.id))).toHaveLength(0);
  });

  it('needs a signed-in caller', async () => {
    const { creator } = await world();
    const res = await server.app.inject({ method: 'POST', url: '/payment/subscribe/performers', payload: { performerId: creator.user.id, type: 'free' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('lists and cancelling', () => {
  it('the fan sees theirs, the creator their subscribers, nobody else either; cancelling keeps access until the end', async () => {
    const { creator, fan } = await world();
    const other = await createUserWithToken(server.app);
    const otherCreator = await createPerformerWithToken(server.app);
    const id = (await subscribe(fan.token, { performerId: creator.user.id, type: 'free' })).json().data._id;

    const mine = (await get(fan.token, '/subscriptions/user/search')).json().data;
    expect(mine.total).toBe(1);
    expect(mine.data[0]._id).toBe(id);
    expect((await get(other.token, '/subscriptions/user/search')).json().data.total).toBe(0);
    const subscribers = (await get(creator.token, '/subscriptions/performer/search')).json().data;
    expect(subscribers.data.map((s: { user: { _id: string } }) => s.user._id)).toEqual([fan.user.id]);
    expect((await get(otherCreator.token, '/subscriptions/performer/search')).json().data.total).toBe(0);
    expect((await get(fan.token, '/subscriptions/performer/search')).statusCode).toBe(403);
    expect((await get(undefined, '/subscriptions/user/search')).statusCode).toBe(401);

    const cancelAs = (token: string, gateway = 'sandbox') =>
      server.app.inject({ method: 'POST', url: `/payment/${gateway}/cancel-subscription/${id}`, headers: { authorization: token } });
    expect((await cancelAs(other.token)).statusCode).toBe(404);
    expect((await cancelAs(creator.token)).statusCode).toBe(404);
    expect((await cancelAs(fan.token, 'paypal')).statusCode).toBe(404);
    const cancelled = await cancelAs(fan.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', hasAccess: true, renews: false });
    expect(cancelled.json().data.cancelledAt).not.toBeNull();
    expect((await cancelAs(fan.token)).json()).toMatchObject({ statusCode: 409, message: 'This subscription is already cancelled' });
    expect((await profile(fan.token, creator.user.id)).isSubscribed).toBe(true);

    const filtered = (await get(fan.token, '/subscriptions/user/search?status=active')).json().data;
    expect(filtered.total).toBe(0);
  });
});
