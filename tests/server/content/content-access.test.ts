import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { entitlementsRepository } from '../../../src/server/modules/entitlements/entitlements.repository';
import { contentPriceBounds, priceOf, requireVisibleItem, resolveAccess } from '../../../src/server/modules/content/content-access.service';
import { visibleContent } from '../../../src/server/modules/content/content-access.repository';
import type { Viewer } from '../../../src/server/modules/blocking/viewer';
import { HttpError } from '../../../src/server/lib/http-error';

jest.setTimeout(60_000);

let server: TestServer;
let creatorId: string;
const viewers: Record<string, Viewer> = {};
const feedIds: Record<string, string> = {};
const GB = 'GB';

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.app;
  const creator = await createPerformerWithToken(server.app);
  creatorId = creator.user.id;
  const admin = await createUserWithToken(server.app, { role: 'admin' });
  const make = async () => (await createUserWithToken(server.app)).user.id;
  const [subscriber, expired, buyer, follower, stranger, blocked] = await Promise.all([make(), make(), make(), make(), make(), make()]);
  const fan = (userId: string, country: string | null = 'US'): Viewer => ({ userId, role: 'user', country });
  Object.assign(viewers, {
    owner: { userId: creatorId, role: 'performer', country: GB },
    admin: { userId: admin.user.id, role: 'admin', country: GB },
    subscriber: fan(subscriber),
    expiredSubscriber: fan(expired),
    buyer: fan(buyer),
    follower: fan(follower),
    stranger: fan(stranger),
    signedOut: { userId: null, role: null, country: 'US' },
    blocked: fan(blocked),
    blockedCountry: { userId: null, role: null, country: GB },
  });
  for (const access of ['free', 'subscribers', 'sale'] as const) {
    const [row] = await db.insert(tables.feeds).values({ performerId: creatorId, text: access, access, priceCents: access === 'sale' ? 500 : 0 }).returning();
    feedIds[access] = row.id;
  }
  const [draft] = await db.insert(tables.feeds).values({ performerId: creatorId, text: 'draft', status: 'draft' }).returning();
  const [scheduled] = await db.insert(tables.feeds).values({ performerId: creatorId, text: 'later', publishAt: new Date(Date.now() + 86_400_000) }).returning();
  feedIds.draft = draft.id;
  feedIds.scheduled = scheduled.id;
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);
  await entitlementsRepository.grantSubscription(db, { userId: subscriber, performerId: creatorId, type: 'monthly', expiresAt: inAMonth });
  await entitlementsRepository.grantSubscription(db, { userId: expired, performerId: creatorId, type: 'monthly', expiresAt: new Date(Date.now() - 1000) });
  await entitlementsRepository.grantEntitlement(db, { userId: buyer, objectType: 'feed', objectId: feedIds.sale });
  await db.insert(tables.follows).values({ followerId: follower, performerId: creatorId });
  await db.insert(tables.blockedUsers).values({ performerId: creatorId, userId: blocked });
  await db.insert(tables.blockedCountries).values({ performerId: creatorId, country: GB });
});
afterAll(() => server.close());

// Which of free / subscribers / sale each viewer may open.
const UNLOCKED: Record<string, string[]> = {
  owner: ['free', 'subscribers', 'sale'],
  admin: ['free', 'subscribers', 'sale'],
  subscriber: ['free', 'subscribers'],
  expiredSubscriber: ['free'],
  buyer: ['free', 'sale'],
  follower: ['free'],
  stranger: ['free'],
  signedOut: ['free'],
};

describe('content access rules', () => {
  it.each(Object.entries(UNLOCKED))('%s opens exactly %j', async (who, expected) => {
    const items = (['free', 'subscribers', 'sale'] as const).map((access) => ({ id: feedIds[access], performerId: creatorId, access }));
    const access = await resolveAccess(server.app.db, viewers[who], 'feed', items);
    const opened = items.filter((i) => !access.get(i.id)!.isLocked).map((i) => i.access);
    expect(opened).toEqual(expected);
    for (const i of items) {
      const info = access.get(i.id)!;
      expect(info.unlockedBy === null).toBe(info.isLocked);
    }
  });

  it('tells subscribers and buyers apart from the reason', async () => {
    const items = [{ id: feedIds.subscribers, performerId: creatorId, access: 'subscribers' as const }, { id: feedIds.sale, performerId: creatorId, access: 'sale' as const }];
    const sub = await resolveAccess(server.app.db, viewers.subscriber, 'feed', items);
    expect(sub.get(feedIds.subscribers)).toEqual({ isLocked: false, unlockedBy: 'subscriber', isSubscribed: true, isBought: false });
    expect(sub.get(feedIds.sale)).toEqual({ isLocked: true, unlockedBy: null, isSubscribed: true, isBought: false });
    const buyer = await resolveAccess(server.app.db, viewers.buyer, 'feed', items);
    expect(buyer.get(feedIds.sale)).toEqual({ isLocked: false, unlockedBy: 'buyer', isSubscribed: false, isBought: true });
  });

  const statusOf = async (who: string, key: string) => {
    try {
      await requireVisibleItem(server.app.db, 'feed', feedIds[key], viewers[who]);
      return 200;
    } catch (err) {
      return (err as HttpError).statusCode;
    }
  };

  it('hides drafts and scheduled items from all but the owner and admins', async () => {
    for (const key of ['draft', 'scheduled']) {
      expect(await statusOf('owner', key)).toBe(200);
      expect(await statusOf('admin', key)).toBe(200);
      for (const who of ['subscriber', 'buyer', 'stranger', 'signedOut']) expect(await statusOf(who, key)).toBe(404);
    }
  });

  it('answers "not available" to a blocked account or country, even for free items', async () => {
    expect(await statusOf('blocked', 'free')).toBe(403);
    expect(await statusOf('blockedCountry', 'free')).toBe(403);
    expect(await statusOf('stranger', 'free')).toBe(200);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    await expect(requireVisibleItem(server.app.db, 'feed', 'nope', viewers.stranger)).rejects.toMatchObject({ statusCode: 400 });
    await expect(requireVisibleItem(server.app.db, 'feed', '00000000-0000-4000-8000-000000000000', viewers.stranger)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('lists with the same visibility rule', async () => {
    const visibleTexts = async (who: string) => {
      const rows = await server.app.db.select({ text: tables.feeds.text }).from(tables.feeds)
        .where(and(eq(tables.feeds.performerId, creatorId), visibleContent('feed', viewers[who])));
      return rows.map((r) => r.text).sort();
    };
    expect(await visibleTexts('owner')).toEqual(['draft', 'free', 'later', 'sale', 'subscribers']);
    expect(await visibleTexts('admin')).toEqual(['draft', 'free', 'later', 'sale', 'subscribers']);
    expect(await visibleTexts('stranger')).toEqual(['free', 'sale', 'subscribers']);
    expect(await visibleTexts('blocked')).toEqual([]);
    expect(await visibleTexts('blockedCountry')).toEqual([]);
  });

  it('keeps prices within the content bounds, in cents', async () => {
    const bounds = await contentPriceBounds(server.app.settings);
    expect(bounds).toEqual({ min: 1, max: 1000 });
    expect(priceOf(bounds, 'free', 99)).toBe(0);
    expect(priceOf(bounds, 'sale', 4.99)).toBe(499);
    for (const bad of [undefined, 0.5, 1000.01, 2.345]) {
      expect(() => priceOf(bounds, 'sale', bad)).toThrow(expect.objectContaining({ statusCode: 422, message: 'Price must be between 1.00 and 1000.00 tokens, in steps of 0.01' }));
    }
  });
});
