import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { NOT_VERIFIED_MESSAGE } from '../../../src/common/constants/verification';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { fundWallet } from '../../support/money';
import { mailSettled, mailsTo } from '../../support/outbox';
import { multipart } from '../../support/multipart';
import { startTestServer, type TestServer } from '../../support/server';
import { decisionSnapshot, jpeg, pathOf, registerCreator, type RegisteredCreator } from './verification-helpers';

// Jest ignores testTimeout inside `projects`; booting PGlite and re-encoding images take seconds.
jest.setTimeout(120_000);

let server: TestServer;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createUserWithToken(server.app, { role: 'admin', username: 'ops_verify' });
});
afterAll(() => server.close());

const get = (url: string, token?: string) => server.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
const queue = (query = '') => get(`/admin/creator-verifications${query}`, admin.token);
const decide = (id: string, action: 'approve' | 'reject', payload?: object, token = admin.token) =>
  server.app.inject({ method: 'POST', url: `/admin/creator-verifications/${id}/${action}`, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const setSubmittedAt = (id: string, at: Date) =>
  server.app.db.update(tables.performers).set({ verificationSubmittedAt: at }).where(eq(tables.performers.userId, id));
/**
 * Mails about a decision (registration also mails a verification link). The decision's mail is its
 * notification's email (kind verification_decided), sent in the background after the commit.
 */
const decisionMails = async (to: string) => {
  await mailSettled(server.app);
  return (await mailsTo(server.dataDir, to)).filter((m) => !m.subject.startsWith('Verify your email'));
};
const auditOf = async (id: string) => (await allRows(server.app, tables.auditLog)).filter((r) => r.targetId === id);
type Item = { creator: { _id: string }; status: string; documents: { idDocument: string | null; selfie: string | null; expiresAt: string } };
const idsOf = (res: { json(): { data: { data: Item[] } } }) => res.json().data.data.map((i) => i.creator._id);

describe('GET /admin/creator-verifications', () => {
  let older: RegisteredCreator;
  let newer: RegisteredCreator;
  beforeAll(async () => {
    newer = await registerCreator(server.app, 'Newer Creator');
    older = await registerCreator(server.app, 'Older Creator');
    await setSubmittedAt(older.id, new Date(Date.now() - 3 * 86_400_000));
    await setSubmittedAt(newer.id, new Date(Date.now() - 86_400_000));
  });

  it('lists waiting creators oldest submission first, with what an operator checks them against', async () => {
    const res = await queue();
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json().data;
    const mine = data.filter((i: Item) => [older.id, newer.id].includes(i.creator._id));
    expect(mine.map((i: Item) => i.creator._id)).toEqual([older.id, newer.id]);
    expect(total).toBe(data.length);
    expect(mine[0]).toMatchObject({
      creator: {
        _id: older.id, name: 'Older Creator', username: older.username, email: older.email, country: 'PT', dateOfBirth: '1994-03-02',
        accountStatus: 'active', avatar: expect.any(String), createdAt: expect.any(String),
      },
      status: 'pending', note: null, submittedAt: expect.any(String), reviewedAt: null, reviewerUsername: null,
      documents: {
        idDocument: expect.stringMatching(new RegExp(`^${server.config.apiEndpoint}/files/private/id-documents/[0-9a-f-]+\\.jpg\\?exp=\\d+&sig=`)),
        selfie: expect.stringMatching(/\/files\/private\/selfies\/[0-9a-f-]+\.jpg\?exp=/),
      },
    });
    // Five minutes, not the content files' hour.
    const left = Date.parse(mine[0].documents.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(4 * 60_000);
    expect(left).toBeLessThanOrEqual(5 * 60_000 + 1000);
  });

  it('filters by status and pages; an unknown status is a 400', async () => {
    const approved = await createPerformerWithToken(server.app);
    const missing = await createPerformerWithToken(server.app, {}, { verificationStatus: 'not_submitted' });
    expect(idsOf(await queue('?status=approved'))).toContain(approved.user.id);
    expect(idsOf(await queue('?status=approved'))).not.toContain(older.id);
    const notSubmitted = (await queue('?status=not_submitted')).json().data.data as Item[];
    expect(notSubmitted.find((i) => i.creator._id === missing.user.id)).toMatchObject({ documents: { idDocument: null, selfie: null } });
    const page = await queue('?limit=1&offset=1');
    expect(page.json().data.data).toHaveLength(1);
    expect(page.json().data.total).toBeGreaterThanOrEqual(2);
    const bad = await queue('?status=verified');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('status');
    expect((await queue('?limit=500')).statusCode).toBe(400);
  });

  it('is for operators only: a fan or creator gets 403, and no other answer carries a document link', async () => {
    const fan = await createUserWithToken(server.app);
    expect((await get('/admin/creator-verifications', fan.token)).statusCode).toBe(403);
    expect((await get('/admin/creator-verifications', older.token)).statusCode).toBe(403);
    expect((await get('/admin/creator-verifications')).statusCode).toBe(401);
    for (const res of [
      await get('/performers/me', older.token), await get('/users/me', older.token),
      await get(`/performers/${older.username}`, fan.token), await get(`/performers/${older.username}`, admin.token),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/files\/private|private\//);
    }
  });
});

describe('document links (/files/private/*)', () => {
  let creator: RegisteredCreator;
  let item: Item;
  beforeAll(async () => {
    creator = await registerCreator(server.app, 'Link Checked');
    item = ((await queue('?limit=100')).json().data.data as Item[]).find((i) => i.creator._id === creator.id)!;
  });

  it('serve the stored image, never cached', async () => {
    const res = await get(pathOf(item.documents.idDocument!));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    expect((await get(pathOf(item.documents.selfie!))).statusCode).toBe(200);
  });

  it('refuse an altered, swapped, unsigned or expired link', async () => {
    const id = new URL(item.documents.idDocument!);
    const selfie = new URL(item.documents.selfie!);
    const sig = id.searchParams.get('sig')!;
    const altered = `${id.pathname}?exp=${id.searchParams.get('exp')}&sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const later = `${id.pathname}?exp=${Number(id.searchParams.get('exp')) + 3600}&sig=${sig}`;
    // The id document's signature on the selfie's path.
    const swapped = `${selfie.pathname}${id.search}`;
    for (const url of [altered, later, swapped, id.pathname]) {
      const res = await get(url);
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({ url, status: 403, message: 'This link is not valid' });
    }
    const key = `private/${id.pathname.replace('/files/private/', '')}`;
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = await get(`${id.pathname}?exp=${past}&sig=${server.app.media.privateSigner.sign(key, past)}`);
    expect([expired.statusCode, expired.json().message]).toEqual([403, 'This link has expired']);
  });

  it('open nothing outside private/: not a content file, not a public file, not with a content-file signature', async () => {
    const key = `private/${new URL(item.documents.idDocument!).pathname.replace('/files/private/', '')}`;
    const exp = Math.floor(Date.now() / 1000) + 300;
    // A signature of the content-file signer over the very same key does not open it.
    expect((await get(`/files/private/${key.slice(8)}?exp=${exp}&sig=${server.app.media.signer.sign(key, exp)}`)).statusCode).toBe(403);
    // Real public and content files, and every way of naming them through this route.
    await server.app.storage.put('public/avatars/probe.jpg', await jpeg('#0a0'), 'image/jpeg');
    await server.app.storage.put('media/photos/probe.jpg', await jpeg('#a00'), 'image/jpeg');
    const signed = (path: string, signedKey: string) => `/files/private/${path}?exp=${exp}&sig=${server.app.media.privateSigner.sign(signedKey, exp)}`;
    for (const [path, signedKey] of [
      ['..%2Fpublic%2Favatars%2Fprobe.jpg', 'private/../public/avatars/probe.jpg'],
      ['%2E%2E/media/photos/probe.jpg', 'private/../media/photos/probe.jpg'],
      ['public/avatars/probe.jpg', 'public/avatars/probe.jpg'],
      ['media/photos/probe.jpg', 'media/photos/probe.jpg'],
      ['public/avatars/probe.jpg', 'private/public/avatars/probe.jpg'],
      ['./id-documents/x.jpg', 'private/./id-documents/x.jpg'],
    ]) {
      const res = await get(signed(path, signedKey));
      expect({ path, signedKey, refused: [403, 404].includes(res.statusCode) }).toEqual({ path, signedKey, refused: true });
    }
    // Nor does a private signature open a content file on the content-file route.
    const probe = await get(`/files/media/photos/probe.jpg?exp=${exp}&sig=${server.app.media.privateSigner.sign('media/photos/probe.jpg', exp)}`);
    expect([probe.statusCode, probe.json().message]).toEqual([403, 'This link is not valid']);
  });
});

describe('POST /admin/creator-verifications/:performerId/approve', () => {
  it('approves a waiting creator once: listed, payable, emailed, one audit row', async () => {
    const creator = await registerCreator(server.app, 'Approve Me');
    const fan = await createUserWithToken(server.app);
    await fundWallet(server.app, fan.user.id, 20);
    const tip = () => server.app.inject({ method: 'POST', url: `/wallet/charges/tip/${creator.id}`, headers: { authorization: fan.token }, payload: { amount: 10 } });
    expect((await tip()).json()).toMatchObject({ statusCode: 422, message: NOT_VERIFIED_MESSAGE });

    const res = await decide(creator.id, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      creator: { _id: creator.id }, status: 'approved', note: null, reviewedAt: expect.any(String), reviewerUsername: 'ops_verify',
    });
    const audit = await auditOf(creator.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'creator.approve', actorId: admin.user.id, targetType: 'user', targetId: creator.id,
      before: { verificationStatus: 'pending', verificationNote: null }, after: { verificationStatus: 'approved', verificationNote: null },
    });
    const [mail] = await decisionMails(creator.email);
    expect(mail.subject).toBe('Your identity was verified: fans can now subscribe to you and pay you');
    expect(mail.body).toContain(`${server.config.webOrigin}/${creator.username}`);
    expect(mail.body).toContain(`${server.config.webOrigin}/creator/account?tab=notifications`);

    expect((await tip()).statusCode).toBe(200);
    const search = await get(`/performers/user/search?q=${creator.username}`);
    expect(search.json().data.data.map((p: { _id: string }) => p._id)).toEqual([creator.id]);
    expect((await get('/performers/me', creator.token)).json().data).toMatchObject({ verificationStatus: 'approved', verifiedDocument: true, payable: true });

    const before = await decisionSnapshot(server.app);
    const again = await decide(creator.id, 'approve');
    expect([again.statusCode, again.json().message]).toEqual([409, 'This creator is not waiting for review']);
    expect((await decide(creator.id, 'reject', { reason: 'late' })).statusCode).toBe(409);
    expect(await decisionSnapshot(server.app)).toEqual(before);
    expect(await decisionMails(creator.email)).toHaveLength(1);
  });

  it('answers 404 for unknown, ill-formed and non-creator ids and 409 without documents, writing nothing', async () => {
    const fan = await createUserWithToken(server.app);
    const without = await createPerformerWithToken(server.app, {}, { verificationStatus: 'not_submitted' });
    const before = await decisionSnapshot(server.app);
    for (const id of ['00000000-0000-4000-8000-000000000000', fan.user.id]) {
      const res = await decide(id, 'approve');
      expect({ id, status: res.statusCode, message: res.json().message }).toEqual({ id, status: 404, message: 'Creator not found' });
    }
    const illFormed = await decide('not-a-uuid', 'approve');
    expect({ status: illFormed.statusCode, message: illFormed.json().message }).toEqual({ status: 400, message: 'performerId must be a valid uuid' });
    expect((await decide(without.user.id, 'approve')).statusCode).toBe(409);
    expect(await decisionSnapshot(server.app)).toEqual(before);
  });

  it('lets one of two operators deciding at once win; the other gets the 409', async () => {
    const creator = await registerCreator(server.app, 'Raced Creator');
    const other = await createUserWithToken(server.app, { role: 'admin' });
    const results = await Promise.all([decide(creator.id, 'approve'), decide(creator.id, 'reject', { reason: 'Blurry' }, other.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(creator.id)).toHaveLength(1);
  });
});

describe('POST /admin/creator-verifications/:performerId/reject', () => {
  it('needs a plain-text reason of at most 500 characters; bad input writes nothing', async () => {
    const creator = await registerCreator(server.app, 'Reason Needed');
    const before = await decisionSnapshot(server.app);
    for (const payload of [undefined, {}, { reason: '' }, { reason: '   \u0000 ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }]) {
      const res = await decide(creator.id, 'reject', payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(res.json().details?.[0]?.field ?? 'body').toMatch(/reason|extra|body/);
    }
    expect(await decisionSnapshot(server.app)).toEqual(before);
    expect(await decisionMails(creator.email)).toHaveLength(0);
  });

  it('rejects with the reason: the creator is told by email and on their account, and new documents put them back in the queue', async () => {
    const creator = await registerCreator(server.app, 'Rejected Once');
    const res = await decide(creator.id, 'reject', { reason: '  The document photo is blurred. ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', note: 'The document photo is blurred.', reviewerUsername: 'ops_verify' });
    expect(await auditOf(creator.id)).toEqual([expect.objectContaining({
      action: 'creator.reject', before: { verificationStatus: 'pending', verificationNote: null },
      after: { verificationStatus: 'rejected', verificationNote: 'The document photo is blurred.' },
    })]);
    const [mail] = await decisionMails(creator.email);
    expect(mail.subject).toMatch(/were not accepted/);
    expect(mail.body).toContain('The document photo is blurred.');
    expect(mail.body).toContain(`${server.config.webOrigin}/creator/account?tab=documents`);

    const me = (await get('/users/me', creator.token)).json().data;
    expect(me).toMatchObject({ verificationStatus: 'rejected', verificationNote: 'The document photo is blurred.', payable: false, verifiedDocument: false });
    expect((await get('/performers/me', creator.token)).json().data).toMatchObject({
      verificationStatus: 'rejected', verificationNote: 'The document photo is blurred.', payable: false,
    });
    expect(idsOf(await queue('?status=rejected&limit=100'))).toContain(creator.id);
    expect(idsOf(await queue('?limit=100'))).not.toContain(creator.id);

    const form = await multipart({}, { idDocument: { content: await jpeg('#999'), filename: 'id.jpg', contentType: 'image/jpeg' } });
    const upload = await server.app.inject({ method: 'POST', url: '/performers/documents/upload', headers: { authorization: creator.token, ...form.headers }, payload: form.payload });
    expect(upload.statusCode).toBe(200);
    expect(upload.json().data).toMatchObject({ verificationStatus: 'pending', payable: false });
    const back = ((await queue('?limit=100')).json().data.data as (Item & { note: string | null })[]).find((i) => i.creator._id === creator.id)!;
    // The reviewer sees why the previous documents were refused.
    expect(back).toMatchObject({ status: 'pending', note: 'The document photo is blurred.', reviewedAt: null });
    expect((await decide(creator.id, 'approve')).json().data).toMatchObject({ status: 'approved', note: null });
  });
});
