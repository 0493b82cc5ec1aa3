import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { storedMediaKeys, tmpEntries } from '../../support/media-fixtures';
import {
  buildWorld, call, createProduct, fieldParts, imagePart, pdfPart, productRow, send, snapshot, ZERO_UUID, type As,
} from './product-helpers';

jest.setTimeout(120_000);

let server: TestServer;
let world: Awaited<ReturnType<typeof buildWorld>>;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server.app);
});
afterAll(() => server.close());

const url = (id: string) => `/performer/performer-assets/products/${id}`;
const put = (as: As, id: string, body: object) => call(server.app, as, 'PUT', url(id), body);
const hasKeysOf = async (fileId: string) => (await storedMediaKeys(server.dataDir)).some((k) => k.includes(fileId));
const mediaRow = async (fileId: string) => (await allRows(server.app, tables.mediaFiles)).find((m) => m.id === fileId);

describe('PUT /performer/performer-assets/products/:id (JSON)', () => {
  it('changes the fields given and leaves the rest', async () => {
    const p = await createProduct(server.app, world.as.owner.token!);
    const res = await put(world.as.owner, p._id, { name: '  New name ', price: 20, stock: 0, status: 'draft' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'New name', price: 20, stock: 0, isSoldOut: true, status: 'draft', description: 'A4, signed' });
    expect(await productRow(server.app, p._id)).toMatchObject({ name: 'New name', priceCents: 2000, stock: 0, status: 'draft' });
    expect(new Date(res.json().data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(p.updatedAt as string).getTime());
  });

  it('reorders and drops pictures through imageIds; a dropped picture\'s file is deleted', async () => {
    const p = await createProduct(server.app, world.as.owner.token!, {}, [await imagePart(7), await imagePart(8)]);
    const [a, b, c] = p.images.map((i) => i._id);
    const res = await put(world.as.owner, p._id, { imageIds: [c, a] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.images.map((i: { _id: string }) => i._id)).toEqual([c, a]);
    expect(await mediaRow(b)).toBeUndefined();
    expect(await hasKeysOf(b)).toBe(false);
    expect(await hasKeysOf(a)).toBe(true);
  });

  it('switches a digital product to physical with a stock, deleting its file', async () => {
    const p = await createProduct(server.app, world.as.owner.token!, { type: 'digital' });
    const fileId = p.digitalFile!._id;
    const res = await put(world.as.owner, p._id, { type: 'physical', stock: 9 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'physical', stock: 9, hasDigitalFile: false, digitalFile: null });
    expect(await mediaRow(fileId)).toBeUndefined();
    expect(await hasKeysOf(fileId)).toBe(false);
  });

  const bad: [string, number, () => Promise<object>, RegExp][] = [
    ['an unknown field', 400, async () => ({ colour: 'red' }), /colour/],
    ['a blank name', 400, async () => ({ name: ' ' }), /name cannot be empty/],
    ['a too long name', 400, async () => ({ name: 'x'.repeat(201) }), /name/],
    ['a too long description', 400, async () => ({ description: 'x'.repeat(5001) }), /description/],
    ['a price out of bounds', 422, async () => ({ price: 5000 }), /Price must be between 1.00 and 1000.00 tokens/],
    ['a price under the minimum', 422, async () => ({ price: 0 }), /Price must be between/],
    ['a negative stock', 400, async () => ({ stock: -2 }), /stock/],
    ['a fractional stock', 400, async () => ({ stock: 2.5 }), /stock/],
    ['a stock that is text', 400, async () => ({ stock: 'many' }), /stock/],
    ['an unknown type', 400, async () => ({ type: 'service' }), /type/],
    ['switching to digital without a file', 400, async () => ({ type: 'digital' }), /digitalFile is required for a digital product/],
    ['no images left', 400, async () => ({ imageIds: [] }), /A product needs at least one image/],
    ['a picture of another product', 400, async () => ({ imageIds: [(await createProduct(server.app, world.as.owner.token!)).images[0]._id] }), /imageIds.0 is not an image of this product/],
    ['a repeated picture', 400, async () => ({ imageIds: [ZERO_UUID, ZERO_UUID] }), /must not repeat/],
    ['a picture id that is not a uuid', 400, async () => ({ imageIds: ['nope'] }), /imageIds/],
  ];

  it.each(bad)('refuses %s (%i) and changes nothing', async (_label, status, body, message) => {
    const p = await createProduct(server.app, world.as.owner.token!);
    const payload = await body();
    const before = await snapshot(server);
    const res = await put(world.as.owner, p._id, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await snapshot(server)).toEqual(before);
  });

  it('refuses stock on a digital product', async () => {
    const p = await createProduct(server.app, world.as.owner.token!, { type: 'digital' });
    const before = await snapshot(server);
    const res = await put(world.as.owner, p._id, { stock: 4 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'stock', message: 'A digital product has no stock' }]);
    expect(await snapshot(server)).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    const p = await createProduct(server.app, world.as.owner.token!);
    const res = await server.app.inject({ method: 'PUT', url: url(p._id), headers: { authorization: world.as.owner.token!, 'content-type': 'application/json' }, payload: '[1,2]' });
    expect(res.statusCode).toBe(400);
  });
});

describe('PUT /performer/performer-assets/products/:id (multipart)', () => {
  it('adds pictures after the kept ones', async () => {
    const p = await createProduct(server.app, world.as.owner.token!);
    const res = await send(server.app, world.as.owner, 'PUT', url(p._id), [...fieldParts({ name: 'With more pictures' }), await imagePart(11), await imagePart(12)]);
    expect(res.statusCode).toBe(200);
    const images = res.json().data.images;
    expect(images).toHaveLength(3);
    expect(images[0]._id).toBe(p.images[0]._id);
    expect(images.slice(1).map((i: { name: string }) => i.name)).toEqual(['picture-11.png', 'picture-12.png']);
  });

  it('replaces pictures: imageIds "" keeps none, the new ones take their place', async () => {
    const p = await createProduct(server.app, world.as.owner.token!);
    const res = await send(server.app, world.as.owner, 'PUT', url(p._id), [{ name: 'imageIds', value: '' }, await imagePart(13)]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.images.map((i: { name: string }) => i.name)).toEqual(['picture-13.png']);
    expect(await mediaRow(p.images[0]._id)).toBeUndefined();
  });

  it('replaces the digital file; the old one is deleted after the commit', async () => {
    const p = await createProduct(server.app, world.as.owner.token!, { type: 'digital' });
    const old = p.digitalFile!._id;
    const res = await send(server.app, world.as.owner, 'PUT', url(p._id), [pdfPart('Second edition.pdf')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.digitalFile).toMatchObject({ name: 'Second edition.pdf' });
    expect(await mediaRow(old)).toBeUndefined();
    expect(await hasKeysOf(old)).toBe(false);
  });

  it('switches a physical product to digital with its file, dropping the stock', async () => {
    const p = await createProduct(server.app, world.as.owner.token!);
    const res = await send(server.app, world.as.owner, 'PUT', url(p._id), [...fieldParts({ type: 'digital' }), pdfPart()]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'digital', stock: null, hasDigitalFile: true });
    expect(await productRow(server.app, p._id)).toMatchObject({ stock: null });
  });

  it.each([
    ['a digital file on a physical product', async () => [pdfPart()], /A physical product has no digital file/, 400],
    ['too many pictures in all', async () => Promise.all(Array.from({ length: 10 }, (_, i) => imagePart(i))), /at most 10 images/, 400],
    ['a price out of bounds', async () => [...fieldParts({ price: 0.2 }), await imagePart()], /Price must be between/, 422],
    ['an unknown field', async () => [...fieldParts({ size: 'XL' }), await imagePart()], /size/, 400],
    ['imageIds naming an unknown picture', async () => [...fieldParts({ imageIds: ZERO_UUID }), await imagePart()], /imageIds.0 is not an image/, 400],
  ] as const)('refuses %s, keeping no uploaded file', async (_label, parts, message, status) => {
    const p = await createProduct(server.app, world.as.owner.token!);
    const list = await parts();
    const before = await snapshot(server);
    const res = await send(server.app, world.as.owner, 'PUT', url(p._id), [...list]);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await snapshot(server)).toEqual(before);
    expect(await tmpEntries(server.dataDir)).toEqual([]);
  });
});

describe('who may change a product', () => {
  let productId: string;
  let other: As;
  beforeAll(async () => {
    productId = (await createProduct(server.app, world.as.owner.token!, { type: 'digital' }))._id;
    other = world.as.otherCreator;
  });

  it('another creator gets 404 on every creator route, and nothing changes', async () => {
    const before = await snapshot(server);
    expect((await put(other, productId, { name: 'Mine now' })).statusCode).toBe(404);
    const multi = await send(server.app, other, 'PUT', url(productId), [...fieldParts({ name: 'Mine now' }), await imagePart(), pdfPart()]);
    expect(multi.statusCode).toBe(404);
    expect((await call(server.app, other, 'DELETE', url(productId))).statusCode).toBe(404);
    expect((await call(server.app, other, 'GET', `${url(productId)}/view`)).statusCode).toBe(404);
    expect(await snapshot(server)).toEqual(before);
  });

  it('a fan gets 403 and the signed out 401 on every creator route', async () => {
    const fan = await createUserWithToken(server.app);
    const before = await snapshot(server);
    for (const [as, status] of [[{ token: fan.token }, 403], [{}, 401]] as const) {
      expect((await put(as, productId, { name: 'x' })).statusCode).toBe(status);
      expect((await call(server.app, as, 'DELETE', url(productId))).statusCode).toBe(status);
      expect((await call(server.app, as, 'GET', `${url(productId)}/view`)).statusCode).toBe(status);
      expect((await call(server.app, as, 'GET', '/performer/performer-assets/products/search')).statusCode).toBe(status);
    }
    expect(await snapshot(server)).toEqual(before);
  });

  it('a malformed id is 400 and an unknown one 404', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await call(server.app, world.as.owner, method, url('nope'), method === 'PUT' ? { name: 'x' } : undefined)).statusCode).toBe(400);
      expect((await call(server.app, world.as.owner, method, url(ZERO_UUID), method === 'PUT' ? { name: 'x' } : undefined)).statusCode).toBe(404);
    }
    expect((await call(server.app, world.as.owner, 'GET', `${url('nope')}/view`)).statusCode).toBe(400);
  });
});

describe('DELETE /performer/performer-assets/products/:id', () => {
  it('deletes the product, its pictures, file, reactions and comments, and its likes from the creator\'s total', async () => {
    const p = await createProduct(server.app, world.as.owner.token!, { type: 'digital' });
    await world.buy(p._id);
    expect((await call(server.app, world.as.buyer, 'POST', '/reactions', { objectType: 'product', objectId: p._id, action: 'like' })).statusCode).toBe(200);
    expect((await call(server.app, world.as.stranger, 'POST', '/reactions', { objectType: 'product', objectId: p._id, action: 'bookmark' })).statusCode).toBe(200);
    expect((await call(server.app, world.as.buyer, 'POST', '/comments', { objectType: 'product', objectId: p._id, text: 'Great read' })).statusCode).toBe(200);
    const likesBefore = (await allRows(server.app, tables.performers)).find((r) => r.userId === world.creatorId)!.totalLikes;
    const fileIds = [...p.images.map((i) => i._id), p.digitalFile!._id];

    const res = await call(server.app, world.as.owner, 'DELETE', url(p._id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });
    expect(await productRow(server.app, p._id)).toBeUndefined();
    expect((await allRows(server.app, tables.productImages)).filter((i) => i.productId === p._id)).toEqual([]);
    expect((await allRows(server.app, tables.reactions)).filter((r) => r.objectId === p._id)).toEqual([]);
    expect((await allRows(server.app, tables.comments)).filter((c) => c.objectId === p._id)).toEqual([]);
    expect((await allRows(server.app, tables.performers)).find((r) => r.userId === world.creatorId)!.totalLikes).toBe(likesBefore - 1);
    for (const id of fileIds) {
      expect(await mediaRow(id)).toBeUndefined();
      expect(await hasKeysOf(id)).toBe(false);
    }
    // The purchase stays: it is the buyer's history.
    expect((await allRows(server.app, tables.entitlements)).some((e) => e.objectId === p._id)).toBe(true);
    expect((await call(server.app, world.as.owner, 'DELETE', url(p._id))).statusCode).toBe(404);
  });
});

describe('GET /performer/performer-assets/products/search and /:id/view', () => {
  let mine: string[];
  beforeAll(async () => {
    const t = world.as.owner.token!;
    mine = [
      (await createProduct(server.app, t, { name: 'Zebra mug', price: 3, stock: 2 }))._id,
      (await createProduct(server.app, t, { name: 'apple print', price: 30, stock: 0, status: 'draft' }))._id,
      (await createProduct(server.app, t, { name: 'Audio book', type: 'digital', price: 9 }))._id,
    ];
    await server.app.db.update(tables.products).set({ totalSold: 7 }).where((await import('drizzle-orm')).eq(tables.products.id, mine[0]));
    await createProduct(server.app, world.as.otherCreator.token!, { name: 'Zebra mug of someone else' });
  });

  const search = async (query: string) => {
    const res = await call(server.app, world.as.owner, 'GET', `/performer/performer-assets/products/search?limit=100&${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data as { data: { _id: string; name: string; sold: number; performerId: string }[]; total: number };
  };

  it('lists only my products, drafts included, with sold and the file details', async () => {
    const page = await search('');
    expect(page.data.every((p) => p.performerId === world.creatorId)).toBe(true);
    expect(page.total).toBe(page.data.length);
    expect(page.data.map((p) => p._id)).toEqual(expect.arrayContaining(mine));
    expect(page.data.find((p) => p._id === mine[0])!.sold).toBe(7);
  });

  it('filters by q, type and status', async () => {
    expect((await search('q=zebra')).data.map((p) => p._id)).toEqual([mine[0]]);
    expect((await search('type=digital&q=audio')).data.map((p) => p._id)).toEqual([mine[2]]);
    expect((await search('status=draft&q=apple')).data.map((p) => p._id)).toEqual([mine[1]]);
    expect((await search('q=100%25')).total).toBe(0);
  });

  it('sorts by name, price and sold, both ways', async () => {
    const names = (await search('q=a&sortBy=name&sort=asc')).data.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const prices = (await search('sortBy=price&sort=desc')).data.map((p) => (p as unknown as { price: number }).price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect((await search('sortBy=sold&sort=desc')).data[0]._id).toBe(mine[0]);
  });

  it('pages with offset and limit', async () => {
    const all = await search('sortBy=createdAt&sort=asc');
    const res = await call(server.app, world.as.owner, 'GET', '/performer/performer-assets/products/search?sortBy=createdAt&sort=asc&offset=1&limit=2');
    expect(res.json().data.data.map((p: { _id: string }) => p._id)).toEqual(all.data.slice(1, 3).map((p) => p._id));
    expect(res.json().data.total).toBe(all.total);
  });

  it('refuses unknown sorts and query fields', async () => {
    for (const q of ['sortBy=likes', 'sort=up', 'type=service', 'colour=red', 'limit=500']) {
      const res = await call(server.app, world.as.owner, 'GET', `/performer/performer-assets/products/search?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('shows my product with stock, sold and the digital file\'s details', async () => {
    const res = await call(server.app, world.as.owner, 'GET', `/performer/performer-assets/products/${mine[2]}/view`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: mine[2], sold: 0, stock: null, digitalFile: { kind: 'document', status: 'ready' } });
    expect(res.body).not.toContain('main.pdf');
  });
});
