import type { FastifyInstance } from 'fastify';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { entitlementsRepository } from '../../../src/server/modules/entitlements/entitlements.repository';
import { call, GB_IP, US_IP, type Caller } from '../social/social-helpers';

/**
 * One creator's world for the engagement tests (comments, likes, reports): items of every kind
 * and access level, and the viewers the access rules tell apart. Everyone calls from a US address
 * except `blockedCountry`, who calls from GB, which the creator blocked.
 */
export type Who = 'owner' | 'admin' | 'subscriber' | 'buyer' | 'stranger' | 'signedOut' | 'blocked' | 'blockedCountry' | 'otherCreator';

export interface World {
  creatorId: string;
  ids: Record<Who, string | null>;
  callers: Record<Who, Caller>;
  items: {
    feedFree: string;
    feedSubs: string;
    feedSale: string;
    feedDraft: string;
    feedScheduled: string;
    video: string;
    gallery: string;
    product: string;
  };
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const owner = await createPerformerWithToken(app);
  const otherCreator = await createPerformerWithToken(app);
  const admin = await createUserWithToken(app, { role: 'admin' });
  const fan = () => createUserWithToken(app);
  const [subscriber, buyer, stranger, blocked, countryFan] = [await fan(), await fan(), await fan(), await fan(), await fan()];
  const creatorId = owner.user.id;
  const feed = async (values: Partial<typeof tables.feeds.$inferInsert>) =>
    (await app.db.insert(tables.feeds).values({ performerId: creatorId, text: 'hello', ...values }).returning())[0].id;
  const items: World['items'] = {
    feedFree: await feed({ access: 'free' }),
    feedSubs: await feed({ access: 'subscribers' }),
    feedSale: await feed({ access: 'sale', priceCents: 500 }),
    feedDraft: await feed({ status: 'draft' }),
    feedScheduled: await feed({ publishAt: new Date(Date.now() + 86_400_000) }),
    video: (await app.db.insert(tables.videos).values({ performerId: creatorId, title: 'A video', access: 'free' }).returning())[0].id,
    gallery: (await app.db.insert(tables.galleries).values({ performerId: creatorId, title: 'A gallery', access: 'subscribers' }).returning())[0].id,
    product: (await app.db.insert(tables.products).values({ performerId: creatorId, name: 'A product', type: 'digital', priceCents: 900 }).returning())[0].id,
  };
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);
  await entitlementsRepository.grantSubscription(app.db, { userId: subscriber.user.id, performerId: creatorId, type: 'monthly', expiresAt: inAMonth });
  await entitlementsRepository.grantEntitlement(app.db, { userId: buyer.user.id, objectType: 'feed', objectId: items.feedSale });
  await entitlementsRepository.grantEntitlement(app.db, { userId: buyer.user.id, objectType: 'product', objectId: items.product });
  await app.db.insert(tables.blockedUsers).values({ performerId: creatorId, userId: blocked.user.id });
  await app.db.insert(tables.blockedCountries).values({ performerId: creatorId, country: 'GB' });

  const us = (a: { token: string }): Caller => ({ token: a.token, ip: US_IP });
  return {
    creatorId,
    items,
    ids: {
      owner: creatorId, admin: admin.user.id, subscriber: subscriber.user.id, buyer: buyer.user.id, stranger: stranger.user.id,
      signedOut: null, blocked: blocked.user.id, blockedCountry: countryFan.user.id, otherCreator: otherCreator.user.id,
    },
    callers: {
      owner: us(owner), admin: us(admin), subscriber: us(subscriber), buyer: us(buyer), stranger: us(stranger),
      signedOut: { ip: US_IP }, blocked: us(blocked), blockedCountry: { token: countryFan.token, ip: GB_IP }, otherCreator: us(otherCreator),
    },
  };
}

export { call };

const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

/** Everything comments, reactions, reports and pages may write, for "bad input changed nothing". */
export async function engagementSnapshot(app: FastifyInstance) {
  const counters = <T extends { id: string; totalLikes: number; totalBookmarks: number; totalComments: number }>(rows: T[]) =>
    byId(rows).map((r) => ({ id: r.id, likes: r.totalLikes, bookmarks: r.totalBookmarks, comments: r.totalComments }));
  const [comments, reactions, reports, posts, feeds, videos, galleries, products, performers] = await Promise.all([
    allRows(app, tables.comments), allRows(app, tables.reactions), allRows(app, tables.reports), allRows(app, tables.posts),
    allRows(app, tables.feeds), allRows(app, tables.videos), allRows(app, tables.galleries), allRows(app, tables.products),
    allRows(app, tables.performers),
  ]);
  return {
    comments: byId(comments), reactions: byId(reactions), reports: byId(reports), posts: byId(posts),
    feeds: counters(feeds), videos: counters(videos), galleries: counters(galleries), products: counters(products),
    creatorLikes: [...performers].sort((a, b) => a.userId.localeCompare(b.userId)).map((p) => ({ id: p.userId, likes: p.totalLikes })),
  };
}

/** An item's stored counters. */
export async function itemCounters(app: FastifyInstance, type: 'feeds' | 'videos' | 'galleries' | 'products', id: string) {
  const row = (await allRows(app, tables[type])).find((r) => r.id === id)!;
  return { likes: row.totalLikes, bookmarks: row.totalBookmarks, comments: row.totalComments };
}
