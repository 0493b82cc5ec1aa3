import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { tables } from '../../support/db';
import { pdf, tinyAudio } from '../../support/media-fixtures';
import { buildWorld, call, createProduct, MAIN_KEY, pdfPart, type As, type Who, ZERO_UUID } from './product-helpers';

jest.setTimeout(120_000);

let server: TestServer;
let world: Awaited<ReturnType<typeof buildWorld>>;
let digital: Awaited<ReturnType<typeof createProduct>>;
let physical: Awaited<ReturnType<typeof createProduct>>;
let draft: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server.app);
  const t = world.as.owner.token!;
  physical = await createProduct(server.app, t, { name: 'Poster', stock: 0 });
  digital = await createProduct(server.app, t, { name: 'Guide', type: 'digital', price: 7 }, [pdfPart('Field Guide.pdf')]);
  draft = await createProduct(server.app, t, { name: 'Secret', status: 'draft' });
  await world.buy(digital._id);
  await world.buy(physical._id);
});
afterAll(() => server.close());

const detail = (as: As, id: string) => call(server.app, as, 'GET', `/performer-assets/products/${id}`);
const download = (as: As, id: string) => call(server.app, as, 'GET', `/performer-assets/products/${id}/download-link`);

// Who has opened (bought, owns, runs) the digital product.
const OPEN: Record<Exclude<Who, 'blocked' | 'blockedCountry'>, boolean> = {
  owner: true, admin: true, buyer: true, subscriber: false, follower: false, stranger: false, signedOut: false, otherCreator: false,
};

describe('GET /performer-assets/products/:id', () => {
  it.each(Object.entries(OPEN))('%s sees the product with its pictures, locked unless they may open it (%s)', async (who, open) => {
    const res = await detail(world.as[who as Who], digital._id);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      _id: digital._id, name: 'Guide', type: 'digital', price: 7, stock: null, isSoldOut: false, hasDigitalFile: true,
      isLocked: !open, isBought: who === 'buyer', performer: { _id: world.creatorId },
    });
    // Shop pictures are for everyone; the file buyers download is never part of the answer.
    expect(p.images[0]).toMatchObject({ isLocked: false, url: expect.stringMatching(MAIN_KEY) });
    expect(res.body).not.toContain(digital.digitalFile!._id);
    expect(res.body).not.toContain('main.pdf');
    expect(p).not.toHaveProperty('digitalFile');
    expect(p).not.toHaveProperty('sold');
  });

  it('tells a blocked account or country the creator is not available', async () => {
    for (const who of ['blocked', 'blockedCountry'] as const) {
      const res = await detail(world.as[who], digital._id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This creator is not available to you');
    }
  });

  it('shows a sold-out physical product as such', async () => {
    const p = (await detail(world.as.stranger, physical._id)).json().data;
    expect(p).toMatchObject({ type: 'physical', stock: 0, isSoldOut: true, hasDigitalFile: false });
  });

  it('hides drafts from all but the creator and admins', async () => {
    for (const who of ['owner', 'admin'] as const) expect((await detail(world.as[who], draft._id)).statusCode).toBe(200);
    for (const who of ['buyer', 'subscriber', 'stranger', 'signedOut', 'otherCreator'] as const) {
      expect((await detail(world.as[who], draft._id)).statusCode).toBe(404);
    }
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await detail(world.as.stranger, 'nope')).statusCode).toBe(400);
    expect((await detail(world.as.stranger, ZERO_UUID)).json()).toMatchObject({ statusCode: 404, message: 'Product not found' });
  });
});

describe('GET /performer-assets/products/search', () => {
  const search = async (as: As, query: string) => {
    const res = await call(server.app, as, 'GET', `/performer-assets/products/search?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data as { data: { _id: string; isLocked: boolean; images: { url: string | null }[] }[]; total: number };
  };

  it('lists a creator\'s visible products newest first, locked for those who did not buy them', async () => {
    const page = await search(world.as.stranger, `performerId=${world.creatorId}`);
    expect(page.data.map((p) => p._id)).toEqual([digital._id, physical._id]);
    expect(page.total).toBe(2);
    expect(page.data.every((p) => p.isLocked && p.images[0].url)).toBe(true);
    const bought = await search(world.as.buyer, `performerId=${world.creatorId}`);
    expect(bought.data.every((p) => !p.isLocked)).toBe(true);
  });

  it('shows drafts to the creator and admins only', async () => {
    expect((await search(world.as.owner, `performerId=${world.creatorId}`)).total).toBe(3);
    expect((await search(world.as.admin, `performerId=${world.creatorId}`)).total).toBe(3);
    expect((await search(world.as.signedOut, `performerId=${world.creatorId}`)).total).toBe(2);
  });

  it('finds by username, q and type', async () => {
    const [owner] = await server.app.db.select().from(tables.users).where(eq(tables.users.id, world.creatorId));
    expect((await search(world.as.stranger, `username=${owner.username!.toUpperCase()}`)).total).toBe(2);
    expect((await search(world.as.stranger, `performerId=${world.creatorId}&q=gui`)).data.map((p) => p._id)).toEqual([digital._id]);
    expect((await search(world.as.stranger, `performerId=${world.creatorId}&type=physical`)).data.map((p) => p._id)).toEqual([physical._id]);
  });

  it('leaves a blocking creator\'s products out of the page and the total', async () => {
    for (const who of ['blocked', 'blockedCountry'] as const) {
      expect(await search(world.as[who], `performerId=${world.creatorId}`)).toEqual({ data: [], total: 0 });
    }
  });

  it('pages', async () => {
    const res = await search(world.as.stranger, `performerId=${world.creatorId}&offset=1&limit=1`);
    expect(res.data.map((p) => p._id)).toEqual([physical._id]);
    expect(res.total).toBe(2);
  });

  it('drops the products of a deactivated creator', async () => {
    const other = await createProduct(server.app, world.as.otherCreator.token!, { name: 'Gone soon' });
    expect((await detail(world.as.stranger, other._id)).statusCode).toBe(200);
    await server.app.db.update(tables.users).set({ status: 'inactive' }).where(eq(tables.users.id, world.otherCreatorId));
    expect((await detail(world.as.stranger, other._id)).statusCode).toBe(404);
    expect((await search(world.as.stranger, `performerId=${world.otherCreatorId}`)).total).toBe(0);
    await server.app.db.update(tables.users).set({ status: 'active' }).where(eq(tables.users.id, world.otherCreatorId));
  });

  it('refuses bad filters', async () => {
    for (const q of ['performerId=nope', 'type=service', 'limit=0', 'colour=red']) {
      const res = await call(server.app, world.as.stranger, 'GET', `/performer-assets/products/search?${q}`);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('GET /reactions/products/bookmark', () => {
  it('lists the products I bookmarked that I may still see, newest bookmark first', async () => {
    const mark = (as: As, id: string) => call(server.app, as, 'POST', '/reactions', { objectType: 'product', objectId: id, action: 'bookmark' });
    expect((await mark(world.as.stranger, physical._id)).statusCode).toBe(200);
    expect((await mark(world.as.stranger, digital._id)).statusCode).toBe(200);
    const res = await call(server.app, world.as.stranger, 'GET', '/reactions/products/bookmark');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.map((p: { _id: string; isBookmarked: boolean }) => [p._id, p.isBookmarked])).toEqual([[digital._id, true], [physical._id, true]]);
    expect(res.json().data.total).toBe(2);
    // Made a draft: gone from the list and its total.
    await call(server.app, world.as.owner, 'PUT', `/performer/performer-assets/products/${physical._id}`, { status: 'draft' });
    const after = (await call(server.app, world.as.stranger, 'GET', '/reactions/products/bookmark')).json().data;
    expect(after.total).toBe(1);
    await call(server.app, world.as.owner, 'PUT', `/performer/performer-assets/products/${physical._id}`, { status: 'active' });
  });

  it('needs a signed-in user', async () => {
    expect((await call(server.app, world.as.signedOut, 'GET', '/reactions/products/bookmark')).statusCode).toBe(401);
  });
});

describe('GET /performer-assets/products/:id/download-link', () => {
  it.each(['owner', 'admin', 'buyer'] as const)('gives %s a short-lived link that downloads the file under its name', async (who) => {
    const res = await download(world.as[who], digital._id);
    expect(res.statusCode).toBe(200);
    const link = res.json().data;
    expect(link.name).toBe('Field Guide.pdf');
    const expires = new Date(link.expiresAt).getTime();
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThan(Date.now() + 2 * 3600_000);
    const file = await server.app.inject({ method: 'GET', url: new URL(link.url).pathname + new URL(link.url).search });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Field Guide\.pdf"/);
    expect(file.rawPayload.equals(pdf())).toBe(true);
  });

  it('refuses a tampered link', async () => {
    const link = (await download(world.as.buyer, digital._id)).json().data;
    const url = new URL(link.url);
    const sig = url.searchParams.get('sig')!;
    url.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    const tampered = await server.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(tampered.statusCode).toBe(403);
    const renamed = new URL(link.url);
    renamed.searchParams.set('dl', 'other.pdf');
    expect((await server.app.inject({ method: 'GET', url: renamed.pathname + renamed.search })).statusCode).toBe(403);
  });

  it.each(['stranger', 'follower', 'subscriber', 'otherCreator'] as const)('tells %s to buy it first', async (who) => {
    const res = await download(world.as[who], digital._id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Buy this product to download it');
  });

  it('needs a signed-in user, and refuses blocked viewers as not available', async () => {
    expect((await download(world.as.signedOut, digital._id)).statusCode).toBe(401);
    expect((await download(world.as.blocked, digital._id)).json()).toMatchObject({ statusCode: 403, message: 'This creator is not available to you' });
    expect((await download(world.as.blockedCountry, digital._id)).statusCode).toBe(403);
  });

  it('answers 400 for a physical product, even to its buyer and creator', async () => {
    for (const who of ['buyer', 'owner'] as const) {
      const res = await download(world.as[who], physical._id);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/no file to download/);
    }
  });

  it('answers 409 while the file is processed or when processing failed, then gives the link', async () => {
    const song = await createProduct(server.app, world.as.owner.token!, { name: 'Song', type: 'digital', price: 2 }, [
      { name: 'digitalFile', filename: 'song.wav', content: await tinyAudio('wav'), contentType: 'audio/wav' },
    ]);
    await world.buy(song._id);
    await server.app.media.whenIdle();
    const fileId = song.digitalFile!._id;
    const setStatus = (status: 'processing' | 'failed' | 'ready') =>
      server.app.db.update(tables.mediaFiles).set({ status }).where(eq(tables.mediaFiles.id, fileId));
    await setStatus('processing');
    expect((await download(world.as.buyer, song._id)).json()).toMatchObject({ statusCode: 409, message: expect.stringMatching(/still being processed/) });
    await setStatus('failed');
    expect((await download(world.as.buyer, song._id)).json()).toMatchObject({ statusCode: 409, message: expect.stringMatching(/could not be processed/) });
    await setStatus('ready');
    const res = await download(world.as.buyer, song._id);
    expect(res.statusCode).toBe(200);
    // Audio other than MP3 is served as AAC: the name follows the served file.
    expect(res.json().data.name).toBe('song.m4a');
  });

  it('answers 400 for a malformed id and 404 for an unknown or hidden product', async () => {
    expect((await download(world.as.buyer, 'nope')).statusCode).toBe(400);
    expect((await download(world.as.buyer, ZERO_UUID)).statusCode).toBe(404);
    await world.buy(draft._id);
    expect((await download(world.as.buyer, draft._id)).statusCode).toBe(404);
  });
});
