import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { mailsTo } from '../../support/outbox';
import type { AdminReport, AdminReportDetail, MyReport } from '../../../src/common/contract/reports';
import { US_IP } from '../social/social-helpers';
import {
  auditRows, buildModerationWorld, call, createSaleItem, moderationSnapshot, type Caller, type ModerationWorld, type Who,
} from './moderation-world';

jest.setTimeout(120_000);

let server: TestServer;
let world: ModerationWorld;
beforeAll(async () => {
  server = await startTestServer();
  world = await buildModerationWorld(server.app);
});
afterAll(() => server.close());

type Body = Record<string, unknown>;
const as = (who: Who) => world.callers[who];
const report = async (caller: Caller, targetType: string, targetId: string, reason = 'spam', text = '') => {
  const res = await call(server.app, 'POST', '/reports', caller, { targetType, targetId, reason, text });
  if (res.statusCode !== 200) throw new Error(`report failed: ${res.statusCode} ${res.body}`);
  return res.json().data._id as string;
};
const detail = (id: string, who: Who = 'admin') => call(server.app, 'GET', `/admin/reports/${id}`, as(who));
const resolve = (id: string, body: Body, who: Who = 'admin') => call(server.app, 'POST', `/admin/reports/${id}/resolve`, as(who), body);
const comment = async (caller: Caller, objectType: string, objectId: string, text: string) => {
  const res = await call(server.app, 'POST', '/comments', caller, { objectType, objectId, text });
  if (res.statusCode !== 200) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return res.json().data._id as string;
};
const reportRow = async (id: string) => (await server.app.db.select().from(tables.reports).where(eq(tables.reports.id, id)))[0];
const newAudit = async (since: number) => (await auditRows(server.app)).slice(since).map((r) => r.action).sort();
const fan = async () => {
  const account = await createUserWithToken(server.app);
  return { ...account, caller: { token: account.token, ip: US_IP } as Caller };
};

describe('GET /admin/reports/:id', () => {
  it('shows a reported item in place, as operators see it, with the other open reports on it', async () => {
    const first = await report(as('fan'), 'gallery', world.bought.gallery, 'copyright', 'My photo');
    const second = await report(as('subscriber'), 'gallery', world.bought.gallery, 'spam');
    const res = await detail(first);
    expect(res.statusCode).toBe(200);
    const data: AdminReportDetail = res.json().data;
    expect(data).toMatchObject({
      _id: first, targetType: 'gallery', reason: 'copyright', text: 'My photo', status: 'open', resolution: null, resolvedAt: null, resolvedBy: null,
      reporter: expect.objectContaining({ _id: world.ids.fan }), performer: expect.objectContaining({ _id: world.creatorId }),
      target: { exists: true, title: 'bought gallery zebra', path: `/gallery/${world.bought.gallery}`, isHidden: false },
    });
    expect(data.preview).toMatchObject({
      type: 'gallery', id: world.bought.gallery, exists: true, title: 'bought gallery zebra', author: expect.objectContaining({ _id: world.creatorId }),
      access: 'sale', price: 5, status: 'active', isHidden: false, path: `/gallery/${world.bought.gallery}`, on: null,
    });
    // A locked gallery for fans: the operator gets the real thumbnail, signed.
    expect(data.preview.thumbnail).toMatch(/\/files\/media\/.+\/thumb\.webp\?exp=\d+&sig=/);
    expect(data.otherReports.map((r) => r._id)).toEqual([second]);
    expect(data.reporter).not.toHaveProperty('email');
  });

  it('previews a comment (text, author, the item it is on) and a creator (profile and account status)', async () => {
    const commentId = await comment(as('buyer'), 'feed', world.bought.feed, '<p>You are <b>awful</b></p>');
    const onComment = await report(as('owner'), 'comment', commentId, 'harassment');
    const preview = (await detail(onComment)).json().data.preview;
    expect(preview).toMatchObject({
      type: 'comment', exists: true, title: 'You are awful', text: 'You are awful', author: expect.objectContaining({ _id: world.ids.buyer }),
      path: `/post/${world.bought.feed}`, on: { type: 'feed', id: world.bought.feed, path: `/post/${world.bought.feed}`, title: 'bought feed zebra' },
    });
    const onCreator = await report(as('fan'), 'performer', world.creatorId, 'scam');
    const creator = (await detail(onCreator)).json().data.preview;
    expect(creator).toMatchObject({
      type: 'performer', exists: true, status: 'active', author: expect.objectContaining({ _id: world.creatorId }),
      path: `/${world.creatorUsername}`, suspendedReason: null, title: expect.stringContaining(`@${world.creatorUsername}`),
    });
  });

  it('answers 400 for a bad id, 404 for an unknown one, 403/401 for others', async () => {
    expect((await detail('abc')).statusCode).toBe(400);
    const unknown = await detail('00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Report not found']);
    const any = (await allRows(server.app, tables.reports))[0].id;
    for (const who of ['owner', 'fan'] as Who[]) expect((await detail(any, who)).statusCode).toBe(403);
    expect((await detail(any, 'signedOut')).statusCode).toBe(401);
  });
});

describe('POST /admin/reports/:id/resolve', () => {
  it('hide: hides the item with the reason, closes every open report on it together, audits and emails', async () => {
    const open = (await allRows(server.app, tables.reports)).filter((r) => r.targetId === world.bought.gallery && r.status === 'open');
    expect(open).toHaveLength(2);
    const since = (await auditRows(server.app)).length;
    const res = await resolve(open[0].id, { action: 'hide', reason: 'Copyright claim upheld', note: 'Checked the original' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'resolved', resolution: 'hidden', resolutionNote: 'Checked the original', resolvedBy: expect.objectContaining({ _id: world.ids.admin }),
      target: { isHidden: true }, preview: { isHidden: true, hiddenReason: 'Copyright claim upheld' }, otherReports: [],
    });
    for (const row of open) {
      expect(await reportRow(row.id)).toMatchObject({
        status: 'resolved', resolution: 'hidden', resolutionNote: 'Checked the original', resolvedBy: world.ids.admin, resolvedAt: expect.any(Date),
      });
    }
    const [gallery] = await server.app.db.select().from(tables.galleries).where(eq(tables.galleries.id, world.bought.gallery));
    expect(gallery.hiddenReason).toBe('Copyright claim upheld');
    expect(await newAudit(since)).toEqual(['content.hide', 'report.resolve']);
    const audit = (await auditRows(server.app)).find((r) => r.action === 'report.resolve' && r.targetId === open[0].id)!;
    expect(audit.after).toMatchObject({ status: 'resolved', resolution: 'hidden', closedReports: expect.arrayContaining(open.map((r) => r.id)) });
    expect((await mailsTo(server.dataDir, world.emails.owner!)).map((m) => m.subject)).toContain('Your gallery was hidden by the moderators');
    expect((await call(server.app, 'GET', `/performer-assets/galleries/${world.bought.gallery}`, as('buyer'))).statusCode).toBe(404);
  });

  it('dismiss: closes the report as dismissed and touches nothing else (one audit row)', async () => {
    const id = await report(as('fan'), 'video', world.bought.video, 'other');
    const before = await moderationSnapshot(server.app);
    const res = await resolve(id, { action: 'dismiss' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'dismissed', resolution: 'dismissed', resolutionNote: null });
    const after = await moderationSnapshot(server.app);
    expect({ ...after, reports: [], audit: 0 }).toEqual({ ...before, reports: [], audit: 0 });
    expect(after.audit).toBe(before.audit + 1);
  });

  it('refuses actions that do not fit the target (422), bad input (400) and closed reports (409), writing nothing', async () => {
    const onFeed = await report(as('fan'), 'feed', world.bought.feed);
    const onCreator = await report(as('subscriber'), 'performer', world.creatorId);
    const gone = await createSaleItem(server.app, 'feed', world.creatorId, 'soon gone');
    const onGone = await report(as('fan'), 'feed', gone);
    await server.app.db.delete(tables.feeds).where(eq(tables.feeds.id, gone));
    const closed = (await allRows(server.app, tables.reports)).find((r) => r.status !== 'open')!.id;
    const before = await moderationSnapshot(server.app);
    const cases: [string, Body, number, string | RegExp][] = [
      [onFeed, { action: 'remove_comment' }, 422, 'Only a reported comment can be removed'],
      [onCreator, { action: 'hide', reason: 'x' }, 422, 'A creator cannot be hidden: suspend their account instead'],
      [onCreator, { action: 'remove_comment' }, 422, 'Only a reported comment can be removed'],
      [onGone, { action: 'hide', reason: 'x' }, 422, 'The reported post no longer exists: dismiss the report instead'],
      [onFeed, { action: 'hide' }, 400, 'Give a reason: the creator is told it'],
      [onFeed, { action: 'hide', reason: '  ' }, 400, 'Give a reason: the creator is told it'],
      [onFeed, { action: 'warn' }, 400, 'Give a reason'],
      [onFeed, { action: 'suspend', reason: 'Fraud', until: new Date(Date.now() - 60_000).toISOString() }, 400, 'The end of a suspension must be in the future'],
      [onFeed, { action: 'warn', reason: 'x', until: new Date(Date.now() + 86_400_000).toISOString() }, 400, 'Only a suspension has an end date'],
      [onFeed, { action: 'ban' }, 400, /action must be one of/],
      [onFeed, { action: 'dismiss', extra: 1 }, 400, 'extra is not allowed'],
      [onFeed, { action: 'dismiss', note: 'x'.repeat(1001) }, 400, /note must be at most 1000 characters/],
      [onFeed, { action: 'hide', reason: 'x'.repeat(501) }, 400, /reason must be at most 500 characters/],
      [closed, { action: 'dismiss' }, 409, 'This report is already closed'],
      ['00000000-0000-4000-8000-000000000000', { action: 'dismiss' }, 404, 'Report not found'],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await resolve(id, body);
      expect([body, res.statusCode, res.json().message]).toEqual([body, status, typeof message === 'string' ? message : expect.stringMatching(message)]);
    }
    for (const who of ['owner', 'fan', 'signedOut'] as Who[]) expect((await resolve(onFeed, { action: 'dismiss' }, who)).statusCode).toBe(who === 'signedOut' ? 401 : 403);
    expect(await moderationSnapshot(server.app)).toEqual(before);
  });

  it('remove_comment: removes the comment (its author still sees it), audits comment.remove and tells the author', async () => {
    const author = await fan();
    const free = await createSaleItem(server.app, 'product', world.creatorId, 'a product they bought');
    await server.app.db.insert(tables.entitlements).values({ userId: author.user.id, objectType: 'product', objectId: free });
    const commentId = await comment(author.caller, 'product', free, 'Buy followers at example.test');
    const id = await report(as('owner'), 'comment', commentId, 'spam');
    const since = (await auditRows(server.app)).length;
    const res = await resolve(id, { action: 'remove_comment' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'resolved', resolution: 'comment_removed', preview: { isHidden: true, hiddenReason: null } });
    expect(await newAudit(since)).toEqual(['comment.remove', 'report.resolve']);
    const ownerList = await call(server.app, 'GET', `/comments?objectType=product&objectId=${free}`, as('owner'));
    expect(ownerList.json().data.total).toBe(0);
    const authorList = await call(server.app, 'GET', `/comments?objectType=product&objectId=${free}`, author.caller);
    expect(authorList.json().data.data[0]).toMatchObject({ _id: commentId, isHidden: true });
    const mail = (await mailsTo(server.dataDir, author.user.email!)).find((m) => m.subject === 'Your comment was removed by the moderators');
    expect(mail?.body).toContain('Buy followers at example.test');
  });

  it('warn: puts a warning on the author\'s account, linked to the report (user.warn + report.resolve)', async () => {
    const id = await report(as('fan'), 'video', world.forSale.video, 'violence');
    const since = (await auditRows(server.app)).length;
    const res = await resolve(id, { action: 'warn', reason: 'Keep it safe for work' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'resolved', resolution: 'warned' });
    const warnings = (await allRows(server.app, tables.accountWarnings)).filter((w) => w.reportId === id);
    expect(warnings).toEqual([expect.objectContaining({ userId: world.creatorId, reason: 'Keep it safe for work', createdBy: world.ids.admin })]);
    expect(await newAudit(since)).toEqual(['report.resolve', 'user.warn']);
    // The item itself stays up.
    expect((await call(server.app, 'GET', `/performer-assets/videos/${world.forSale.video}`, as('fan'))).statusCode).toBe(200);
  });

  it('suspend: suspends the comment\'s author, whose sessions end at once (user.suspend + report.resolve)', async () => {
    const author = await fan();
    await server.app.db.insert(tables.entitlements).values({ userId: author.user.id, objectType: 'feed', objectId: world.bought.feed });
    const rude = await comment(author.caller, 'feed', world.bought.feed, 'Threats');
    const id = await report(as('buyer'), 'comment', rude, 'harassment');
    expect((await call(server.app, 'GET', '/users/me', author.caller)).statusCode).toBe(200);
    const since = (await auditRows(server.app)).length;
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const res = await resolve(id, { action: 'suspend', reason: 'Threatening other members', until });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'resolved', resolution: 'suspended' });
    const [user] = await server.app.db.select().from(tables.users).where(eq(tables.users.id, author.user.id));
    expect(user).toMatchObject({ status: 'suspended', suspendedReason: 'Threatening other members', suspendedUntil: new Date(until) });
    expect((await call(server.app, 'GET', '/users/me', author.caller)).statusCode).toBe(401);
    expect(await newAudit(since)).toEqual(['report.resolve', 'user.suspend']);
  });

  it('suspend: a reported creator is suspended; an operator cannot be (422, nothing written)', async () => {
    const id = await report(as('fan'), 'performer', world.ids.otherCreator!, 'scam');
    const res = await resolve(id, { action: 'suspend', reason: 'Scamming fans' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.preview).toMatchObject({ status: 'suspended', suspendedReason: 'Scamming fans', suspendedUntil: null });

    const adminComment = await comment(as('admin'), 'feed', world.bought.feed, 'Operator here');
    const onAdmin = await report(as('buyer'), 'comment', adminComment, 'other');
    const before = await moderationSnapshot(server.app);
    const refused = await resolve(onAdmin, { action: 'suspend', reason: 'x' }, 'otherAdmin');
    expect([refused.statusCode, refused.json().message]).toEqual([422, 'Operators cannot be suspended: remove their operator role first']);
    expect(await moderationSnapshot(server.app)).toEqual(before);
  });

  it('two operators deciding reports on one target at once: one decision, the other 409', async () => {
    const item = await createSaleItem(server.app, 'video', world.creatorId, 'contested');
    const a = await report(as('fan'), 'video', item);
    const b = await report(as('buyer'), 'video', item);
    const since = (await auditRows(server.app)).length;
    const answers = await Promise.all([
      resolve(a, { action: 'hide', reason: 'One' }, 'admin'),
      resolve(b, { action: 'dismiss' }, 'otherAdmin'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = (await allRows(server.app, tables.reports)).filter((r) => r.targetId === item);
    expect(new Set(rows.map((r) => `${r.status}/${r.resolution}`)).size).toBe(1);
    expect((await newAudit(since)).filter((x) => x === 'report.resolve')).toHaveLength(1);
  });
});

describe('GET /reports/mine', () => {
  it('gives the reporter their reports, newest first, with the outcome in plain words', async () => {
    const open = await report(as('follower'), 'feed', world.forSale.feed, 'other', 'Odd');
    const res = await call(server.app, 'GET', '/reports/mine?limit=100', as('fan'));
    expect(res.statusCode).toBe(200);
    const mine: MyReport[] = res.json().data.data;
    const rows = (await allRows(server.app, tables.reports)).filter((r) => r.reporterId === world.ids.fan);
    expect(res.json().data.total).toBe(rows.length);
    const newestFirst = [...rows].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || y.id.localeCompare(x.id));
    expect(mine.map((r) => r._id)).toEqual(newestFirst.map((r) => r.id));
    const outcome = (status: string) => ({ open: 'Under review', resolved: 'Action taken', dismissed: 'No action needed' })[status];
    for (const r of mine) expect(r.outcome).toBe(outcome(r.status));
    expect(new Set(mine.map((r) => r.outcome))).toEqual(new Set(['Under review', 'Action taken', 'No action needed']));
    const hidden = mine.find((r) => r.targetId === world.bought.gallery)!;
    expect(hidden).toMatchObject({ status: 'resolved', outcome: 'Action taken', resolvedAt: expect.any(String), target: { title: 'bought gallery zebra', isHidden: true } });
    expect(hidden).not.toHaveProperty('resolution');
    expect(hidden).not.toHaveProperty('resolutionNote');

    const follower = (await call(server.app, 'GET', '/reports/mine', as('follower'))).json().data;
    expect(follower).toEqual({ total: 1, data: [expect.objectContaining({ _id: open, status: 'open', outcome: 'Under review', resolvedAt: null })] });
    expect((await call(server.app, 'GET', '/reports/mine', as('signedOut'))).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/reports/mine?limit=0', as('fan'))).statusCode).toBe(400);
  });

  it('the queue lists the decision on each report', async () => {
    const res = await call(server.app, 'GET', '/admin/reports?status=resolved&limit=100', as('admin'));
    const rows: AdminReport[] = res.json().data.data;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatchObject({ resolution: expect.any(String), resolvedBy: expect.objectContaining({ _id: expect.any(String) }), target: expect.any(Object) });
  });
});
