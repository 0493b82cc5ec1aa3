import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { multipart, type FilePart } from '../../support/multipart';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(60_000);

let server: TestServer;
let admin: string;
let fan: string;
let performer: string;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await createUserWithToken(server.app, { role: 'admin' })).token;
  fan = (await createUserWithToken(server.app)).token;
  performer = (await createPerformerWithToken(server.app)).token;
  png = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#42b1e8' } }).png().toBuffer();
});
afterAll(() => server.close());

const promoFiles = async () => fs.readdir(path.join(server.dataDir, 'uploads', 'public', 'promos')).catch(() => [] as string[]);

async function create(fields: Record<string, string>, files: Record<string, FilePart> = { image: { content: png, filename: 'banner.png', contentType: 'image/png' } }, token = admin) {
  const body = await multipart(fields, files);
  return server.app.inject({ method: 'POST', url: '/admin/site-promos', headers: { ...body.headers, authorization: token }, payload: body.payload });
}

const publicSearch = async (query = '') => {
  const res = await server.app.inject({ method: 'GET', url: `/site-promo/search${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { data: { title: string; _id: string }[]; total: number };
};

describe('admin promo routes', () => {
  it('creates a promo with a re-encoded image served publicly', async () => {
    const res = await create({ title: 'Spring offer', description: 'Half price', href: '/creator', position: 'landing', ordering: '2', active: 'true', startsAt: '', endsAt: '' });
    expect(res.statusCode).toBe(200);
    const promo = res.json().data;
    expect(promo).toMatchObject({ title: 'Spring offer', description: 'Half price', href: '/creator', position: 'landing', ordering: 2, active: true, startsAt: null, endsAt: null });
    const image = await server.app.inject({ method: 'GET', url: new URL(promo.imageUrl).pathname });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('lists, updates and deletes (deleting removes the image)', async () => {
    const created = (await create({ title: 'To edit', href: 'https://example.com/x' })).json().data;
    const list = await server.app.inject({ method: 'GET', url: '/admin/site-promos?limit=100', headers: { authorization: admin } });
    expect(list.json().data.data.map((p: { _id: string }) => p._id)).toContain(created._id);

    const updated = await server.app.inject({
      method: 'PUT', url: `/admin/site-promos/${created._id}`, headers: { authorization: admin },
      payload: { title: 'Edited', active: false, endsAt: '2099-01-01T00:00:00.000Z' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Edited', active: false, endsAt: '2099-01-01T00:00:00.000Z', href: 'https://example.com/x' });

    const before = await promoFiles();
    const removed = await server.app.inject({ method: 'DELETE', url: `/admin/site-promos/${created._id}`, headers: { authorization: admin } });
    expect(removed.json()).toEqual({ data: { success: true } });
    expect((await promoFiles()).length).toBe(before.length - 1);
    const again = await server.app.inject({ method: 'DELETE', url: `/admin/site-promos/${created._id}`, headers: { authorization: admin } });
    expect(again.statusCode).toBe(404);
    for (const [id, status] of [['nope', 400], ['00000000-0000-0000-0000-000000000000', 404]] as const) {
      const put = await server.app.inject({ method: 'PUT', url: `/admin/site-promos/${id}`, headers: { authorization: admin }, payload: { title: 'x' } });
      expect(put.statusCode).toBe(status);
    }
  });

  it('sorts the admin list by a known column and refuses others', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/admin/site-promos?sortBy=title&sort=asc&limit=100', headers: { authorization: admin } });
    const titles = res.json().data.data.map((p: { title: string }) => p.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const bad = await server.app.inject({ method: 'GET', url: '/admin/site-promos?sortBy=imagePath', headers: { authorization: admin } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'sortBy', message: expect.stringContaining('must be one of') }]);
  });

  it('refuses fans and performers (403) and anonymous callers (401)', async () => {
    for (const [token, status] of [[fan, 403], [performer, 403], ['', 401]] as const) {
      const headers = token ? { authorization: token } : {};
      expect((await server.app.inject({ method: 'GET', url: '/admin/site-promos', headers })).statusCode).toBe(status);
      expect((await create({ title: 'Nope' }, undefined, token)).statusCode).toBe(status);
      expect((await server.app.inject({ method: 'PUT', url: '/admin/site-promos/00000000-0000-0000-0000-000000000000', headers, payload: { title: 'x' } })).statusCode).toBe(status);
      expect((await server.app.inject({ method: 'DELETE', url: '/admin/site-promos/00000000-0000-0000-0000-000000000000', headers })).statusCode).toBe(status);
    }
  });

  it('rejects bad input with 400 and stores nothing', async () => {
    const rowsBefore = await allRows(server.app, tables.sitePromos);
    const filesBefore = await promoFiles();
    const cases: [Record<string, string>, Record<string, FilePart> | undefined, string][] = [
      [{ title: 'x', href: 'javascript:alert(1)' }, undefined, 'href'],
      [{ title: 'x', href: 'data:text/html,hi' }, undefined, 'href'],
      [{ title: '' }, undefined, 'title'],
      [{}, undefined, 'title'],
      [{ title: 'x', position: 'sidebar' }, undefined, 'position'],
      [{ title: 'x', ordering: 'first' }, undefined, 'ordering'],
      [{ title: 'x', startsAt: 'tomorrow' }, undefined, 'startsAt'],
      [{ title: 'x', startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, undefined, 'endsAt'],
      [{ title: 'x', colour: 'red' }, undefined, 'colour'],
      [{ title: 'x' }, {}, 'image'],
      [{ title: 'x' }, { image: { content: '<svg xmlns="http://www.w3.org/2000/svg"/>', filename: 'a.png', contentType: 'image/png' } }, 'image'],
      [{ title: 'x' }, { image: { content: 'not an image at all', filename: 'a.jpg', contentType: 'image/jpeg' } }, 'image'],
      [{ title: 'x' }, { image: { content: png }, other: { content: png } }, 'other'],
    ];
    for (const [fields, files, field] of cases) {
      const res = await create(fields, files);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const created = (await create({ title: 'Window' })).json().data;
    const badUpdates = [{ href: 'javascript:alert(1)' }, { position: 'nowhere' }, { startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, { nope: 1 }];
    for (const payload of badUpdates) {
      const res = await server.app.inject({ method: 'PUT', url: `/admin/site-promos/${created._id}`, headers: { authorization: admin }, payload });
      expect(res.statusCode).toBe(400);
    }
    await server.app.inject({ method: 'DELETE', url: `/admin/site-promos/${created._id}`, headers: { authorization: admin } });
    expect(await allRows(server.app, tables.sitePromos)).toEqual(rowsBefore);
    expect(await promoFiles()).toEqual(filesBefore);
  });
});

describe('GET /site-promo/search', () => {
  it('shows only active promos inside their window, by position, in display order', async () => {
    const hour = 3_600_000;
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    await create({ title: 'Home B', position: 'home', ordering: '5' });
    await create({ title: 'Home A', position: 'home', ordering: '1' });
    await create({ title: 'Home off', position: 'home', active: 'false' });
    await create({ title: 'Home later', position: 'home', startsAt: iso(hour) });
    await create({ title: 'Home over', position: 'home', endsAt: iso(-hour), startsAt: iso(-2 * hour) });
    await create({ title: 'Home now', position: 'home', ordering: '5', startsAt: iso(-hour), endsAt: iso(hour) });

    const home = await publicSearch('?position=home');
    expect(home.data.map((p) => p.title)).toEqual(['Home A', 'Home now', 'Home B']);
    expect(home.total).toBe(3);
    const page = await publicSearch('?position=home&limit=1&offset=1');
    expect(page).toMatchObject({ total: 3, data: [{ title: 'Home now' }] });
    const all = await publicSearch('?limit=100');
    expect(all.data.map((p) => p.title)).toEqual(expect.arrayContaining(['Spring offer', 'Home A']));
    expect(all.data.map((p) => p.title)).not.toContain('Home off');
    const landing = await publicSearch('?position=landing');
    expect(landing.data.every((p) => !p.title.startsWith('Home'))).toBe(true);
  });

  it('answers 400 for an unknown position or paging out of range', async () => {
    for (const query of ['?position=sidebar', '?limit=1000', '?offset=-1']) {
      expect((await server.app.inject({ method: 'GET', url: `/site-promo/search${query}` })).statusCode).toBe(400);
    }
  });
});
