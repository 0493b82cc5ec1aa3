import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { HTML_AS_JPEG, pdf, SVG_WITH_SCRIPT, storedMediaKeys, tinyVideo, tmpEntries } from '../../support/media-fixtures';
import {
  buildWorld, call, CREATE_URL, createProduct, fieldParts, imagePart, MAIN_KEY, pdfPart, productRow, send, snapshot, type Part,
} from './product-helpers';

jest.setTimeout(120_000);

let server: TestServer;
let world: Awaited<ReturnType<typeof buildWorld>>;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server.app);
});
afterAll(() => server.close());

const physical = { name: 'Signed poster', description: 'A4\r\nsigned', type: 'physical', price: 12.5, stock: 3 };

describe('POST /performer/performer-assets/products', () => {
  it('creates a physical product with its pictures in the order sent', async () => {
    const res = await send(server.app, world.as.owner, 'POST', CREATE_URL, [...fieldParts(physical), await imagePart(1), await imagePart(2), await imagePart(3)]);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      name: 'Signed poster', description: 'A4\nsigned', type: 'physical', price: 12.5, stock: 3, isSoldOut: false, sold: 0,
      hasDigitalFile: false, digitalFile: null, status: 'active', performerId: world.creatorId, isLocked: false, isBought: false,
      stats: { likes: 0, bookmarks: 0, comments: 0 },
    });
    expect(p.images.map((i: { name: string }) => i.name)).toEqual(['picture-1.png', 'picture-2.png', 'picture-3.png']);
    for (const image of p.images) expect(image).toMatchObject({ type: 'product-image', kind: 'image', status: 'ready', isLocked: false, url: expect.stringMatching(MAIN_KEY) });
    const row = await productRow(server.app, p._id);
    expect(row).toMatchObject({ priceCents: 1250, stock: 3, digitalFileId: null, type: 'physical' });
    const images = (await allRows(server.app, tables.productImages)).filter((i) => i.productId === p._id).sort((a, b) => a.position - b.position);
    expect(images.map((i) => i.fileId)).toEqual(p.images.map((i: { _id: string }) => i._id));
  });

  it('creates a digital product with its file, and shows the file\'s details but never a URL of it', async () => {
    const res = await send(server.app, world.as.owner, 'POST', CREATE_URL, [
      ...fieldParts({ name: 'E-book', type: 'digital', price: 5, status: 'draft' }), await imagePart(4), pdfPart('Cooking Guide.pdf'),
    ]);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({ type: 'digital', stock: null, isSoldOut: false, hasDigitalFile: true, status: 'draft', description: '' });
    expect(p.digitalFile).toEqual({
      _id: expect.any(String), name: 'Cooking Guide.pdf', kind: 'document', mimeType: 'application/pdf', size: pdf().length, status: 'ready', failureReason: null,
    });
    expect(res.body).not.toContain('main.pdf');
    const media = (await allRows(server.app, tables.mediaFiles)).find((m) => m.id === p.digitalFile._id);
    expect(media).toMatchObject({ purpose: 'product-file', ownerId: world.creatorId });
  });

  it('takes a video as the digital file and processes it; the creator sees its status', async () => {
    const video: Part = { name: 'digitalFile', filename: 'clip.mp4', content: await tinyVideo('mp4'), contentType: 'video/mp4' };
    const res = await send(server.app, world.as.owner, 'POST', CREATE_URL, [...fieldParts({ name: 'Clip', type: 'digital', price: 3 }), await imagePart(5), video]);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(['pending', 'processing']).toContain(p.digitalFile.status);
    await server.app.media.whenIdle();
    const view = await call(server.app, world.as.owner, 'GET', `/performer/performer-assets/products/${p._id}/view`);
    expect(view.json().data.digitalFile).toMatchObject({ kind: 'video', status: 'ready', mimeType: 'video/mp4' });
    expect(view.body).not.toContain('main.mp4');
  });

  it('answers 403 to a fan and 401 to the signed out, storing nothing', async () => {
    const fan = await createUserWithToken(server.app);
    const before = await snapshot(server);
    const parts = [...fieldParts(physical), await imagePart(1)];
    expect((await send(server.app, { token: fan.token }, 'POST', CREATE_URL, parts)).statusCode).toBe(403);
    expect((await send(server.app, null, 'POST', CREATE_URL, parts)).statusCode).toBe(401);
    expect(await snapshot(server)).toEqual(before);
  });

  const cases: [string, number, () => Promise<Part[]>, string | RegExp][] = [
    ['no name', 400, async () => [...fieldParts({ type: 'physical', price: 5, stock: 1 }), await imagePart()], /name/],
    ['a blank name', 400, async () => [...fieldParts({ ...physical, name: '   ' }), await imagePart()], 'name cannot be empty'],
    ['a name over 200 characters', 400, async () => [...fieldParts({ ...physical, name: 'x'.repeat(201) }), await imagePart()], /name/],
    ['a description over 5000 characters', 400, async () => [...fieldParts({ ...physical, description: 'x'.repeat(5001) }), await imagePart()], /description/],
    ['an unknown field', 400, async () => [...fieldParts({ ...physical, colour: 'red' }), await imagePart()], /colour/],
    ['an unknown type', 400, async () => [...fieldParts({ ...physical, type: 'service' }), await imagePart()], /type/],
    ['an unknown status', 400, async () => [...fieldParts({ ...physical, status: 'published' }), await imagePart()], /status/],
    ['a price that is not a number', 400, async () => [...fieldParts({ ...physical, price: 'cheap' }), await imagePart()], /price/],
    ['a price under the minimum', 422, async () => [...fieldParts({ ...physical, price: 0.5 }), await imagePart()], 'Price must be between 1.00 and 1000.00 tokens, in steps of 0.01'],
    ['a price over the maximum', 422, async () => [...fieldParts({ ...physical, price: 1000.01 }), await imagePart()], /Price must be between/],
    ['a price with three decimals', 422, async () => [...fieldParts({ ...physical, price: 2.345 }), await imagePart()], /Price must be between/],
    ['a physical product without stock', 400, async () => [...fieldParts({ name: 'x', type: 'physical', price: 5 }), await imagePart()], 'stock is required for a physical product'],
    ['a negative stock', 400, async () => [...fieldParts({ ...physical, stock: -1 }), await imagePart()], /stock/],
    ['a stock over 1,000,000', 400, async () => [...fieldParts({ ...physical, stock: 1_000_001 }), await imagePart()], /stock/],
    ['a fractional stock', 400, async () => [...fieldParts({ ...physical, stock: 1.5 }), await imagePart()], /stock/],
    ['a physical product with a digital file', 400, async () => [...fieldParts(physical), await imagePart(), pdfPart()], 'A physical product has no digital file'],
    ['a digital product with stock', 400, async () => [...fieldParts({ name: 'x', type: 'digital', price: 5, stock: 3 }), await imagePart(), pdfPart()], 'A digital product has no stock'],
    ['a digital product without its file', 400, async () => [...fieldParts({ name: 'x', type: 'digital', price: 5 }), await imagePart()], 'digitalFile is required for a digital product'],
    ['no image', 400, async () => fieldParts(physical), 'A product needs at least one image'],
    ['a PDF as image', 400, async () => [...fieldParts(physical), { name: 'image', filename: 'x.png', content: pdf(), contentType: 'image/png' }], /image must be an image/],
    ['HTML posing as a JPEG', 400, async () => [...fieldParts(physical), await imagePart(), { name: 'image', filename: 'x.jpg', content: HTML_AS_JPEG, contentType: 'image/jpeg' }], /image must be an image/],
    ['an SVG as digital file', 400, async () => [...fieldParts({ name: 'x', type: 'digital', price: 5 }), await imagePart(), { name: 'digitalFile', filename: 'x.svg', content: SVG_WITH_SCRIPT }], /digitalFile must be/],
    ['an unknown file field', 400, async () => [...fieldParts(physical), await imagePart(), { name: 'thumbnail', filename: 'x.png', content: pdf() }], 'thumbnail is not allowed'],
    ['two digital files', 400, async () => [...fieldParts({ name: 'x', type: 'digital', price: 5 }), await imagePart(), pdfPart(), pdfPart()], 'digitalFile must be a single file'],
    ['eleven images', 400, async () => [...fieldParts(physical), ...(await Promise.all(Array.from({ length: 11 }, (_, i) => imagePart(i))))], 'A product can have at most 10 images'],
    ['a path as file name', 400, async () => [...fieldParts(physical), { name: 'image', filename: '../x.png', content: await imagePart().then((p) => (p as { content: Buffer }).content) }], 'The file name is not allowed'],
  ];

  it.each(cases)('refuses %s (%i) and stores nothing', async (_label, status, parts, message) => {
    const before = await snapshot(server);
    const res = await send(server.app, world.as.owner, 'POST', CREATE_URL, await parts());
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(body.details?.length ?? 0).toBeGreaterThan(0);
    expect(await snapshot(server)).toEqual(before);
    expect(await tmpEntries(server.dataDir)).toEqual([]);
  });

  it('reports every broken store rule at once', async () => {
    const res = await send(server.app, world.as.owner, 'POST', CREATE_URL, [...fieldParts({ name: 'x', type: 'digital', price: 5, stock: 2 })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['digitalFile', 'image', 'stock']);
  });

  it('refuses a JSON body: the form carries files', async () => {
    const before = await snapshot(server);
    const res = await call(server.app, world.as.owner, 'POST', CREATE_URL, { ...physical });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send this form as multipart/form-data');
    expect(await snapshot(server)).toEqual(before);
  });

  it('keeps the stored objects of a product it created', async () => {
    const p = await createProduct(server.app, world.as.owner.token!);
    const keys = await storedMediaKeys(server.dataDir);
    expect(keys.some((k) => k.includes(p.images[0]._id))).toBe(true);
  });
});
