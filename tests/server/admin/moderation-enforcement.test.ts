import { startTestServer, type TestServer } from '../../support/server';
import { fundWallet } from '../../support/money';
import { allRows, tables } from '../../support/db';
import type { ContentType } from '../../../src/common/contract/content';
import {
  buildModerationWorld, call, createSaleItem, creatorCounters, hide, TYPES, unhide, type ModerationWorld, type Who,
} from './moderation-world';

jest.setTimeout(120_000);

/**
 * A hidden item answers 404 to everyone but its creator and operators, on every path that reads
 * or uses it: detail, the creator's public lists, search, the timeline, bookmarks, photos,
 * comments, likes, bookmarks, votes and purchases. Unhiding brings it all back.
 */
let server: TestServer;
let world: ModerationWorld;
beforeAll(async () => {
  server = await startTestServer();
  world = await buildModerationWorld(server.app);
  await fundWallet(server.app, world.ids.fan!, 100);
  await fundWallet(server.app, world.ids.buyer!, 100);
});
afterAll(() => server.close());

const as = (who: Who) => world.callers[who];
const get = (who: Who, url: string) => call(server.app, 'GET', url, as(who));

const NOT_FOUND: Record<ContentType, string> = { feed: 'Post not found', video: 'Video not found', gallery: 'Gallery not found', product: 'Product not found' };
const detailUrl: Record<ContentType, (id: string) => string> = {
  feed: (id) => `/user/feeds/${id}`,
  video: (id) => `/performer-assets/videos/${id}`,
  gallery: (id) => `/performer-assets/galleries/${id}`,
  product: (id) => `/performer-assets/products/${id}`,
};
const creatorListUrl = (type: ContentType) => ({
  feed: `/user/feeds/search/${world.creatorUsername}?limit=50`,
  video: `/performer-assets/videos/search?performerId=${world.creatorId}&limit=50`,
  gallery: `/performer-assets/galleries/search?performerId=${world.creatorId}&limit=50`,
  product: `/performer-assets/products/search?performerId=${world.creatorId}&limit=50`,
})[type];
const searchUrl = (type: Exclude<ContentType, 'feed'>, q: string) => ({
  video: `/performer-assets/videos/search?q=${q}&limit=50`,
  gallery: `/performer-assets/galleries/search?q=${q}&limit=50`,
  product: `/performer-assets/products/search?q=${q}&limit=50`,
})[type];
const ownListUrl: Record<ContentType, string> = {
  feed: '/performer/feeds?limit=50',
  video: '/performer/performer-assets/videos/search?limit=50',
  gallery: '/performer/performer-assets/galleries/search?limit=50',
  product: '/performer/performer-assets/products/search?limit=50',
};
const bookmarksUrl: Record<ContentType, string> = {
  feed: '/reactions/feeds/bookmark?limit=50', video: '/reactions/videos/bookmark?limit=50',
  gallery: '/reactions/galleries/bookmark?limit=50', product: '/reactions/products/bookmark?limit=50',
};
const buy = (who: Who, type: ContentType, id: string) =>
  call(server.app, 'POST', `/wallet/charges/${type}/${id}`, as(who), type === 'product' ? {} : undefined);
const idsOf = (res: { json(): { data: { data: { _id: string }[] } } }) => res.json().data.data.map((i) => i._id);

describe('before hiding, the world is as it should be', () => {
  it('shows every item to the fans and lets the buyer bookmark them', async () => {
    for (const type of TYPES) {
      for (const who of ['fan', 'subscriber', 'buyer'] as Who[]) expect((await get(who, detailUrl[type](world.bought[type]))).statusCode).toBe(200);
      expect(idsOf(await get('fan', creatorListUrl(type)))).toEqual(expect.arrayContaining([world.bought[type], world.forSale[type]]));
      for (const who of ['buyer', 'fan'] as Who[]) {
        const res = await call(server.app, 'POST', '/reactions', as(who), { objectType: type, objectId: world.bought[type], action: 'bookmark' });
        expect(res.statusCode).toBe(200);
      }
      expect(idsOf(await get('buyer', bookmarksUrl[type]))).toContain(world.bought[type]);
    }
    expect((await get('follower', '/user/feeds')).json().data.data.map((f: { _id: string }) => f._id)).toContain(world.bought.feed);
    expect(await creatorCounters(server.app, world.creatorId)).toEqual({ posts: 2, videos: 2, photos: 2 });
  });
});

describe('a hidden item', () => {
  beforeAll(async () => {
    for (const type of TYPES) {
      for (const id of [world.bought[type], world.forSale[type]]) {
        const res = await hide(server.app, as('admin'), type, id, `Hidden ${type}`);
        expect(res.statusCode).toBe(200);
      }
    }
  });

  it.each(TYPES)('%s: is a 404 on its detail for a fan, a subscriber and its buyer, and for visitors', async (type) => {
    for (const who of ['fan', 'subscriber', 'buyer', 'follower', 'otherCreator', 'signedOut'] as Who[]) {
      const res = await get(who, detailUrl[type](world.bought[type]));
      expect({ who, status: res.statusCode, message: res.json().message }).toEqual({ who, status: 404, message: NOT_FOUND[type] });
    }
  });

  it.each(TYPES)('%s: is absent from the creator\'s public lists and their totals', async (type) => {
    for (const who of ['fan', 'subscriber', 'buyer', 'signedOut'] as Who[]) {
      const res = await get(who, creatorListUrl(type));
      expect(res.statusCode).toBe(200);
      expect(idsOf(res)).not.toContain(world.bought[type]);
      expect(idsOf(res)).not.toContain(world.forSale[type]);
      expect(res.json().data.total).toBe(0);
    }
  });

  it.each(['video', 'gallery', 'product'] as const)('%s: is absent from search', async (type) => {
    for (const q of ['zebra', 'walrus']) {
      const res = await get('fan', searchUrl(type, q));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ data: [], total: 0 });
    }
  });

  it('is absent from the fan timeline, and hidden galleries\' photos from the photo lists', async () => {
    const timeline = await get('follower', '/user/feeds');
    expect(timeline.statusCode).toBe(200);
    expect(timeline.json().data.data.map((f: { _id: string }) => f._id)).not.toContain(world.bought.feed);
    for (const url of [`/performer-assets/photos/${world.creatorId}`, `/performer-assets/photos?performerId=${world.creatorId}`]) {
      const photos = await get('buyer', url);
      expect(photos.statusCode).toBe(200);
      expect(photos.json().data).toEqual({ data: [], total: 0 });
    }
  });

  it.each(TYPES)('%s: is absent from bookmarks (page and total)', async (type) => {
    for (const who of ['buyer', 'fan'] as Who[]) {
      const res = await get(who, bookmarksUrl[type]);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ data: [], total: 0 });
    }
  });

  it.each(TYPES)('%s: cannot be bought, commented, liked or bookmarked (404), and nothing is written', async (type) => {
    const before = await Promise.all([allRows(server.app, tables.ledgerTransactions), allRows(server.app, tables.entitlements), allRows(server.app, tables.comments), allRows(server.app, tables.reactions)]);
    const res = await buy('fan', type, world.forSale[type]);
    expect([res.statusCode, res.json().message]).toEqual([404, NOT_FOUND[type]]);
    const attempts = [
      call(server.app, 'POST', '/comments', as('buyer'), { objectType: type, objectId: world.bought[type], text: 'Nice' }),
      call(server.app, 'GET', `/comments?objectType=${type}&objectId=${world.bought[type]}`, as('buyer')),
      call(server.app, 'POST', '/reactions', as('buyer'), { objectType: type, objectId: world.bought[type], action: 'like' }),
      call(server.app, 'POST', '/reactions', as('subscriber'), { objectType: type, objectId: world.bought[type], action: 'bookmark' }),
    ];
    for (const attempt of await Promise.all(attempts)) expect([attempt.statusCode, attempt.json().message]).toEqual([404, NOT_FOUND[type]]);
    const after = await Promise.all([allRows(server.app, tables.ledgerTransactions), allRows(server.app, tables.entitlements), allRows(server.app, tables.comments), allRows(server.app, tables.reactions)]);
    expect(after.map((rows) => rows.length)).toEqual(before.map((rows) => rows.length));
  });

  it('cannot be voted on (a poll in a hidden post)', async () => {
    const poll = await call(server.app, 'POST', '/performer/feeds/polls', as('owner'), { question: 'Which?', options: ['A', 'B'] });
    const post = await call(server.app, 'POST', '/performer/feeds', as('owner'), { access: 'free', pollId: poll.json().data._id });
    expect(post.statusCode).toBe(200);
    expect((await hide(server.app, as('admin'), 'feed', post.json().data._id)).statusCode).toBe(200);
    const vote = await call(server.app, 'POST', `/user/feeds/vote/${poll.json().data._id}`, as('fan'), { optionId: poll.json().data.options[0]._id });
    expect([vote.statusCode, vote.json().message]).toEqual([404, 'Post not found']);
    expect(await allRows(server.app, tables.pollVotes)).toHaveLength(0);
  });

  it.each(TYPES)('%s: its creator still sees it, with the reason, in the detail and their own lists', async (type) => {
    const detail = await get('owner', detailUrl[type](world.bought[type]));
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ _id: world.bought[type], isHidden: true, hiddenReason: `Hidden ${type}` });
    const own = await get('owner', ownListUrl[type]);
    expect(own.statusCode).toBe(200);
    const mine = own.json().data.data.find((i: { _id: string }) => i._id === world.bought[type]);
    expect(mine).toMatchObject({ isHidden: true, hiddenReason: `Hidden ${type}` });
    // Their public profile tabs still show it to them, as before.
    expect(idsOf(await get('owner', creatorListUrl(type)))).toContain(world.bought[type]);
  });

  it.each(TYPES)('%s: an operator still sees it', async (type) => {
    const detail = await get('admin', detailUrl[type](world.bought[type]));
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ isHidden: true, hiddenReason: `Hidden ${type}` });
    expect(idsOf(await get('admin', creatorListUrl(type)))).toContain(world.bought[type]);
  });

  it('leaves the creator\'s public counters (posts, videos, photos), and a fan never sees isHidden: true', async () => {
    expect(await creatorCounters(server.app, world.creatorId)).toEqual({ posts: 0, videos: 0, photos: 0 });
    const other = await createSaleItem(server.app, 'feed', world.creatorId, 'a visible post');
    const res = await get('fan', detailUrl.feed(other));
    expect(res.json().data).toMatchObject({ isHidden: false, hiddenReason: null });
  });
});

describe('unhiding', () => {
  it('brings every item back for everyone, counters included', async () => {
    for (const type of TYPES) {
      for (const id of [world.bought[type], world.forSale[type]]) expect((await unhide(server.app, as('admin'), type, id)).statusCode).toBe(200);
    }
    for (const type of TYPES) {
      const detail = await get('buyer', detailUrl[type](world.bought[type]));
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data).toMatchObject({ isHidden: false, hiddenReason: null });
      expect(idsOf(await get('fan', creatorListUrl(type)))).toEqual(expect.arrayContaining([world.bought[type], world.forSale[type]]));
      expect(idsOf(await get('buyer', bookmarksUrl[type]))).toContain(world.bought[type]);
    }
    expect((await get('follower', '/user/feeds')).json().data.data.map((f: { _id: string }) => f._id)).toContain(world.bought.feed);
    // Four posts now: the two sale posts, the poll post (still hidden) does not count, the visible one does.
    expect(await creatorCounters(server.app, world.creatorId)).toEqual({ posts: 3, videos: 2, photos: 2 });
    for (const type of ['feed', 'video', 'gallery'] as const) {
      const res = await buy('fan', type, world.forSale[type]);
      expect(res.statusCode).toBe(200);
    }
    const like = await call(server.app, 'POST', '/reactions', as('buyer'), { objectType: 'video', objectId: world.bought.video, action: 'like' });
    expect(like.statusCode).toBe(200);
  });
});
