import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { multipart } from '../../support/multipart';
import { linkToken, mailsTo } from '../../support/outbox';
import { performers, users } from '../../../src/server/db/schema';
import { TERMS_VERSION } from '../../../src/common/constants/terms';

// Jest ignores testTimeout inside `projects`; booting PGlite alone can take several seconds.
jest.setTimeout(30_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const userCount = async () => Number((await server.app.db.select({ n: count() }).from(users))[0].n);
const jpeg = (colour = '#f00') => sharp({ create: { width: 64, height: 64, channels: 3, background: colour } }).jpeg().toBuffer();
let seq = 0;
const fan = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    name: `Fan ${seq}`, username: `fan_${seq}`, email: `fan${seq}@example.com`, password: 'a-good-password',
    ageConfirmed: true, termsAccepted: true, ...over,
  };
};
const register = (payload: unknown) => server.app.inject({ method: 'POST', url: '/auth/users/register', payload: payload as object });

describe('POST /auth/users/register', () => {
  it('creates a fan, signs them in, lower-cases names and mails a verification link', async () => {
    const body = fan({ username: 'Mixed.Case_1', email: 'Mixed.Case@Example.COM' });
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    const { token, message } = res.json().data;
    expect(typeof token).toBe('string');
    expect(message).toMatch(/created/);
    const me = await server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: token } });
    expect(me.json().data).toMatchObject({
      username: 'mixed.case_1', email: 'mixed.case@example.com', role: 'user', isPerformer: false, emailVerified: false, balance: 0,
    });
    const mails = await mailsTo(server.dataDir, 'mixed.case@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/Verify your email address/);
    expect(await linkToken(server.dataDir, 'mixed.case@example.com', '/auth/verify-email')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mails[0].body).toContain(`${server.config.webOrigin}/auth/verify-email?token=`);
  });

  it('answers 409 naming the duplicate field, case-insensitively, and writes nothing', async () => {
    const first = fan();
    expect((await register(first)).statusCode).toBe(200);
    const before = await userCount();

    const sameEmail = await register(fan({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().details).toEqual([{ field: 'email', message: 'This email address is already registered' }]);

    const sameUsername = await register(fan({ username: first.username.toUpperCase() }));
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json().details).toEqual([{ field: 'username', message: 'This username is already taken' }]);

    const both = await register(fan({ username: first.username, email: first.email }));
    expect(both.json().details.map((d: { field: string }) => d.field)).toEqual(['email', 'username']);
    expect(await userCount()).toBe(before);
  });

  it('lets exactly one of several simultaneous sign-ups with the same username through', async () => {
    const before = await userCount();
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => register(fan({ username: 'race_name', email: `race${n}@example.com` }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().details).toEqual([{ field: 'username', message: 'This username is already taken' }]);
    }
    expect(await userCount()).toBe(before + 1);
  });

  it.each([
    ['a missing email', { email: undefined }, 'email', 'email is required'],
    ['a bad email', { email: 'not-an-email' }, 'email', 'email must be a valid email'],
    ['a short password', { password: 'short' }, 'password', 'password must be at least 8 characters'],
    ['an over-long name', { name: 'x'.repeat(101) }, 'name', 'name must be at most 100 characters'],
    ['a username with spaces', { username: 'has space' }, 'username', 'username must be 3 to 30 letters, digits, dots or underscores'],
    ['a wrong-typed password', { password: { plain: 'a-good-password' } }, 'password', 'password must be string'],
    ['an unknown field', { isAdmin: true }, 'isAdmin', 'isAdmin is not allowed'],
  ])('rejects %s with 400 and writes nothing', async (_label, patch, field, message) => {
    const before = await userCount();
    const res = await register(fan(patch));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(expect.arrayContaining([{ field, message: expect.stringContaining(message) }]));
    expect(res.json().message).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it.each(['auth', 'home', 'user', 'creator', 'Admin'])('refuses the reserved username %s with 400 and writes nothing', async (username) => {
    const before = await userCount();
    const res = await register(fan({ username }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'This username is reserved',
      details: [{ field: 'username', message: 'This username is reserved' }],
    });
    expect(await userCount()).toBe(before);
  });

  it('withholds the token when the site requires email verification, until the link is used', async () => {
    await server.app.settings.set({ requireEmailVerification: true });
    try {
      const body = fan();
      const res = await register(body);
      expect(res.json().data).toEqual({ token: null, message: 'Please check your email to verify your address' });

      const blocked = await server.app.inject({ method: 'POST', url: '/auth/login', payload: { username: body.username, password: body.password } });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe('Please verify your email address before signing in. We have sent you a new link.');
      expect(await mailsTo(server.dataDir, body.email)).toHaveLength(2);

      const token = await linkToken(server.dataDir, body.email, '/auth/verify-email');
      const verified = await server.app.inject({ method: 'POST', url: '/auth/email-verification/verify', payload: { token } });
      expect(verified.json().data.message).toBe('Your email address has been verified');
      const ok = await server.app.inject({ method: 'POST', url: '/auth/login', payload: { email: body.email, password: body.password } });
      expect(ok.statusCode).toBe(200);
      expect(typeof ok.json().data.token).toBe('string');
    } finally {
      await server.app.settings.set({ requireEmailVerification: false });
    }
  });
});

describe('sign-up consent (issue 15)', () => {
  const consentOf = async (username: string) => {
    const [row] = await server.app.db
      .select({ ageConfirmedAt: users.ageConfirmedAt, termsAcceptedAt: users.termsAcceptedAt, termsVersion: users.termsVersion })
      .from(users)
      .where(eq(users.username, username));
    return row;
  };

  it('stores the age confirmation and the accepted terms version with the time', async () => {
    const before = Date.now();
    const body = fan();
    expect((await register(body)).statusCode).toBe(200);
    const row = await consentOf(body.username);
    expect(row.termsVersion).toBe(TERMS_VERSION);
    for (const at of [row.ageConfirmedAt, row.termsAcceptedAt]) {
      expect(at).toBeInstanceOf(Date);
      expect(at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(at!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it.each([
    ['ageConfirmed', { ageConfirmed: undefined }, 'ageConfirmed is required'],
    ['termsAccepted', { termsAccepted: undefined }, 'termsAccepted is required'],
    ['ageConfirmed', { ageConfirmed: false }, 'ageConfirmed must be true'],
    ['termsAccepted', { termsAccepted: false }, 'termsAccepted must be true'],
  ])('answers 400 naming %s (%j) and writes nothing', async (field, over, message) => {
    const before = await userCount();
    const body = fan(over);
    const res = await register(JSON.parse(JSON.stringify(body)));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field, message }]);
    expect(await userCount()).toBe(before);
    expect(await mailsTo(server.dataDir, body.email)).toHaveLength(0);
  });
});

describe('POST /auth/performers/register', () => {
  const fields = (over: Record<string, string> = {}) => {
    seq += 1;
    return {
      name: `Performer ${seq}`, username: `perf_${seq}`, email: `perf${seq}@example.com`, password: 'a-good-password',
      gender: 'female', dateOfBirth: '1995-06-15', country: 'de', ageConfirmed: 'true', termsAccepted: 'true', ...over,
    };
  };
  const send = async (f: Record<string, string>, files?: Record<string, { content: Buffer | string; filename?: string; contentType?: string }>) => {
    const images = files ?? {
      idDocument: { content: await jpeg('#0f0'), filename: 'id.jpg', contentType: 'image/jpeg' },
      selfie: { content: await jpeg('#00f'), filename: 'selfie.jpg', contentType: 'image/jpeg' },
    };
    const body = await multipart(f, images);
    return server.app.inject({ method: 'POST', url: '/auth/performers/register', ...body });
  };
  const uploads = (folder: string) => fs.readdir(path.join(server.dataDir, 'uploads', 'private', folder)).catch(() => [] as string[]);

  it('creates a performer awaiting document review who can sign in', async () => {
    const f = fields();
    const res = await send(f);
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token;
    const me = await server.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().data).toMatchObject({ role: 'performer', isPerformer: true, verifiedDocument: false, username: f.username });
    const [row] = await server.app.db.select().from(performers).where(eq(performers.userId, me.json().data._id));
    expect(row).toMatchObject({ gender: 'female', country: 'DE', dateOfBirth: '1995-06-15', verificationStatus: 'pending' });
    expect(row.verificationSubmittedAt).toBeInstanceOf(Date);
    expect(row.idDocumentPath).toMatch(/^private\/id-documents\/[0-9a-f-]+\.jpg$/);
    expect(row.selfiePath).toMatch(/^private\/selfies\/[0-9a-f-]+\.jpg$/);
    const stored = await fs.readFile(path.join(server.dataDir, 'uploads', ...row.selfiePath!.split('/')));
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
    // Private documents have no public URL, not even by walking up from the public folder; the
    // private route opens them only with an operator's signed link.
    for (const url of [`/files/${row.selfiePath}`, `/files/public/../${row.selfiePath}`, `/files/public/%2e%2e/${row.selfiePath}`]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect([res.statusCode, res.json().message]).toEqual([403, 'This link is not valid']);
    }
    expect(await mailsTo(server.dataDir, f.email)).toHaveLength(1);
    const login = await server.app.inject({ method: 'POST', url: '/auth/login', payload: { username: f.email, password: f.password } });
    expect(login.statusCode).toBe(200);
  });

  it('strips EXIF from the stored identity images', async () => {
    const withExif = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#abc' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner', Artist: 'someone' } } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const f = fields();
    const res = await send(f, {
      idDocument: { content: withExif, filename: 'id.jpg', contentType: 'image/jpeg' },
      selfie: { content: withExif, filename: 'selfie.jpg', contentType: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await server.app.db
      .select({ p: performers })
      .from(performers)
      .innerJoin(users, eq(users.id, performers.userId))
      .where(eq(users.username, f.username));
    for (const key of [row.p.idDocumentPath!, row.p.selfiePath!]) {
      const bytes = await fs.readFile(path.join(server.dataDir, 'uploads', ...key.split('/')));
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('secret-owner'))).toBe(false);
    }
  });

  it('stores the consent with the terms version, and refuses a form without it (400, nothing written)', async () => {
    const f = fields();
    expect((await send(f)).statusCode).toBe(200);
    const [row] = await server.app.db
      .select({ ageConfirmedAt: users.ageConfirmedAt, termsAcceptedAt: users.termsAcceptedAt, termsVersion: users.termsVersion })
      .from(users)
      .where(eq(users.username, f.username));
    expect(row).toEqual({ ageConfirmedAt: expect.any(Date), termsAcceptedAt: expect.any(Date), termsVersion: TERMS_VERSION });

    const before = await userCount();
    const filesBefore = [...(await uploads('id-documents')), ...(await uploads('selfies'))].length;
    const { termsAccepted: _t, ...noTerms } = fields({ ageConfirmed: 'false' });
    const res = await send(noTerms);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(expect.arrayContaining([
      { field: 'termsAccepted', message: 'termsAccepted is required' },
      { field: 'ageConfirmed', message: 'ageConfirmed must be true' },
    ]));
    expect(await userCount()).toBe(before);
    expect([...(await uploads('id-documents')), ...(await uploads('selfies'))].length).toBe(filesBefore);
  });

  it('refuses anyone under 18 with 422 and writes nothing', async () => {
    const before = await userCount();
    const now = new Date();
    const dob = `${now.getUTCFullYear() - 17}-01-01`;
    const res = await send(fields({ dateOfBirth: dob }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'You must be at least 18 years old', details: [{ field: 'dateOfBirth' }] });
    expect(await userCount()).toBe(before);
  });

  it('validates the form fields with readable details', async () => {
    const before = await userCount();
    const { email: _omit, ...noEmail } = fields({ gender: 'robot', country: 'Germany', dateOfBirth: '1990-02-31x', password: 'short' });
    const res = await send(noEmail);
    expect(res.statusCode).toBe(400);
    const details = res.json().details as { field: string; message: string }[];
    expect(details).toEqual(expect.arrayContaining([
      { field: 'email', message: 'email is required' },
      { field: 'gender', message: 'gender must be one of male, female, transgender' },
      { field: 'password', message: 'password must be at least 8 characters' },
      { field: 'dateOfBirth', message: 'dateOfBirth must be a valid date' },
      expect.objectContaining({ field: 'country' }),
    ]));
    expect(await userCount()).toBe(before);
  });

  it('requires both images and rejects files that are not images, whatever their name', async () => {
    const before = await userCount();
    const missing = await send(fields(), { selfie: { content: await jpeg(), filename: 'selfie.jpg', contentType: 'image/jpeg' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'idDocument', message: 'idDocument is required' }]);

    const text = await send(fields(), {
      idDocument: { content: 'hello, I am text', filename: 'passport.jpg', contentType: 'image/jpeg' },
      selfie: { content: '<svg xmlns="http://www.w3.org/2000/svg"/>', filename: 'me.png', contentType: 'image/png' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toContain('must be an image (JPEG, PNG, WebP or GIF)');
    expect(text.json().details.map((d: { field: string }) => d.field)).toEqual(['idDocument', 'selfie']);

    const extra = await send(fields(), {
      idDocument: { content: await jpeg(), filename: 'a.jpg' },
      selfie: { content: await jpeg(), filename: 'b.jpg' },
      other: { content: await jpeg(), filename: 'c.jpg' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details).toEqual([{ field: 'other', message: 'other is not allowed' }]);

    const json = await server.app.inject({ method: 'POST', url: '/auth/performers/register', payload: fields() });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send this form as multipart/form-data');
    expect(await userCount()).toBe(before);
  });

  it('answers 409 for a taken username and leaves no files behind', async () => {
    const first = fields();
    expect((await send(first)).statusCode).toBe(200);
    const before = await userCount();
    const filesBefore = [...(await uploads('id-documents')), ...(await uploads('selfies'))].length;
    const res = await send(fields({ username: first.username.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual([{ field: 'username', message: 'This username is already taken' }]);
    expect(await userCount()).toBe(before);
    expect([...(await uploads('id-documents')), ...(await uploads('selfies'))].length).toBe(filesBefore);
  });

  it('refuses a reserved username with 400, writing no account and no files', async () => {
    const before = await userCount();
    const filesBefore = [...(await uploads('id-documents')), ...(await uploads('selfies'))].length;
    for (const username of ['creator', 'HOME']) {
      const res = await send(fields({ username }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This username is reserved');
    }
    expect(await userCount()).toBe(before);
    expect([...(await uploads('id-documents')), ...(await uploads('selfies'))].length).toBe(filesBefore);
  });

  it('rolls the account back when storing a file fails, and deletes the file already stored', async () => {
    const before = await userCount();
    const idsBefore = await uploads('id-documents');
    // A plain file where the selfie folder should be: the selfie write fails after the id document's succeeded.
    const blocker = path.join(server.dataDir, 'uploads', 'private', 'selfies');
    const selfiesBefore = await uploads('selfies');
    await fs.rm(blocker, { recursive: true, force: true });
    await fs.mkdir(path.dirname(blocker), { recursive: true });
    await fs.writeFile(blocker, 'not a folder');
    try {
      const f = fields();
      const res = await send(f);
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Something went wrong, please try again later');
      expect(await userCount()).toBe(before);
      expect(await uploads('id-documents')).toEqual(idsBefore);
    } finally {
      await fs.rm(blocker, { force: true });
    }
    expect(selfiesBefore.length).toBeGreaterThan(0);
  });
});
