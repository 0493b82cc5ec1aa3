import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { entitlementsRepository } from '../../../src/server/modules/entitlements/entitlements.repository';
import { call, createGallery, GB_IP, MAIN_KEY, uploadPhoto, type As } from './gallery-helpers';

jest.setTimeout(120_000);

let server: TestServer;
let creatorId: string;
let username: string;
const viewers: Record<string, As | null> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const { app } = server;
  const creator = await createPerformerWithToken(server.app);
  creatorId = creator.user.id;
  username = creator.user.username!;
  const make = () => createUserWithToken(app);
  const [admin, subscriber, expired, buyer, follower, stranger, blocked] = await Promise.all([
    createUserWithToken(app, { role: 'admin' }), make(), make(), make(), make(), make(), make(),
  ]);
  Object.assign(viewers, {
    owner: { token: creator.token },
    admin: { token: admin.token, ip: GB_IP },
    subscriber: { token: subscriber.token },
    expiredSubscriber: { token: expired.token },
    buyer: { token: buyer.token },
    follower: { token: follower.token },
    stranger: { token: stranger.token },
    signedOut: null,
    blocked: { token: blocked.token },
    blockedCountry: { ip: GB_IP },
  });
  const later = new Date(Date.now() + 86_400_000).toISOString();
  for (const [key, body] of [
    ['free', { title: 'Free set', access: 'free' }],
    ['subscribers', { title: 'Subscriber set', access: 'subscribers' }],
    ['sale', { title: 'Sale set', access: 'sale', price: 5 }],
    ['draft', { title: 'Draft set', status: 'draft' }],
    ['scheduled', { title: 'Scheduled set', publishAt: later }],
  ] as const) {
    ids[key] = (await createGallery(app, creator.token, body))._id;
    await uploadPhoto(app, creator.token, ids[key], `${key} 1`, key.length);
    await uploadPhoto(app, creator.token, ids[key], `${key} 2`, key.length + 1);
  }
  const month = new Date(Date.now() + 30 * 86_400_000);
  await entitlementsRepository.grantSubscription(app.db, { userId: subscriber.user.id, performerId: creatorId, type: 'monthly', expiresAt: month });
  await entitlementsRepository.grantSubscription(app.db, { userId: expired.user.id, performerId: creatorId, type: 'monthly', expiresAt: new Date(Date.now() - 1000) });
  await entitlementsRepository.grantEntitlement(app.db, { userId: buyer.user.id, objectType: 'gallery', objectId: ids.sale });
  await app.db.insert(tables.follows).values({ followerId: follower.user.id, performerId: creatorId });
  await app.db.insert(tables.blockedUsers).values({ performerId: creatorId, userId: blocked.user.id });
  await app.db.insert(tables.blockedCountries).values({ performerId: creatorId, country: 'GB' });
  // Someone else's free gallery, so "all galleries" lists are not just this creator's.
  const elsewhere = await createPerformerWithToken(app);
  ids.elsewhere = (await createGallery(app, elsewhere.token, { title: 'Elsewhere' }))._id;
  await uploadPhoto(app, elsewhere.token, ids.elsewhere, 'far away', 50);
});
afterAll(() => server.close());

const PUBLISHED = ['sale', 'subscribers', 'free'];
const ALL = ['scheduled', 'draft', 'sale', 'subscribers', 'free'];
// What each viewer sees in the creator's lists (newest first) and which of those open for them.
const EXPECTED: Record<string, { sees: string[]; opens: string[] }> = {
  owner: { sees: ALL, opens: ALL },
  admin: { sees: ALL, opens: ALL },
  subscriber: { sees: PUBLISHED, opens: ['subscribers', 'free'] },
  expiredSubscriber: { sees: PUBLISHED, opens: ['free'] },
  buyer: { sees: PUBLISHED, opens: ['sale', 'free'] },
  follower: { sees: PUBLISHED, opens: ['free'] },
  stranger: { sees: PUBLISHED, opens: ['free'] },
  signedOut: { sees: PUBLISHED, opens: ['free'] },
  blocked: { sees: [], opens: [] },
  blockedCountry: { sees: [], opens: [] },
};
const keyOf = (id: string) => Object.keys(ids).find((k) => ids[k] === id)!;

interface Item {
  _id: string;
  isLocked: boolean;
  cover: { url: string | null; thumbnails: string[]; preview: string | null } | null;
}

describe.each(Object.entries(EXPECTED))('%s', (who, { sees, opens }) => {
  it('sees the right galleries in the search, locked or not, and no main file of a locked one', async () => {
    const res = await call(server.app, viewers[who], 'GET', `/performer-assets/galleries/search?performerId=${creatorId}`);
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json().data as { data: Item[]; total: number };
    // Drafts and scheduled items come first for the owner only because they were created last.
    expect(data.map((g) => keyOf(g._id))).toEqual(sees);
    expect(total).toBe(sees.length);
    for (const g of data) {
      const open = opens.includes(keyOf(g._id));
      expect([keyOf(g._id), g.isLocked]).toEqual([keyOf(g._id), !open]);
      if (open) expect(g.cover!.url).toMatch(MAIN_KEY);
      else {
        expect(JSON.stringify(g)).not.toMatch(MAIN_KEY);
        expect(g.cover).toMatchObject({ url: null, thumbnails: [g.cover!.preview] });
      }
    }
  });

  it('opens the gallery detail as the rules say', async () => {
    for (const key of ALL) {
      const res = await call(server.app, viewers[who], 'GET', `/performer-assets/galleries/${ids[key]}`);
      if (!sees.includes(key)) {
        // Hidden (draft, scheduled) is 404 for everyone; a published item of a blocking creator is 403.
        const blocked = who.startsWith('blocked') && PUBLISHED.includes(key);
        expect([key, res.statusCode]).toEqual([key, blocked ? 403 : 404]);
        expect(JSON.stringify(res.json())).not.toMatch(MAIN_KEY);
        continue;
      }
      expect([key, res.statusCode]).toEqual([key, 200]);
      const detail = res.json().data;
      const open = opens.includes(key);
      expect(detail).toMatchObject({ isLocked: !open, totalPhotos: 2, title: expect.any(String) });
      expect(detail.photos).toHaveLength(2);
      if (open) {
        for (const p of detail.photos) expect(p.file.url).toMatch(MAIN_KEY);
      } else {
        // The whole answer, not just the obvious fields: no signed link to a main file anywhere.
        expect(res.body).not.toMatch(MAIN_KEY);
        for (const p of detail.photos) expect(p.file).toMatchObject({ url: null, isLocked: true, thumbnails: [p.file.preview] });
        expect(detail.price).toBe(key === 'sale' ? 5 : 0);
      }
    }
  });

  it('sees the creator\'s photos with their gallery and lock state, both ways of asking', async () => {
    const expected = sees.flatMap((k) => [`${k} 1`, `${k} 2`]);
    for (const url of [`/performer-assets/photos/${creatorId}?limit=100`, `/performer-assets/photos?performerId=${creatorId}&limit=100`]) {
      const res = await call(server.app, viewers[who], 'GET', url);
      expect(res.statusCode).toBe(200);
      const { data, total } = res.json().data as { data: { title: string; galleryId: string; isLocked: boolean; file: { url: string | null } }[]; total: number };
      expect(data.map((p) => p.title)).toEqual(expected);
      expect(total).toBe(expected.length);
      for (const p of data) {
        const open = opens.includes(keyOf(p.galleryId));
        expect(p.isLocked).toBe(!open);
        if (open) expect(p.file.url).toMatch(MAIN_KEY);
        else expect(JSON.stringify(p)).not.toMatch(MAIN_KEY);
      }
    }
  });
});

describe('public gallery search', () => {
  it('finds a creator by username and filters by text', async () => {
    const byName = await call(server.app, null, 'GET', `/performer-assets/galleries/search?username=${username.toUpperCase()}`);
    expect(byName.json().data.data.map((g: Item) => keyOf(g._id))).toEqual(PUBLISHED);
    const text = await call(server.app, null, 'GET', `/performer-assets/galleries/search?q=sale`);
    expect(text.json().data.data.map((g: Item) => keyOf(g._id))).toEqual(['sale']);
  });

  it('lists every creator\'s visible galleries newest first, paged', async () => {
    const all = await call(server.app, null, 'GET', '/performer-assets/galleries/search');
    expect(all.json().data.data.map((g: Item) => keyOf(g._id))).toEqual(['elsewhere', ...PUBLISHED]);
    const page = await call(server.app, null, 'GET', '/performer-assets/galleries/search?offset=1&limit=2');
    expect(page.json().data).toMatchObject({ total: 4 });
    expect(page.json().data.data.map((g: Item) => keyOf(g._id))).toEqual(['sale', 'subscribers']);
    const photos = await call(server.app, null, 'GET', '/performer-assets/photos?limit=2');
    expect(photos.json().data.total).toBe(7);
    expect(photos.json().data.data.map((p: { title: string }) => p.title)).toEqual(['far away', 'sale 1']);
  });

  it('refuses malformed ids and filters', async () => {
    expect((await call(server.app, null, 'GET', '/performer-assets/galleries/not-a-uuid')).statusCode).toBe(400);
    expect((await call(server.app, null, 'GET', '/performer-assets/galleries/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(server.app, null, 'GET', '/performer-assets/galleries/search?performerId=abc')).statusCode).toBe(400);
    expect((await call(server.app, null, 'GET', '/performer-assets/photos/abc')).statusCode).toBe(400);
    expect((await call(server.app, null, 'GET', '/performer-assets/photos?performerId=abc')).statusCode).toBe(400);
    expect((await call(server.app, null, 'GET', '/performer-assets/galleries/search?limit=0')).statusCode).toBe(400);
  });
});

describe('bookmarked galleries', () => {
  it('lists them newest bookmark first as gallery answers, and drops them when the creator blocks the fan', async () => {
    const fan = await createUserWithToken(server.app);
    const as = { token: fan.token };
    for (const key of ['free', 'sale']) {
      const res = await call(server.app, as, 'POST', '/reactions', { objectType: 'gallery', objectId: ids[key], action: 'bookmark' });
      expect(res.statusCode).toBe(200);
    }
    const res = await call(server.app, as, 'GET', '/reactions/galleries/bookmark');
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json().data;
    expect(total).toBe(2);
    expect(data.map((g: Item) => keyOf(g._id))).toEqual(['sale', 'free']);
    expect(data.map((g: Item & { isBookmarked: boolean }) => [g.isLocked, g.isBookmarked])).toEqual([[true, true], [false, true]]);
    expect(JSON.stringify(data[0])).not.toMatch(MAIN_KEY);
    expect((await call(server.app, as, 'GET', '/reactions/galleries/bookmark?offset=1&limit=1')).json().data.data.map((g: Item) => keyOf(g._id))).toEqual(['free']);

    await server.app.db.insert(tables.blockedUsers).values({ performerId: creatorId, userId: fan.user.id });
    expect((await call(server.app, as, 'GET', '/reactions/galleries/bookmark')).json().data).toEqual({ data: [], total: 0 });
    expect((await call(server.app, null, 'GET', '/reactions/galleries/bookmark')).statusCode).toBe(401);
  });
});

describe('likes and comments follow the gallery\'s lock', () => {
  it('lets a subscriber like the subscribers gallery and a stranger only bookmark it', async () => {
    const like = (as: As | null, key: string) => call(server.app, as, 'POST', '/reactions', { objectType: 'gallery', objectId: ids[key], action: 'like' });
    expect((await like(viewers.subscriber, 'subscribers')).statusCode).toBe(200);
    expect((await like(viewers.stranger, 'subscribers')).statusCode).toBe(403);
    const detail = await call(server.app, viewers.subscriber, 'GET', `/performer-assets/galleries/${ids.subscribers}`);
    expect(detail.json().data).toMatchObject({ isLiked: true, stats: { likes: 1 } });
  });
});
