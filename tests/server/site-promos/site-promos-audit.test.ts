import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { multipart, type FilePart } from '../../support/multipart';

jest.setTimeout(60_000);

let server: TestServer;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let fan: string;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUserWithToken(server.app, { role: 'admin', username: 'promo_ops' });
  fan = (await createUserWithToken(server.app)).token;
  png = await sharp({ create: { width: 400, height: 100, channels: 3, background: '#42b1e8' } }).png().toBuffer();
});
afterAll(() => server.close());

const image = (): Record<string, FilePart> => ({ image: { content: png, filename: 'banner.png', contentType: 'image/png' } });

async function upload(method: 'POST' | 'PUT', url: string, fields: Record<string, string>, files: Record<string, FilePart>, token = admin.token) {
  const body = await multipart(fields, files);
  return server.app.inject({ method, url, headers: { ...body.headers, authorization: token }, payload: body.payload });
}
const create = (fields: Record<string, string>, files = image(), token = admin.token) => upload('POST', '/admin/site-promos', fields, files, token);
const update = (id: string, payload: object, token = admin.token) =>
  server.app.inject({ method: 'PUT', url: `/admin/site-promos/${id}`, headers: { authorization: token }, payload });
const remove = (id: string, token = admin.token) => server.app.inject({ method: 'DELETE', url: `/admin/site-promos/${id}`, headers: { authorization: token } });
const audit = () => allRows(server.app, tables.auditLog);
const promoFiles = async () => (await fs.readdir(path.join(server.dataDir, 'uploads', 'public', 'promos')).catch(() => [] as string[])).sort();

/** Runs a write and returns the audit rows it added. */
async function added(write: () => Promise<{ statusCode: number }>, status = 200) {
  const before = (await audit()).length;
  expect((await write()).statusCode).toBe(status);
  return (await audit()).slice(before);
}

describe('promo writes are audited', () => {
  it('records a create with what was set, in one row', async () => {
    const rows = await added(() => create({ title: 'Summer', href: '/creator', position: 'home', ordering: '3', endsAt: '2099-01-01T00:00:00.000Z' }));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    const promo = (await allRows(server.app, tables.sitePromos)).find((p) => p.title === 'Summer')!;
    expect(row).toMatchObject({
      actorId: admin.user.id, actorUsername: 'promo_ops', action: 'promo.create', targetType: 'promo', targetId: promo.id, before: null,
      after: {
        title: 'Summer', description: '', href: '/creator', position: 'home', ordering: 3, active: true,
        startsAt: null, endsAt: '2099-01-01T00:00:00.000Z', imagePath: promo.imagePath,
      },
    });
  });

  it('records only the changed fields of an edit, and nothing when nothing changed', async () => {
    const id = (await create({ title: 'Edit me', ordering: '1' })).json().data._id;
    const rows = await added(() => update(id, { title: 'Edited', active: false, ordering: 1 }));
    expect(rows.map((r) => [r.action, r.targetId, r.before, r.after])).toEqual([
      ['promo.update', id, { title: 'Edit me', active: true }, { title: 'Edited', active: false }],
    ]);
    expect(await added(() => update(id, { title: 'Edited', ordering: 1 }))).toEqual([]);
    expect(await added(() => update(id, {}))).toEqual([]);
  });

  it('records a delete with what was removed', async () => {
    const promo = (await create({ title: 'Gone soon' })).json().data;
    const rows = await added(() => remove(promo._id));
    expect(rows.map((r) => [r.action, r.targetId, r.after])).toEqual([['promo.delete', promo._id, null]]);
    expect(rows[0].before).toMatchObject({ title: 'Gone soon', active: true, imagePath: expect.stringMatching(/^public\/promos\//) });
  });

  it('replaces the image: the row points at the new file, the old file goes, one audit row', async () => {
    const promo = (await create({ title: 'New picture' })).json().data;
    const oldPath = (await allRows(server.app, tables.sitePromos)).find((p) => p.id === promo._id)!.imagePath;
    const filesBefore = await promoFiles();
    const red = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#e84242' } }).png().toBuffer();
    const before = (await audit()).length;
    const res = await upload('PUT', `/admin/site-promos/${promo._id}/image`, {}, { image: { content: red, filename: 'red.png', contentType: 'image/png' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.imageUrl).not.toBe(promo.imageUrl);
    const newPath = (await allRows(server.app, tables.sitePromos)).find((p) => p.id === promo._id)!.imagePath;
    expect(newPath).not.toBe(oldPath);
    expect(await promoFiles()).toEqual([...filesBefore.filter((f) => `public/promos/${f}` !== oldPath), newPath.replace('public/promos/', '')].sort());
    const rows = (await audit()).slice(before);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([['promo.update', { imagePath: oldPath }, { imagePath: newPath }]]);
  });

  it('records nothing, and keeps rows and files, for every refused write', async () => {
    const promo = (await create({ title: 'Stays' })).json().data;
    const snapshot = async () => ({ audit: await audit(), promos: await allRows(server.app, tables.sitePromos), files: await promoFiles() });
    const before = await snapshot();
    const missing = '00000000-0000-4000-8000-000000000000';
    const refused: [() => Promise<{ statusCode: number }>, number][] = [
      [() => create({ title: '' }), 400],
      [() => create({ title: 'x', href: 'javascript:alert(1)' }), 400],
      [() => create({ title: 'x' }, {}), 400],
      [() => create({ title: 'x' }, { image: { content: 'not an image', filename: 'a.png', contentType: 'image/png' } }), 400],
      [() => create({ title: 'x' }, image(), fan), 403],
      [() => update(promo._id, { href: 'javascript:alert(1)' }), 400],
      [() => update(promo._id, { startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }), 400],
      [() => update(promo._id, { title: 'Mine' }, fan), 403],
      [() => update(missing, { title: 'x' }), 404],
      [() => upload('PUT', `/admin/site-promos/${promo._id}/image`, {}, {}), 400],
      [() => upload('PUT', `/admin/site-promos/${promo._id}/image`, {}, { image: { content: 'nope', filename: 'a.png', contentType: 'image/png' } }), 400],
      [() => upload('PUT', `/admin/site-promos/${promo._id}/image`, { title: 'x' }, image()), 400],
      [() => upload('PUT', `/admin/site-promos/${missing}/image`, {}, image()), 404],
      [() => upload('PUT', `/admin/site-promos/${promo._id}/image`, {}, image(), fan), 403],
      [() => remove(missing), 404],
      [() => remove(promo._id, fan), 403],
    ];
    for (const [write, status] of refused) expect(await added(write, status)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
