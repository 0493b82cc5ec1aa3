import { startTestServer, type TestServer } from '../../support/server';
import { allRows, tables } from '../../support/db';
import { NOT_AVAILABLE_MESSAGE } from '../../../src/common/contract/social';
import { entitlementsRepository } from '../../../src/server/modules/entitlements/entitlements.repository';
import { buildWorld, call, engagementSnapshot, itemCounters, type Who, type World } from '../comments/engagement-world';

jest.setTimeout(90_000);

let server: TestServer;
let world: World;
beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server.app);
});
afterAll(() => server.close());

type Body = { objectType: string; objectId: string; action: string } & Record<string, unknown>;
const react = (who: Who, body: Body) => call(server.app, 'POST', '/reactions', world.callers[who], body);
const unreact = (who: Who, body: Body) => call(server.app, 'DELETE', '/reactions', world.callers[who], body);
const like = (objectId: string, objectType = 'feed'): Body => ({ objectType, objectId, action: 'like' });
const bookmark = (objectId: string, objectType = 'feed'): Body => ({ objectType, objectId, action: 'bookmark' });
const creatorLikes = async () => (await allRows(server.app, tables.performers)).find((p) => p.userId === world.creatorId)!.totalLikes;

describe('likes on content', () => {
  it('likes and unlikes idempotently; the item and the creator count each like once', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await react('stranger', like(world.items.feedFree));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { objectType: 'feed', objectId: world.items.feedFree, action: 'like', active: true, total: 1 } });
    }
    expect((await react('subscriber', like(world.items.feedFree))).json().data.total).toBe(2);
    expect(await itemCounters(server.app, 'feeds', world.items.feedFree)).toMatchObject({ likes: 2, bookmarks: 0 });
    expect(await creatorLikes()).toBe(2);
    for (let i = 0; i < 2; i += 1) {
      const res = await unreact('subscriber', like(world.items.feedFree));
      expect(res.json().data).toEqual({ objectType: 'feed', objectId: world.items.feedFree, action: 'like', active: false, total: 1 });
    }
    expect((await itemCounters(server.app, 'feeds', world.items.feedFree)).likes).toBe(1);
    expect(await creatorLikes()).toBe(1);
  });

  it('counts likes on videos, galleries and products into the creator\'s total', async () => {
    const before = await creatorLikes();
    expect((await react('stranger', like(world.items.video, 'video'))).statusCode).toBe(200);
    expect((await react('subscriber', like(world.items.gallery, 'gallery'))).statusCode).toBe(200);
    expect((await react('buyer', like(world.items.product, 'product'))).statusCode).toBe(200);
    expect((await itemCounters(server.app, 'videos', world.items.video)).likes).toBe(1);
    expect((await itemCounters(server.app, 'galleries', world.items.gallery)).likes).toBe(1);
    expect((await itemCounters(server.app, 'products', world.items.product)).likes).toBe(1);
    expect(await creatorLikes()).toBe(before + 3);
  });

  // Expected like status per viewer for [free, subscribers-only, for sale] posts.
  const LIKE: Record<Exclude<Who, 'otherCreator' | 'signedOut'>, [number, number, number]> = {
    owner: [400, 400, 400],
    admin: [200, 200, 200],
    subscriber: [200, 200, 403],
    buyer: [200, 403, 200],
    stranger: [200, 403, 403],
    blocked: [403, 403, 403],
    blockedCountry: [403, 403, 403],
  };
  it.each(Object.entries(LIKE))('%s may like %j', async (who, expected) => {
    const items = [world.items.feedFree, world.items.feedSubs, world.items.feedSale];
    for (const [i, id] of items.entries()) {
      const before = await engagementSnapshot(server.app);
      const res = await react(who as Who, like(id));
      expect(res.statusCode).toBe(expected[i]);
      const message = res.json().message;
      if (res.statusCode === 403) expect(message).toBe(who.startsWith('blocked') ? NOT_AVAILABLE_MESSAGE : 'Unlock this post to like it');
      if (res.statusCode === 400) expect(message).toBe('You cannot like your own post');
      if (res.statusCode !== 200) expect(await engagementSnapshot(server.app)).toEqual(before);
      else await unreact(who as Who, like(id));
    }
  });

  it('asks a signed-out visitor to sign in', async () => {
    for (const send of [react, unreact]) expect((await send('signedOut', like(world.items.feedFree))).statusCode).toBe(401);
  });

  it('names what unlocks a locked product', async () => {
    const res = await react('stranger', like(world.items.product, 'product'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Buy this product to like it');
  });

  it('lets a fan whose subscription ended take a like back', async () => {
    const [row] = await server.app.db.insert(tables.feeds).values({ performerId: world.creatorId, text: 'subs', access: 'subscribers' }).returning();
    expect((await react('subscriber', like(row.id))).statusCode).toBe(200);
    const subscription = { userId: world.ids.subscriber!, performerId: world.creatorId, type: 'monthly' as const };
    await entitlementsRepository.grantSubscription(server.app.db, { ...subscription, expiresAt: new Date(Date.now() - 1000) });
    try {
      expect((await react('subscriber', like(row.id))).statusCode).toBe(403);
      const res = await unreact('subscriber', like(row.id));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ active: false, total: 0 });
      expect((await itemCounters(server.app, 'feeds', row.id)).likes).toBe(0);
    } finally {
      await entitlementsRepository.grantSubscription(server.app.db, { ...subscription, expiresAt: new Date(Date.now() + 30 * 86_400_000) });
    }
  });
});

describe('bookmarks on content', () => {
  it('saves locked items too, and moves only total_bookmarks', async () => {
    const likesBefore = await creatorLikes();
    for (const who of ['stranger', 'buyer', 'owner'] as Who[]) {
      const res = await react(who, bookmark(world.items.feedSubs));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ action: 'bookmark', active: true });
    }
    expect(await itemCounters(server.app, 'feeds', world.items.feedSubs)).toMatchObject({ bookmarks: 3, likes: 0 });
    expect((await unreact('owner', bookmark(world.items.feedSubs))).json().data).toMatchObject({ active: false, total: 2 });
    expect((await itemCounters(server.app, 'feeds', world.items.feedSubs)).bookmarks).toBe(2);
    expect(await creatorLikes()).toBe(likesBefore);
    expect((await react('stranger', bookmark(world.items.product, 'product'))).statusCode).toBe(200);
    expect((await itemCounters(server.app, 'products', world.items.product)).bookmarks).toBe(1);
  });

  it('refuses blocked viewers, hidden items and signed-out visitors', async () => {
    const before = await engagementSnapshot(server.app);
    const cases: [Who, Body, number, string][] = [
      ['blocked', bookmark(world.items.feedFree), 403, NOT_AVAILABLE_MESSAGE],
      ['blockedCountry', bookmark(world.items.feedFree), 403, NOT_AVAILABLE_MESSAGE],
      ['stranger', bookmark(world.items.feedDraft), 404, 'Post not found'],
      ['stranger', bookmark(world.items.feedScheduled), 404, 'Post not found'],
      ['signedOut', bookmark(world.items.feedFree), 401, 'Please sign in to continue'],
    ];
    for (const [who, body, status, message] of cases) {
      for (const send of [react, unreact]) {
        const res = await send(who, body);
        expect([res.statusCode, res.json().message]).toEqual([status, message]);
      }
    }
    expect(await engagementSnapshot(server.app)).toEqual(before);
  });
});

describe('bad input', () => {
  it('gets a 4xx with a message and writes nothing', async () => {
    const before = await engagementSnapshot(server.app);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases: [object | undefined, number, RegExp | string][] = [
      [{ objectType: 'photo', objectId: world.items.feedFree, action: 'like' }, 400, /objectType must be one of/],
      [{ objectType: 'feed', objectId: 'not-a-uuid', action: 'like' }, 400, 'objectId must be a valid uuid'],
      [{ objectType: 'feed', objectId: world.items.feedFree, action: 'love' }, 400, /action must be one of/],
      [{ objectType: 'feed', objectId: world.items.feedFree }, 400, 'action is required'],
      [{ ...like(world.items.feedFree), extra: 1 }, 400, 'extra is not allowed'],
      [like(unknown), 404, 'Post not found'],
      [like(unknown, 'video'), 404, 'Video not found'],
      [like(world.items.feedFree, 'gallery'), 404, 'Gallery not found'],
      [bookmark(unknown, 'product'), 404, 'Product not found'],
      [undefined, 400, /body/],
    ];
    for (const [body, status, message] of cases) {
      for (const send of [react, unreact]) {
        const res = await send('stranger', body as Body);
        expect([res.statusCode, res.json().message]).toEqual([status, typeof message === 'string' ? message : expect.stringMatching(message)]);
      }
    }
    expect(await engagementSnapshot(server.app)).toEqual(before);
  });
});
