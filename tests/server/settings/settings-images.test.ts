import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { multipart, type FilePart } from '../../support/multipart';
import { HTML_AS_JPEG, jpegWithExif, pngWithAlpha, SVG_WITH_SCRIPT } from '../../support/media-fixtures';

let server: TestServer;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

jest.setTimeout(60_000);

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUserWithToken(server.app, { role: 'admin' });
});
afterAll(() => server.close());

async function upload(fields: Record<string, string>, files: Record<string, FilePart>, token = admin.token) {
  const form = await multipart(fields, files);
  return server.app.inject({ method: 'POST', url: '/admin/settings/images', headers: { ...form.headers, authorization: token }, payload: form.payload });
}
const siteDir = () => path.join(server.dataDir, 'uploads', 'public', 'site');
const storedFiles = async () => (await fs.readdir(siteDir()).catch(() => [] as string[])).sort();
const auditRows = async () => (await allRows(server.app, tables.auditLog)).filter((r) => r.action === 'settings.update');
const storedSettings = async () => (await allRows(server.app, tables.settings)).map(({ key, value }) => ({ key, value }));
/** The bytes behind a public URL, fetched through the API like a browser would. */
const fetchPublic = (url: string) => server.app.inject({ method: 'GET', url: new URL(url).pathname });

describe('POST /admin/settings/images', () => {
  it('re-encodes a logo (transparency kept, metadata dropped), stores it publicly, sets the setting and audits it', async () => {
    const res = await upload({ key: 'logoUrl' }, { image: { content: await pngWithAlpha(1600, 400), filename: 'logo.png', contentType: 'image/png' } });
    expect(res.statusCode).toBe(200);
    const { key, url } = res.json().data;
    expect(key).toBe('logoUrl');
    expect(url).toMatch(new RegExp(`^${server.config.apiEndpoint}/files/public/site/[0-9a-f-]{36}\\.webp$`));

    const file = await fetchPublic(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha }).toEqual({ format: 'webp', width: 1024, height: 256, hasAlpha: true });

    expect(await server.app.settings.get('logoUrl')).toBe(url);
    const pub = await server.app.inject({ method: 'GET', url: '/settings/public' });
    expect(pub.json().data.logoUrl).toBe(url);
    const audits = await auditRows();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.user.id, targetType: 'settings', before: { logoUrl: '' }, after: { logoUrl: url } });
  });

  it('replaces an uploaded image and deletes the old file, but never a link the operator typed', async () => {
    const first = (await upload({ key: 'maintenanceImage' }, { image: { content: await jpegWithExif(), filename: 'a.jpg' } })).json().data.url;
    const second = await upload({ key: 'maintenanceImage' }, { image: { content: await jpegWithExif(), filename: 'b.jpg' } });
    expect(second.statusCode).toBe(200);
    expect((await fetchPublic(first)).statusCode).toBe(404);
    const kept = await fetchPublic(second.json().data.url);
    expect(kept.statusCode).toBe(200);
    // EXIF (with its GPS position) is gone, the orientation was applied to the pixels.
    const meta = await sharp(kept.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 300, height: 400 });

    // A typed link is replaced by the next upload without any file being touched.
    const before = await storedFiles();
    expect((await server.app.inject({
      method: 'PUT', url: '/admin/settings', headers: { authorization: admin.token }, payload: { darkmodeLogoUrl: '/images/logo-dark.png' },
    })).statusCode).toBe(200);
    const dark = await upload({ key: 'darkmodeLogoUrl' }, { image: { content: await pngWithAlpha(), filename: 'd.png' } });
    expect(dark.statusCode).toBe(200);
    expect(await storedFiles()).toEqual([...before, path.basename(new URL(dark.json().data.url).pathname)].sort());
  });

  it('makes the favicon a 64 px square PNG', async () => {
    const res = await upload({ key: 'favicon' }, { image: { content: await pngWithAlpha(300, 200), filename: 'f.png' } });
    expect(res.statusCode).toBe(200);
    const file = await fetchPublic(res.json().data.url);
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: 64, height: 64 });
  });

  it('refuses a bad file, a bad key or no file with 400 naming the field, storing and recording nothing', async () => {
    const settingsBefore = await storedSettings();
    const filesBefore = await storedFiles();
    const auditsBefore = (await auditRows()).length;
    const png = await pngWithAlpha();
    const cases: [Record<string, string>, Record<string, FilePart>, string][] = [
      [{ key: 'logoUrl' }, { image: { content: HTML_AS_JPEG, filename: 'logo.jpg', contentType: 'image/jpeg' } }, 'image'],
      [{ key: 'logoUrl' }, { image: { content: SVG_WITH_SCRIPT, filename: 'logo.svg', contentType: 'image/svg+xml' } }, 'image'],
      [{ key: 'logoUrl' }, { image: { content: Buffer.alloc(0), filename: 'empty.png' } }, 'image'],
      [{ key: 'logoUrl' }, {}, 'image'],
      [{ key: 'siteName' }, { image: { content: png, filename: 'x.png' } }, 'key'],
      [{}, { image: { content: png, filename: 'x.png' } }, 'key'],
      [{ key: 'logoUrl' }, { image: { content: png, filename: 'x.png' }, other: { content: png, filename: 'y.png' } }, 'other'],
    ];
    for (const [fields, files, field] of cases) {
      const res = await upload(fields, files);
      expect({ field, status: res.statusCode }).toEqual({ field, status: 400 });
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await storedSettings()).toEqual(settingsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await auditRows()).toHaveLength(auditsBefore);
  });

  it('is for operators only, before the upload is read', async () => {
    const fan = await createUserWithToken(server.app);
    const filesBefore = await storedFiles();
    const res = await upload({ key: 'logoUrl' }, { image: { content: await pngWithAlpha(), filename: 'x.png' } }, fan.token);
    expect(res.statusCode).toBe(403);
    expect(await storedFiles()).toEqual(filesBefore);
  });
});
