import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { entitlementsRepository } from '../../../src/server/modules/entitlements/entitlements.repository';
import { recountCreatorStats } from '../../../src/server/modules/content/creator-stats.repository';
import { call, US_IP, type Caller } from '../social/social-helpers';
import type { ContentType } from '../../../src/common/contract/content';

export { call, type Caller };

/**
 * One creator's world for the moderation tests: a creator with an item of every kind bought by
 * `buyer` (and one more of each for sale that nobody bought), the fans the access rules tell
 * apart (a subscriber, a buyer, a follower, a plain fan), another creator, and an operator.
 * Everyone calls from a US address.
 */
export type Who = 'owner' | 'admin' | 'otherAdmin' | 'subscriber' | 'buyer' | 'follower' | 'fan' | 'otherCreator' | 'signedOut';

export interface ModerationWorld {
  creatorId: string;
  creatorUsername: string;
  ids: Record<Who, string | null>;
  callers: Record<Who, Caller>;
  emails: Record<Who, string | null>;
  /** Items the buyer bought (sale access), per kind. */
  bought: Record<ContentType, string>;
  /** Items for sale nobody bought, per kind. */
  forSale: Record<ContentType, string>;
}

/** A ready media file (videos are shown to fans only once their main file is processed). */
async function mediaFile(app: FastifyInstance, ownerId: string, kind: 'video' | 'image', purpose: string) {
  const base = `media/${ownerId}/${crypto.randomUUID()}`;
  const [file] = await app.db.insert(tables.mediaFiles).values({
    ownerId, kind, purpose, status: 'ready', mainKey: `${base}/main.${kind === 'video' ? 'mp4' : 'jpg'}`,
    mainContentType: kind === 'video' ? 'video/mp4' : 'image/jpeg', thumbnailKey: `${base}/thumb.webp`, previewKey: `${base}/preview.webp`,
  }).returning();
  return file.id;
}

/** A published item of the creator, for sale at 5 tokens; `words` makes its title or text findable. */
export async function createSaleItem(app: FastifyInstance, type: ContentType, performerId: string, words: string): Promise<string> {
  const sale = { performerId, access: 'sale' as const, priceCents: 500 };
  if (type === 'feed') return (await app.db.insert(tables.feeds).values({ ...sale, text: `<p>${words}</p>` }).returning())[0].id;
  if (type === 'video') {
    const fileId = await mediaFile(app, performerId, 'video', 'video');
    return (await app.db.insert(tables.videos).values({ ...sale, title: words, fileId }).returning())[0].id;
  }
  if (type === 'gallery') {
    const id = (await app.db.insert(tables.galleries).values({ ...sale, title: words }).returning())[0].id;
    const fileId = await mediaFile(app, performerId, 'image', 'gallery-photo');
    await app.db.insert(tables.photos).values({ galleryId: id, performerId, fileId, title: words, position: 0 });
    await app.db.update(tables.galleries).set({ totalPhotos: 1 }).where(eq(tables.galleries.id, id));
    return id;
  }
  return (await app.db.insert(tables.products).values({ performerId, name: words, type: 'digital', priceCents: 500 }).returning())[0].id;
}

export const TYPES: readonly ContentType[] = ['feed', 'video', 'gallery', 'product'];

export async function buildModerationWorld(app: FastifyInstance): Promise<ModerationWorld> {
  const owner = await createPerformerWithToken(app);
  const otherCreator = await createPerformerWithToken(app);
  const admin = await createUserWithToken(app, { role: 'admin' });
  const otherAdmin = await createUserWithToken(app, { role: 'admin' });
  const [subscriber, buyer, follower, fan] = [await createUserWithToken(app), await createUserWithToken(app), await createUserWithToken(app), await createUserWithToken(app)];
  const creatorId = owner.user.id;
  const bought = {} as Record<ContentType, string>;
  const forSale = {} as Record<ContentType, string>;
  for (const type of TYPES) {
    bought[type] = await createSaleItem(app, type, creatorId, `bought ${type} zebra`);
    forSale[type] = await createSaleItem(app, type, creatorId, `unsold ${type} walrus`);
    await entitlementsRepository.grantEntitlement(app.db, { userId: buyer.user.id, objectType: type, objectId: bought[type] });
  }
  for (const type of TYPES) await recountCreatorStats(app.db, type, creatorId);
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);
  await entitlementsRepository.grantSubscription(app.db, { userId: subscriber.user.id, performerId: creatorId, type: 'monthly', expiresAt: inAMonth });
  await app.db.insert(tables.follows).values({ followerId: follower.user.id, performerId: creatorId });

  const us = (a: { token: string }): Caller => ({ token: a.token, ip: US_IP });
  const people = { owner, admin, otherAdmin, subscriber, buyer, follower, fan, otherCreator };
  const ids = { signedOut: null } as Record<Who, string | null>;
  const callers = { signedOut: { ip: US_IP } } as Record<Who, Caller>;
  const emails = { signedOut: null } as Record<Who, string | null>;
  for (const [who, account] of Object.entries(people) as [Who, typeof owner][]) {
    ids[who] = account.user.id;
    callers[who] = us(account);
    emails[who] = account.user.email;
  }
  return { creatorId, creatorUsername: owner.user.username!, ids, callers, emails, bought, forSale };
}

/** The creator's public counters as stored. */
export async function creatorCounters(app: FastifyInstance, performerId: string) {
  const [row] = await app.db.select().from(tables.performers).where(eq(tables.performers.userId, performerId));
  return { posts: row.totalPosts, videos: row.totalVideos, photos: row.totalPhotos };
}

export async function auditRows(app: FastifyInstance) {
  return allRows(app, tables.auditLog);
}

const sortById = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

/** Everything moderation may write, for "a refused request wrote nothing". */
export async function moderationSnapshot(app: FastifyInstance) {
  const [feeds, videos, galleries, products, comments, reports, audit, warnings, users, sessions, performers] = await Promise.all([
    allRows(app, tables.feeds), allRows(app, tables.videos), allRows(app, tables.galleries), allRows(app, tables.products),
    allRows(app, tables.comments), allRows(app, tables.reports), allRows(app, tables.auditLog), allRows(app, tables.accountWarnings),
    allRows(app, tables.users), allRows(app, tables.sessions), allRows(app, tables.performers),
  ]);
  return {
    feeds: sortById(feeds), videos: sortById(videos), galleries: sortById(galleries), products: sortById(products),
    comments: sortById(comments), reports: sortById(reports), audit: audit.length, warnings: sortById(warnings),
    users: sortById(users).map((u) => ({ id: u.id, status: u.status, reason: u.suspendedReason })),
    sessions: sortById(sessions).map((s) => ({ id: s.id, revokedAt: s.revokedAt })),
    performers: [...performers].sort((a, b) => a.userId.localeCompare(b.userId)),
  };
}

export const hide = (app: FastifyInstance, as: Caller, type: string, id: string, reason: unknown = 'Breaks the rules') =>
  call(app, 'POST', `/admin/content/${type}/${id}/hide`, as, { reason });
export const unhide = (app: FastifyInstance, as: Caller, type: string, id: string) => call(app, 'POST', `/admin/content/${type}/${id}/unhide`, as, {});
