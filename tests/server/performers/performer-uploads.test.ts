import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { multipart, type FilePart } from '../../support/multipart';
import { performers, users } from '../../../src/server/db/schema';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(120_000);

let server: TestServer;
type Account = Awaited<ReturnType<typeof createPerformerWithToken>>;
let a: Account;
let b: Account;
let fanToken: string;

beforeAll(async () => {
  server = await startTestServer();
  a = await createPerformerWithToken(server.app, { username: 'uploader_a' });
  b = await createPerformerWithToken(server.app, { username: 'uploader_b' });
  fanToken = (await createUserWithToken(server.app)).token;
});
afterAll(() => server.close());

const upload = async (url: string, token: string, files: Record<string, FilePart>, fields: Record<string, string> = {}) => {
  const body = await multipart(fields, files);
  return server.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, authorization: token } });
};
const filesIn = (folder: string) => fs.readdir(path.join(server.dataDir, 'uploads', ...folder.split('/'))).catch(() => [] as string[]);
const stored = (key: string) => fs.readFile(path.join(server.dataDir, 'uploads', ...key.split('/')));
const keyOf = (url: string) => url.slice(`${server.config.apiEndpoint}/files/`.length);
const getFile = (url: string) => server.app.inject({ method: 'GET', url: new URL(url).pathname });
const profileRow = async (id: string) => (await server.app.db.select().from(performers).where(eq(performers.userId, id)))[0];
const userRow = async (id: string) => (await server.app.db.select().from(users).where(eq(users.id, id)))[0];
const snapshot = async () => ({
  users: await allRows(server.app, tables.users),
  performers: await allRows(server.app, tables.performers),
  files: [...(await filesIn('public/avatars')), ...(await filesIn('public/covers')), ...(await filesIn('public/welcome-videos')),
    ...(await filesIn('private/id-documents')), ...(await filesIn('private/selfies'))].sort(),
});

const jpeg = (w = 640, h = 480, colour = '#3a6') =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'gps-and-secrets' } } })
    .toBuffer();
const HTML = '<html><body><script>alert(1)</script></body></html>';

/** The first bytes of real files: what the sniffer looks at. The rest is filler. */
const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')]);
const mp4 = (size = 4096) => Buffer.concat([ftyp('isom'), Buffer.from([0, 0, 0, 8]), Buffer.from('mdat'), Buffer.alloc(size, 7)]);
const webm = () => Buffer.concat([
  Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701', 'hex'),
  Buffer.alloc(2048, 3),
]);

describe('POST /performers/avatar/upload and /performers/cover/upload', () => {
  it('re-encodes the avatar to a 256px WebP without metadata and replaces the previous one', async () => {
    const first = await upload('/performers/avatar/upload', a.token, { avatar: { content: await jpeg(), filename: 'me.jpg', contentType: 'image/jpeg' } });
    expect(first.statusCode).toBe(200);
    const url1 = first.json().data.avatar as string;
    expect(url1).toMatch(new RegExp(`^${server.config.apiEndpoint}/files/public/avatars/[0-9a-f-]+\\.webp$`));
    const file = await getFile(url1);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();

    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#00f8' } }).png().toBuffer();
    const second = await upload('/performers/avatar/upload', a.token, { avatar: { content: png, filename: 'me.png' } });
    expect(second.statusCode).toBe(200);
    expect((await getFile(url1)).statusCode).toBe(404);
    await expect(stored(keyOf(url1))).rejects.toThrow();
    // The same account row as the fan-side CurrentUser.
    const me = await server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: a.token } });
    expect(me.json().data.avatar).toBe(second.json().data.avatar);
  });

  it('re-encodes the cover to a JPEG of at most 2048px and replaces the previous one', async () => {
    const first = await upload('/performers/cover/upload', a.token, { cover: { content: await jpeg(3000, 1000), filename: 'cover.jpg' } });
    expect(first.statusCode).toBe(200);
    const url1 = first.json().data.cover as string;
    expect(url1).toMatch(new RegExp(`^${server.config.apiEndpoint}/files/public/covers/[0-9a-f-]+\\.jpg$`));
    const meta = await sharp((await getFile(url1)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2048 });
    expect(meta.exif).toBeUndefined();
    const second = await upload('/performers/cover/upload', a.token, { cover: { content: await jpeg(800, 300, '#123'), filename: 'c.jpg' } });
    expect(second.statusCode).toBe(200);
    expect((await getFile(url1)).statusCode).toBe(404);
    expect((await userRow(a.user.id)).coverPath).toBe(keyOf(second.json().data.cover));
  });

  it('leaves exactly one avatar file behind when uploads race (each replaces what the last one committed)', async () => {
    const user = await createPerformerWithToken(server.app);
    const others = await filesIn('public/avatars');
    const results = await Promise.all(
      ['#100', '#200', '#300', '#400'].map(async (colour) =>
        upload('/performers/avatar/upload', user.token, { avatar: { content: await jpeg(64, 64, colour), filename: 'a.jpg' } })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const current = (await userRow(user.user.id)).avatarPath!;
    const after = await filesIn('public/avatars');
    expect(after.filter((f) => !others.includes(f))).toEqual([current.split('/').pop()]);
  });

  it.each(['avatar', 'cover'])('%s: rejects non-images, SVG, missing files and oversize files, writing nothing', async (field) => {
    const url = `/performers/${field}/upload`;
    const before = await snapshot();
    const html = await upload(url, b.token, { [field]: { content: HTML, filename: 'cat.jpg', contentType: 'image/jpeg' } });
    expect(html.statusCode).toBe(400);
    expect(html.json()).toMatchObject({ message: `${field} must be an image (JPEG, PNG, WebP or GIF)`, details: [{ field }] });
    const svg = await upload(url, b.token, { [field]: { content: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', filename: 'a.svg' } });
    expect(svg.statusCode).toBe(400);
    const none = await upload(url, b.token, {}, { note: 'no file' });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ field, message: `${field} is required` }]);
    const wrong = await upload(url, b.token, { photo: { content: await jpeg(8, 8) } });
    expect(wrong.json().details).toEqual([{ field: 'photo', message: 'photo is not allowed' }]);
    const big = await upload(url, b.token, { [field]: { content: Buffer.alloc(21 * 1024 * 1024, 1), filename: 'big.jpg' } });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('This file is too large, please upload a smaller one');
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /performers/welcome-video/upload and DELETE /performers/welcome-video', () => {
  it('stores MP4, QuickTime and WebM as uploaded under public/, replacing the previous video', async () => {
    const first = await upload('/performers/welcome-video/upload', a.token, { video: { content: mp4(), filename: 'hello.bin', contentType: 'application/octet-stream' } });
    expect(first.statusCode).toBe(200);
    const url1 = first.json().data.welcomeVideo as string;
    expect(url1).toMatch(new RegExp(`^${server.config.apiEndpoint}/files/public/welcome-videos/[0-9a-f-]+\\.mp4$`));
    const served = await getFile(url1);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.equals(mp4())).toBe(true);
    // The public profile shows it too.
    const pub = await server.app.inject({ method: 'GET', url: '/performers/uploader_a' });
    expect(pub.json().data.welcomeVideo).toBe(url1);

    const mov = await upload('/performers/welcome-video/upload', a.token, { video: { content: Buffer.concat([ftyp('qt  '), Buffer.alloc(100)]), filename: 'a.mov' } });
    expect(mov.statusCode).toBe(200);
    expect(mov.json().data.welcomeVideo).toMatch(/\.mov$/);
    expect((await getFile(url1)).statusCode).toBe(404);

    const wm = await upload('/performers/welcome-video/upload', a.token, { video: { content: webm(), filename: 'a.webm' } });
    expect(wm.statusCode).toBe(200);
    expect(wm.json().data.welcomeVideo).toMatch(/\.webm$/);
    expect(await filesIn('public/welcome-videos')).toHaveLength(1);
  });

  it('accepts videos beyond the 20 MB image limit (its own limit is 100 MB)', async () => {
    const res = await upload('/performers/welcome-video/upload', a.token, { video: { content: mp4(30 * 1024 * 1024), filename: 'long.mp4' } });
    expect(res.statusCode).toBe(200);
    expect((await stored(keyOf(res.json().data.welcomeVideo))).length).toBe(mp4(30 * 1024 * 1024).length);
  });

  it('removes the video and its file', async () => {
    const url = (await upload('/performers/welcome-video/upload', b.token, { video: { content: mp4(), filename: 'b.mp4' } })).json().data.welcomeVideo;
    const res = await server.app.inject({ method: 'DELETE', url: '/performers/welcome-video', headers: { authorization: b.token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.welcomeVideo).toBeNull();
    expect((await getFile(url)).statusCode).toBe(404);
    expect((await profileRow(b.user.id)).welcomeVideoPath).toBeNull();
    // A's video is untouched; removing when there is none is fine.
    expect((await profileRow(a.user.id)).welcomeVideoPath).not.toBeNull();
    expect((await server.app.inject({ method: 'DELETE', url: '/performers/welcome-video', headers: { authorization: b.token } })).statusCode).toBe(200);
  });

  it.each([
    ['HTML named .mp4', HTML],
    ['a JPEG', 'jpeg'],
    ['a HEIC photo (ftyp box, image brand)', Buffer.concat([ftyp('heic'), Buffer.alloc(64)])],
    ['an M4A song', Buffer.concat([ftyp('M4A '), Buffer.alloc(64)])],
    ['a few bytes', Buffer.from('ftyp')],
  ])('rejects %s with 400 and writes nothing', async (_label, content) => {
    const before = await snapshot();
    const bytes = content === 'jpeg' ? await jpeg() : content;
    const res = await upload('/performers/welcome-video/upload', b.token, { video: { content: bytes, filename: 'clip.mp4', contentType: 'video/mp4' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The file is not a supported video', details: [{ field: 'video' }] });
    expect(await snapshot()).toEqual(before);
  });

  it('rejects missing, empty and misnamed files and non-multipart bodies with 400', async () => {
    const before = await snapshot();
    const none = await upload('/performers/welcome-video/upload', b.token, {}, { title: 'x' });
    expect(none.json()).toMatchObject({ statusCode: 400, message: 'video is required' });
    const empty = await upload('/performers/welcome-video/upload', b.token, { video: { content: Buffer.alloc(0) } });
    expect(empty.json()).toMatchObject({ statusCode: 400, message: 'video is required' });
    const wrong = await upload('/performers/welcome-video/upload', b.token, { avatar: { content: mp4() } });
    expect(wrong.json()).toMatchObject({ statusCode: 400, message: 'avatar is not allowed' });
    const json = await server.app.inject({ method: 'POST', url: '/performers/welcome-video/upload', headers: { authorization: b.token }, payload: { video: 'x' } });
    expect(json.statusCode).toBe(400);
    const cut = await server.app.inject({
      method: 'POST', url: '/performers/welcome-video/upload',
      headers: { authorization: b.token, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\n\r\n\0\0\0\x18ftypisom',
    });
    expect(cut.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 413 past 100 MB and writes nothing', async () => {
    const before = await snapshot();
    // Built by hand: FormData would copy 100 MB several times over.
    const boundary = 'big-video-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
      ftyp('isom'),
      Buffer.alloc(100 * 1024 * 1024, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await server.app.inject({
      method: 'POST', url: '/performers/welcome-video/upload', payload,
      headers: { authorization: b.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('This video is too large: the limit is 100 MB');
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /performers/documents/upload', () => {
  it('stores new identity images privately, deletes the replaced ones and asks for verification again', async () => {
    await server.app.db.update(performers).set({ verificationStatus: 'approved' }).where(eq(performers.userId, a.user.id));
    const idOnly = await upload('/performers/documents/upload', a.token, { idDocument: { content: await jpeg(), filename: 'id.jpg' } });
    expect(idOnly.statusCode).toBe(200);
    expect(idOnly.json().data).toMatchObject({ hasIdDocument: true, hasSelfie: false, verifiedDocument: false });
    expect(await profileRow(a.user.id)).toMatchObject({ verificationStatus: 'not_submitted', verificationSubmittedAt: null });
    expect(idOnly.body).not.toMatch(/private\//);
    const first = await profileRow(a.user.id);
    expect(first.idDocumentPath).toMatch(/^private\/id-documents\/[0-9a-f-]+\.jpg$/);
    expect((await sharp(await stored(first.idDocumentPath!)).metadata()).exif).toBeUndefined();

    await server.app.db.update(performers).set({ verificationStatus: 'approved' }).where(eq(performers.userId, a.user.id));
    const both = await upload('/performers/documents/upload', a.token, {
      idDocument: { content: await jpeg(400, 300, '#f00'), filename: 'id2.png' },
      selfie: { content: await jpeg(300, 300, '#0f0'), filename: 'me.jpg' },
    });
    expect(both.statusCode).toBe(200);
    expect(both.json().data).toMatchObject({ hasIdDocument: true, hasSelfie: true, verifiedDocument: false });
    expect(await profileRow(a.user.id)).toMatchObject({ verificationStatus: 'pending', verificationSubmittedAt: expect.any(Date) });
    const second = await profileRow(a.user.id);
    expect(second.idDocumentPath).not.toBe(first.idDocumentPath);
    expect(second.selfiePath).toMatch(/^private\/selfies\//);
    await expect(stored(first.idDocumentPath!)).rejects.toThrow();
    expect(await filesIn('private/id-documents')).toHaveLength(1);
    // No public URL reaches them: a path walking into private/ needs an operator's signed link.
    expect((await server.app.inject({ method: 'GET', url: `/files/public/../${second.selfiePath}` })).statusCode).toBe(403);
  });

  it('rejects no files, non-images (every bad file named) and unknown fields, writing nothing', async () => {
    const before = await snapshot();
    const none = await upload('/performers/documents/upload', b.token, {}, { note: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Upload an identity document, a selfie or both');
    const bad = await upload('/performers/documents/upload', b.token, {
      idDocument: { content: HTML, filename: 'id.jpg' },
      selfie: { content: 'GIF89a not really', filename: 'me.gif' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(['idDocument', 'selfie']);
    const extra = await upload('/performers/documents/upload', b.token, { passport: { content: await jpeg() } });
    expect(extra.json().details).toEqual([{ field: 'passport', message: 'passport is not allowed' }]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('roles and ownership', () => {
  const uploads: [string, string][] = [
    ['/performers/avatar/upload', 'avatar'],
    ['/performers/cover/upload', 'cover'],
    ['/performers/welcome-video/upload', 'video'],
    ['/performers/documents/upload', 'idDocument'],
  ];

  it.each(uploads)('%s: 401 without a token, 403 for a fan, nothing written', async (url, field) => {
    const before = await snapshot();
    const content = field === 'video' ? mp4() : await jpeg();
    const anon = await upload(url, '', { [field]: { content } });
    expect(anon.statusCode).toBe(401);
    const fan = await upload(url, fanToken, { [field]: { content } });
    expect(fan.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it.each(uploads)('%s with B\'s token changes B only, whatever id the form names', async (url, field) => {
    const aUser = await userRow(a.user.id);
    const aProfile = await profileRow(a.user.id);
    const content = field === 'video' ? mp4() : await jpeg(320, 320, '#abc');
    const res = await upload(url, b.token, { [field]: { content } }, { _id: a.user.id, userId: a.user.id, performerId: a.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data._id).toBe(b.user.id);
    expect(await userRow(a.user.id)).toEqual(aUser);
    expect(await profileRow(a.user.id)).toEqual(aProfile);
  });
});
