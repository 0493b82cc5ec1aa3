import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { login, registerFan, type TestAccount } from '../../support/accounts';
import { multipart } from '../../support/multipart';
import { linkToken, mailsTo } from '../../support/outbox';
import { createUserWithToken } from '../../support/db';
import { fundWallet } from '../../support/money';
import { users } from '../../../src/server/db/schema';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(30_000);

let server: TestServer;
let a: TestAccount;
let b: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  a = await registerFan(server.app, { name: 'Anna', username: 'anna', email: 'anna@example.com', password: 'anna-password' });
  b = await registerFan(server.app, { name: 'Ben', username: 'ben', email: 'ben@example.com', password: 'ben-password' });
});
afterAll(() => server.close());

const me = (token: string) => server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: token } });
const put = (token: string, payload: object) => server.app.inject({ method: 'PUT', url: '/users', headers: { authorization: token }, payload });
const row = async (id: string) => (await server.app.db.select().from(users).where(eq(users.id, id)))[0];
const upload = async (token: string, files: Parameters<typeof multipart>[1], fields: Record<string, string> = {}) => {
  const body = await multipart(fields, files);
  return server.app.inject({ method: 'POST', url: '/users/avatar/upload', payload: body.payload, headers: { ...body.headers, authorization: token } });
};

describe('GET /users/me', () => {
  it('returns the CurrentUser with placeholder images and a balance in tokens', async () => {
    await fundWallet(server.app, a.id, 12.34);
    const res = await me(a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      _id: a.id,
      name: 'Anna',
      username: 'anna',
      email: 'anna@example.com',
      avatar: `${server.config.webOrigin}/images/avatar-placeholder.svg`,
      cover: `${server.config.webOrigin}/images/cover-placeholder.svg`,
      role: 'user',
      isPerformer: false,
      emailVerified: false,
      balance: 12.34,
      pendingEmail: null,
      hasPassword: true,
      consentRequired: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Nothing private leaves the server (`hasPassword` is only a flag).
    expect(res.body.replace('"hasPassword"', '')).not.toMatch(/password|argon2/i);
  });
});

describe('PUT /users', () => {
  it('updates the caller only, lower-casing the username', async () => {
    const res = await put(a.token, { name: 'Anna Bell', username: 'Anna.Bell' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: a.id, name: 'Anna Bell', username: 'anna.bell' });
    // B's token changes B, never A.
    const other = await put(b.token, { name: 'Changed by Ben' });
    expect(other.json().data._id).toBe(b.id);
    expect((await row(a.id)).name).toBe('Anna Bell');
    expect((await row(b.id)).name).toBe('Changed by Ben');
  });

  it('changes the email only through the link mailed to the new address, which verifies it; old links stop working', async () => {
    const oldLink = await linkToken(server.dataDir, 'ben@example.com', '/auth/verify-email');
    const res = await put(b.token, { email: 'Ben.New@Example.com', currentPassword: 'ben-password' });
    expect(res.json().data).toMatchObject({ email: 'ben@example.com', emailVerified: false, pendingEmail: 'ben.new@example.com' });
    expect(await mailsTo(server.dataDir, 'ben.new@example.com')).toHaveLength(1);
    const newLink = await linkToken(server.dataDir, 'ben.new@example.com', '/auth/confirm-email');
    expect((await server.app.inject({ method: 'POST', url: '/auth/email/confirm', payload: { token: newLink } })).statusCode).toBe(200);
    expect((await me(b.token)).json().data).toMatchObject({ email: 'ben.new@example.com', emailVerified: true });
    const verifyOld = await server.app.inject({ method: 'POST', url: '/auth/email-verification/verify', payload: { token: oldLink } });
    expect(verifyOld.statusCode).toBe(400);

    // Saving the same address again is not a change.
    await put(b.token, { email: 'ben.new@example.com' });
    expect((await me(b.token)).json().data.emailVerified).toBe(true);
  });

  it('answers 409 for another account username or email and changes nothing', async () => {
    const before = await row(a.id);
    const taken = await put(a.token, { name: 'Should not stick', username: 'BEN', email: 'ben.new@example.com', currentPassword: 'anna-password' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([
      { field: 'email', message: 'This email address is already registered' },
      { field: 'username', message: 'This username is already taken' },
    ]);
    expect(await row(a.id)).toEqual(before);
    // Keeping one's own username is fine.
    expect((await put(a.token, { username: 'anna.bell' })).statusCode).toBe(200);
  });

  it.each([
    [{ email: 'nope' }, 'email must be a valid email'],
    [{ username: 'x' }, 'username must be 3 to 30 letters, digits, dots or underscores'],
    [{ name: '' }, 'name must be at least 1 characters'],
    [{ name: 'n'.repeat(101) }, 'name must be at most 100 characters'],
    [{ password: 'short' }, 'password must be at least 8 characters'],
    [{ role: 'admin' }, 'role is not allowed'],
    [{ balance: 1000 }, 'balance is not allowed'],
  ])('rejects %j with 400 and changes nothing', async (payload, message) => {
    const before = await row(a.id);
    const res = await put(a.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await row(a.id)).toEqual(before);
  });

  it.each(['auth', 'home', 'user', 'creator', 'Performers'])('refuses the reserved username %s with 400 and changes nothing', async (username) => {
    const before = await row(a.id);
    const res = await put(a.token, { name: 'Should not stick', username });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'This username is reserved',
      details: [{ field: 'username', message: 'This username is reserved' }],
    });
    expect(await row(a.id)).toEqual(before);
  });

  it('lets an account keep a name that was reserved after it took it (the demo admin is "admin")', async () => {
    const { user, token } = await createUserWithToken(server.app, { username: 'support' });
    const res = await put(token, { name: 'Support Team', username: 'Support' });
    expect(res.statusCode).toBe(200);
    expect((await row(user.id)).username).toBe('support');
  });

  it('a social sign-up completing its profile cannot pick a reserved username either', async () => {
    const { user, token } = await createUserWithToken(server.app, { username: null, email: null });
    expect((await put(token, { username: 'home' })).statusCode).toBe(400);
    expect((await row(user.id)).username).toBeNull();
    expect((await put(token, { username: 'homer' })).statusCode).toBe(200);
  });

  it('needs a valid token', async () => {
    expect((await put('', { name: 'x' })).statusCode).toBe(401);
    expect((await put('forged.token.value', { name: 'x' })).statusCode).toBe(401);
  });

  it('a new password signs out other sessions and works for sign-in', async () => {
    const second = (await login(server.app, 'anna.bell', 'anna-password')).json().data.token;
    expect((await put(a.token, { password: 'anna-new-password', currentPassword: 'anna-password' })).statusCode).toBe(200);
    expect((await me(a.token)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await login(server.app, 'anna.bell', 'anna-new-password')).statusCode).toBe(200);
  });
});

describe('POST /users/avatar/upload', () => {
  const avatarFile = (key: string) => path.join(server.dataDir, 'uploads', ...key.split('/'));
  const keyOf = (url: string) => url.slice(`${server.config.apiEndpoint}/files/`.length);

  it('stores a 256px WebP without metadata, serves it publicly and deletes the previous one', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'gps-and-secrets' } } })
      .toBuffer();
    const res = await upload(a.token, { avatar: { content: photo, filename: 'me.jpg', contentType: 'image/jpeg' } });
    expect(res.statusCode).toBe(200);
    const first = res.json().data.avatar as string;
    expect(first).toMatch(new RegExp(`^${server.config.apiEndpoint}/files/public/avatars/[0-9a-f-]+\\.webp$`));
    expect(res.json().data._id).toBe(a.id);

    const file = await server.app.inject({ method: 'GET', url: new URL(first).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();

    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#00f8' } }).png().toBuffer();
    const second = await upload(a.token, { avatar: { content: png, filename: 'me.png', contentType: 'image/png' } });
    expect(second.statusCode).toBe(200);
    await expect(fs.stat(avatarFile(keyOf(first)))).rejects.toThrow();
    expect((await server.app.inject({ method: 'GET', url: new URL(first).pathname })).statusCode).toBe(404);
    expect((await me(a.token)).json().data.avatar).toBe(second.json().data.avatar);
    // B's avatar is untouched by A's uploads.
    expect((await me(b.token)).json().data.avatar).toBe(`${server.config.webOrigin}/images/avatar-placeholder.svg`);
  });

  it('rejects non-images, missing files and anonymous callers, changing nothing', async () => {
    const before = await row(b.id);
    const text = await upload(b.token, { avatar: { content: 'just some text', filename: 'cat.jpg', contentType: 'image/jpeg' } });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ message: 'avatar must be an image (JPEG, PNG, WebP or GIF)', details: [{ field: 'avatar' }] });
    const svg = await upload(b.token, { avatar: { content: '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>', filename: 'a.svg' } });
    expect(svg.statusCode).toBe(400);
    const wrongField = await upload(b.token, { photo: { content: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer() } });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().details).toEqual([{ field: 'photo', message: 'photo is not allowed' }]);
    const none = await upload(b.token, {}, { note: 'no file' });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ field: 'avatar', message: 'avatar is required' }]);
    const anon = await server.app.inject({ method: 'POST', url: '/users/avatar/upload', ...(await multipart({}, { avatar: { content: 'x' } })) });
    expect(anon.statusCode).toBe(401);
    expect(await row(b.id)).toEqual(before);
  });
});

describe('GET /files/public/*', () => {
  it('serves nothing outside public/ and 404s unknown keys', async () => {
    await fs.mkdir(path.join(server.dataDir, 'uploads', 'private'), { recursive: true });
    await fs.writeFile(path.join(server.dataDir, 'uploads', 'private', 'secret.jpg'), 'secret');
    for (const url of ['/files/public/..%2fprivate%2fsecret.jpg', '/files/public/nope.webp', '/files/public/']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().statusCode).toBe(404);
    }
    // A path that resolves into private/ meets the private route, which opens only an operator's
    // signed link (tests/server/admin/creator-verification.test.ts): 403, and never the file.
    for (const url of ['/files/public/../private/secret.jpg', '/files/public/%2e%2e/private/secret.jpg', '/files/private/secret.jpg']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect([res.statusCode, res.json().message]).toEqual([403, 'This link is not valid']);
    }
  });
});

describe('malformed uploads', () => {
  it('answers 400, not 500, for a cut-off or garbled multipart body', async () => {
    for (const [contentType, payload] of [
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="avatar"; filename="a.jpg"\r\n\r\nabc'],
      ['multipart/form-data; boundary=xyz', 'garbage'],
      ['multipart/form-data', 'no boundary at all'],
    ]) {
      const res = await server.app.inject({ method: 'POST', url: '/users/avatar/upload', payload, headers: { 'content-type': contentType, authorization: b.token } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The upload is incomplete or not valid multipart/form-data, please try again');
    }
  });

  it('answers 413 for a file over the size limit', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 1);
    const res = await upload(b.token, { avatar: { content: big, filename: 'big.jpg', contentType: 'image/jpeg' } });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('This file is too large, please upload a smaller one');
  });
});
