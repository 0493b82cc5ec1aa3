import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { storedMediaKeys } from '../../support/media-fixtures';
import {
  call, createGallery, creatorTotals, galleryRow, postPhoto, snapshot, uploadPhoto, ZERO_UUID,
} from './gallery-helpers';

jest.setTimeout(120_000);

let server: TestServer;
let creator: { id: string; token: string };
let other: { id: string; token: string };
let fan: { id: string; token: string };

const BASE = '/performer/performer-assets/galleries';

beforeAll(async () => {
  server = await startTestServer();
  const a = await createPerformerWithToken(server.app);
  const b = await createPerformerWithToken(server.app);
  const f = await createUserWithToken(server.app);
  creator = { id: a.user.id, token: a.token };
  other = { id: b.user.id, token: b.token };
  fan = { id: f.user.id, token: f.token };
});
afterAll(() => server.close());

const as = (who: { token: string }) => ({ token: who.token });

describe('creating a gallery', () => {
  it('stores the trimmed title, plain description and access, and answers the gallery', async () => {
    const res = await call(server.app, as(creator), 'POST', BASE, {
      title: '  Beach day  ', description: 'Sun\r\nand <b>sand</b>  ', access: 'sale', price: 4.99,
    });
    expect(res.statusCode).toBe(200);
    const g = res.json().data;
    expect(g).toMatchObject({
      title: 'Beach day', description: 'Sun\nand <b>sand</b>', access: 'sale', price: 4.99, status: 'active', isScheduled: false,
      cover: null, coverPhotoId: null, totalPhotos: 0, views: 0, performerId: creator.id, isLocked: false, unlockedBy: 'owner',
      stats: { likes: 0, bookmarks: 0, comments: 0, views: 0 }, isLiked: false, isBookmarked: false,
    });
    expect(g.performer._id).toBe(creator.id);
    expect((await galleryRow(server.app, g._id))!.priceCents).toBe(499);
  });

  it('schedules a gallery with a future publish time and keeps drafts', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await createGallery(server.app, creator.token, { title: 'Later', publishAt: later });
    expect(scheduled).toMatchObject({ isScheduled: true, publishAt: later });
    const draft = await createGallery(server.app, creator.token, { title: 'Draft', status: 'draft' });
    expect(draft).toMatchObject({ status: 'draft', isScheduled: false });
  });

  it.each([
    ['an empty title', { title: '', access: 'free' }, 400, 'title'],
    ['a title of spaces', { title: '    ', access: 'free' }, 400, 'title'],
    ['a title over 100 characters', { title: 'x'.repeat(101), access: 'free' }, 400, 'title'],
    ['a description over 2000 characters', { title: 'ok', description: 'x'.repeat(2001), access: 'free' }, 400, 'description'],
    ['an unknown field', { title: 'ok', access: 'free', colour: 'red' }, 400, 'colour'],
    ['an unknown access level', { title: 'ok', access: 'vip' }, 400, 'access'],
    ['no access level', { title: 'ok' }, 400, 'access'],
    ['a price below the bounds', { title: 'ok', access: 'sale', price: 0.5 }, 422, 'price'],
    ['a price above the bounds', { title: 'ok', access: 'sale', price: 1000.01 }, 422, 'price'],
    ['a sale without a price', { title: 'ok', access: 'sale' }, 422, 'price'],
    ['a price with fractions of a cent', { title: 'ok', access: 'sale', price: 2.345 }, 422, 'price'],
  ])('refuses %s and writes nothing', async (_, body, status, field) => {
    const before = await snapshot(server);
    const res = await call(server.app, as(creator), 'POST', BASE, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await snapshot(server)).toEqual(before);
  });
});

describe('only creators, only their own galleries', () => {
  let galleryId: string;
  beforeAll(async () => {
    galleryId = (await createGallery(server.app, creator.token, { title: 'Mine' }))._id;
  });

  const creatorCalls = (id: string): [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] => [
    ['create', 'POST', BASE, { title: 'x', access: 'free' }],
    ['list', 'GET', `${BASE}/search`],
    ['update', 'PUT', `${BASE}/${id}`, { title: 'changed' }],
    ['delete', 'DELETE', `${BASE}/${id}`],
    ['view own', 'GET', `${BASE}/${id}/view`],
    ['list photos', 'GET', '/performer/performer-assets/photos/search'],
    ['update photo', 'PUT', `/performer/performer-assets/photos/${ZERO_UUID}`, { title: 'x' }],
    ['delete photo', 'DELETE', `/performer/performer-assets/photos/${ZERO_UUID}`],
    ['set cover', 'POST', `/performer/performer-assets/photos/set-cover/${ZERO_UUID}`],
  ];

  it('answers 403 to a fan and 401 to a signed-out visitor on every creator route, writing nothing', async () => {
    const before = await snapshot(server);
    for (const [name, method, url, body] of creatorCalls(galleryId)) {
      const res = await call(server.app, as(fan), method, url, body);
      expect([name, res.statusCode]).toEqual([name, 403]);
      const anon = await call(server.app, null, method, url, body);
      expect([name, anon.statusCode]).toEqual([name, 401]);
    }
    const upload = await postPhoto(server.app, fan.token, { galleryId }, { content: 'x', filename: 'a.png' });
    expect(upload.statusCode).toBe(403);
    expect(await snapshot(server)).toEqual(before);
  });

  it('answers 404 to another creator for my gallery, and changes nothing', async () => {
    const before = await snapshot(server);
    for (const [method, url, body] of [
      ['PUT', `${BASE}/${galleryId}`, { title: 'stolen' }],
      ['DELETE', `${BASE}/${galleryId}`],
      ['GET', `${BASE}/${galleryId}/view`],
    ] as const) {
      const res = await call(server.app, as(other), method, url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Gallery not found');
    }
    const list = await call(server.app, as(other), 'GET', `${BASE}/search`);
    expect(list.json().data.data.map((g: { _id: string }) => g._id)).not.toContain(galleryId);
    expect(await snapshot(server)).toEqual(before);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await call(server.app, as(creator), 'PUT', `${BASE}/not-a-uuid`, { title: 'x' })).statusCode).toBe(400);
    expect((await call(server.app, as(creator), 'DELETE', `${BASE}/not-a-uuid`)).statusCode).toBe(400);
    expect((await call(server.app, as(creator), 'GET', `${BASE}/not-a-uuid/view`)).statusCode).toBe(400);
    expect((await call(server.app, as(creator), 'GET', `${BASE}/${ZERO_UUID}/view`)).statusCode).toBe(404);
  });
});

describe('my galleries list', () => {
  let mine: { token: string; id: string };
  beforeAll(async () => {
    const p = await createPerformerWithToken(server.app);
    mine = { token: p.token, id: p.user.id };
    for (const [title, extra] of [
      ['Alpha sunset', {}],
      ['Bravo draft', { status: 'draft' }],
      ['Charlie later', { publishAt: new Date(Date.now() + 3_600_000).toISOString() }],
      ['Delta 100% real_deal', { description: 'studio shots' }],
    ] as const) await createGallery(server.app, mine.token, { title, ...extra });
  });
  const titles = async (query = '') => {
    const res = await call(server.app, mine, 'GET', `${BASE}/search${query}`);
    expect(res.statusCode).toBe(200);
    return { titles: res.json().data.data.map((g: { title: string }) => g.title), total: res.json().data.total };
  };

  it('holds drafts and scheduled galleries, newest change first', async () => {
    expect(await titles()).toEqual({ titles: ['Delta 100% real_deal', 'Charlie later', 'Bravo draft', 'Alpha sunset'], total: 4 });
  });

  it('filters by text (literally), status, and sorts by title', async () => {
    expect((await titles('?q=SUN')).titles).toEqual(['Alpha sunset']);
    expect((await titles('?q=studio')).titles).toEqual(['Delta 100% real_deal']);
    expect((await titles('?q=100%25')).titles).toEqual(['Delta 100% real_deal']);
    expect((await titles('?q=_')).titles).toEqual(['Delta 100% real_deal']);
    expect((await titles('?status=draft')).titles).toEqual(['Bravo draft']);
    expect((await titles('?sortBy=title&sort=asc')).titles).toEqual(['Alpha sunset', 'Bravo draft', 'Charlie later', 'Delta 100% real_deal']);
    expect(await titles('?sortBy=title&sort=asc&offset=1&limit=2')).toEqual({ titles: ['Bravo draft', 'Charlie later'], total: 4 });
  });

  it('refuses an unknown sort or status', async () => {
    expect((await call(server.app, mine, 'GET', `${BASE}/search?sortBy=price`)).statusCode).toBe(400);
    expect((await call(server.app, mine, 'GET', `${BASE}/search?status=deleted`)).statusCode).toBe(400);
    expect((await call(server.app, mine, 'GET', `${BASE}/search?limit=101`)).statusCode).toBe(400);
  });
});

describe('editing a gallery', () => {
  it('changes only what is sent', async () => {
    const g = await createGallery(server.app, creator.token, { title: 'Edit me', description: 'first' });
    const res = await call(server.app, as(creator), 'PUT', `${BASE}/${g._id}`, { title: ' Edited ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Edited', description: 'first', access: 'free' });
  });

  it('puts a gallery on sale within the bounds; a price is kept while it stays on sale', async () => {
    const g = await createGallery(server.app, creator.token, { title: 'Sale later' });
    const noPrice = await call(server.app, as(creator), 'PUT', `${BASE}/${g._id}`, { access: 'sale' });
    expect(noPrice.statusCode).toBe(422);
    expect((await galleryRow(server.app, g._id))!.access).toBe('free');
    const sale = await call(server.app, as(creator), 'PUT', `${BASE}/${g._id}`, { access: 'sale', price: 12.5 });
    expect(sale.json().data).toMatchObject({ access: 'sale', price: 12.5 });
    const subs = await call(server.app, as(creator), 'PUT', `${BASE}/${g._id}`, { access: 'subscribers' });
    expect(subs.json().data).toMatchObject({ access: 'subscribers', price: 0 });
    // Only items for sale keep a price (0 otherwise), so going back on sale needs one again.
    expect((await call(server.app, as(creator), 'PUT', `${BASE}/${g._id}`, { access: 'sale' })).statusCode).toBe(422);
    const title = await call(server.app, as(creator), 'PUT', `${BASE}/${g._id}`, { access: 'sale', price: 7 });
    expect((await call(server.app, as(creator), 'PUT', `${BASE}/${g._id}`, { title: 'Still on sale' })).json().data).toMatchObject({ access: 'sale', price: 7 });
    expect(title.statusCode).toBe(200);
    const before = await snapshot(server);
    const absurd = await call(server.app, as(creator), 'PUT', `${BASE}/${g._id}`, { access: 'sale', price: 2_000_000 });
    expect(absurd.statusCode).toBe(400);
    const outOfBounds = await call(server.app, as(creator), 'PUT', `${BASE}/${g._id}`, { access: 'sale', price: 1001, title: 'Renamed' });
    expect(outOfBounds.statusCode).toBe(422);
    expect(outOfBounds.json().message).toBe('Price must be between 1.00 and 1000.00 tokens, in steps of 0.01');
    expect(await snapshot(server)).toEqual(before);
  });

  it('keeps a published date when saved without a schedule, publishes a scheduled one now', async () => {
    const g = await createGallery(server.app, creator.token, { title: 'Dates' });
    const published = (await galleryRow(server.app, g._id))!.publishAt;
    await new Promise((r) => setTimeout(r, 20));
    const kept = await call(server.app, as(creator), 'PUT', `${BASE}/${g._id}`, { title: 'Dates 2', publishAt: null });
    expect(kept.json().data.publishAt).toBe(published.toISOString());
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await call(server.app, as(creator), 'PUT', `${BASE}/${g._id}`, { publishAt: later });
    expect(scheduled.json().data).toMatchObject({ isScheduled: true, publishAt: later });
    const now = await call(server.app, as(creator), 'PUT', `${BASE}/${g._id}`, { publishAt: null });
    expect(now.json().data.isScheduled).toBe(false);
    expect(Date.parse(now.json().data.publishAt)).toBeLessThanOrEqual(Date.now());
  });

  it.each([
    ['an unknown field', { title: 'x', featured: true }],
    ['a long title', { title: 'y'.repeat(101) }],
    ['a title of spaces', { title: '   ' }],
    ['a bad status', { status: 'hidden' }],
  ])('refuses %s and writes nothing', async (_, body) => {
    const g = await createGallery(server.app, creator.token, { title: 'Stable' });
    const before = await snapshot(server);
    const res = await call(server.app, as(creator), 'PUT', `${BASE}/${g._id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.length).toBeGreaterThan(0);
    expect(await snapshot(server)).toEqual(before);
  });

  it('counts photos of active galleries only in the creator\'s total', async () => {
    const p = await createPerformerWithToken(server.app);
    const g = await createGallery(server.app, p.token, { title: 'Counted' });
    await uploadPhoto(server.app, p.token, g._id, 'a', 1);
    await uploadPhoto(server.app, p.token, g._id, 'b', 2);
    expect((await creatorTotals(server.app, p.user.id)).photos).toBe(2);
    await call(server.app, { token: p.token }, 'PUT', `${BASE}/${g._id}`, { status: 'draft' });
    expect((await creatorTotals(server.app, p.user.id)).photos).toBe(0);
    await call(server.app, { token: p.token }, 'PUT', `${BASE}/${g._id}`, { status: 'active' });
    expect((await creatorTotals(server.app, p.user.id)).photos).toBe(2);
  });
});

describe('deleting a gallery', () => {
  it('removes its photos, their stored files, reactions and comments, and its likes from the creator total', async () => {
    const p = await createPerformerWithToken(server.app);
    const liker = await createUserWithToken(server.app);
    const keep = await createGallery(server.app, p.token, { title: 'Keep' });
    const kept = await uploadPhoto(server.app, p.token, keep._id, 'kept', 9);
    const g = await createGallery(server.app, p.token, { title: 'Doomed' });
    const photos = [await uploadPhoto(server.app, p.token, g._id, 'one', 1), await uploadPhoto(server.app, p.token, g._id, 'two', 2)];
    const fileIds = photos.map((ph) => ph.file._id);
    const keysOf = async (ids: string[]) => (await storedMediaKeys(server.dataDir)).filter((k) => ids.some((id) => k.includes(id)));
    expect(await keysOf(fileIds)).toHaveLength(6);

    const react = (action: string) => call(server.app, { token: liker.token }, 'POST', '/reactions', { objectType: 'gallery', objectId: g._id, action });
    expect((await react('like')).statusCode).toBe(200);
    expect((await react('bookmark')).statusCode).toBe(200);
    const comment = await call(server.app, { token: liker.token }, 'POST', '/comments', { objectType: 'gallery', objectId: g._id, text: 'Lovely' });
    expect(comment.statusCode).toBe(200);
    expect(await creatorTotals(server.app, p.user.id)).toEqual({ photos: 3, likes: 1 });

    const res = await call(server.app, { token: p.token }, 'DELETE', `${BASE}/${g._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });

    const after = await snapshot(server);
    expect(after.galleries.find((row) => row.id === g._id)).toBeUndefined();
    expect(after.photos.filter((row) => row.galleryId === g._id)).toEqual([]);
    expect(after.media.filter((row) => fileIds.includes(row.id))).toEqual([]);
    expect(after.reactions.filter((row) => row.objectId === g._id)).toEqual([]);
    expect(after.comments.filter((row) => row.objectId === g._id)).toEqual([]);
    expect(await keysOf(fileIds)).toEqual([]);
    expect(await keysOf([kept.file._id])).toHaveLength(3);
    expect(await creatorTotals(server.app, p.user.id)).toEqual({ photos: 1, likes: 0 });
    expect((await call(server.app, { token: p.token }, 'GET', `${BASE}/${g._id}/view`)).statusCode).toBe(404);
  });
});

describe('my gallery with all its photos', () => {
  it('answers every photo in order with its file, drafts included', async () => {
    const g = await createGallery(server.app, creator.token, { title: 'Own view', status: 'draft', access: 'sale', price: 3 });
    await uploadPhoto(server.app, creator.token, g._id, 'first', 1);
    await uploadPhoto(server.app, creator.token, g._id, 'second', 2);
    const res = await call(server.app, as(creator), 'GET', `${BASE}/${g._id}/view`);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({ status: 'draft', totalPhotos: 2, isLocked: false });
    expect(detail.photos.map((ph: { title: string; position: number }) => [ph.title, ph.position])).toEqual([['first', 0], ['second', 1]]);
    for (const ph of detail.photos) expect(ph.file).toMatchObject({ type: 'gallery-photo', kind: 'image', status: 'ready', isLocked: false, url: expect.any(String) });
    expect(detail.cover._id).toBe(detail.photos[0].file._id);
  });
});

describe('afterwards', () => {
  it('left no media row without a photo: refused requests stored nothing', async () => {
    const rows = await snapshot(server);
    const attached = new Set(rows.photos.map((p) => p.fileId));
    expect(rows.media.filter((m) => !attached.has(m.id))).toEqual([]);
  });
});
