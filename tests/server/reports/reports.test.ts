import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, tables } from '../../support/db';
import { REPORT_REASONS, type AdminReport } from '../../../src/common/contract/reports';
import { NOT_AVAILABLE_MESSAGE } from '../../../src/common/contract/social';
import { REPORT_REASONS as STORED_REASONS } from '../../../src/server/db/schema';
import { buildWorld, call, engagementSnapshot, type Who, type World } from '../comments/engagement-world';

jest.setTimeout(90_000);

let server: TestServer;
let world: World;
let commentId: string;
let ownerCommentId: string;
beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server.app);
  const comment = async (who: Who, text: string) =>
    (await call(server.app, 'POST', '/comments', world.callers[who], { objectType: 'feed', objectId: world.items.feedFree, text })).json().data._id as string;
  commentId = await comment('subscriber', 'Rude words');
  ownerCommentId = await comment('owner', 'Thanks all');
});
afterAll(() => server.close());

type Body = Record<string, unknown>;
const report = (who: Who, body: Body) => call(server.app, 'POST', '/reports', world.callers[who], body);
const adminList = (who: Who, query = '') => call(server.app, 'GET', `/admin/reports${query}`, world.callers[who]);
const resolve = (who: Who, id: string, body: Body) => call(server.app, 'POST', `/admin/reports/${id}/resolve`, world.callers[who], body);

describe('POST /reports', () => {
  it('files a report on each kind of target, storing the creator it belongs to', async () => {
    const targets: [string, string][] = [
      ['feed', world.items.feedFree], ['feed', world.items.feedSubs], ['video', world.items.video], ['gallery', world.items.gallery],
      ['product', world.items.product], ['performer', world.creatorId], ['comment', commentId],
    ];
    for (const [targetType, targetId] of targets) {
      const res = await report('stranger', { targetType, targetId, reason: 'spam', text: '  Looks like spam  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        _id: expect.any(String), targetType, targetId, reason: 'spam', text: 'Looks like spam', status: 'open', createdAt: expect.any(String),
      });
    }
    const rows = (await allRows(server.app, tables.reports)).filter((r) => r.reporterId === world.ids.stranger);
    expect(rows).toHaveLength(targets.length);
    expect(rows.every((r) => r.performerId === world.creatorId)).toBe(true);
  });

  it('takes one open report per reporter and target (409), and a new one after it was closed', async () => {
    const body = { targetType: 'video', targetId: world.items.video, reason: 'copyright' };
    const first = await report('buyer', body);
    expect(first.statusCode).toBe(200);
    const before = await engagementSnapshot(server.app);
    const again = await report('buyer', { ...body, reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already reported this');
    expect(await engagementSnapshot(server.app)).toEqual(before);
    // Someone else may report the same thing.
    expect((await report('subscriber', body)).statusCode).toBe(200);
    expect((await resolve('admin', first.json().data._id, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await report('buyer', body)).statusCode).toBe(200);
  });

  it('answers at most one of many identical reports sent at once', async () => {
    const body = { targetType: 'feed', targetId: world.items.feedSale, reason: 'scam' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => report('subscriber', body)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(7);
  });

  it('refuses reporting oneself or one\'s own content or comment (400)', async () => {
    const before = await engagementSnapshot(server.app);
    const cases: [Who, Body, string][] = [
      ['owner', { targetType: 'performer', targetId: world.creatorId }, 'You cannot report yourself'],
      ['owner', { targetType: 'feed', targetId: world.items.feedFree }, 'You cannot report your own content'],
      ['owner', { targetType: 'product', targetId: world.items.product }, 'You cannot report your own content'],
      ['owner', { targetType: 'comment', targetId: ownerCommentId }, 'You cannot report your own comment'],
      ['subscriber', { targetType: 'comment', targetId: commentId }, 'You cannot report your own comment'],
    ];
    for (const [who, target, message] of cases) {
      const res = await report(who, { ...target, reason: 'other' });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(await engagementSnapshot(server.app)).toEqual(before);
  });

  it('needs the target visible to the reporter: 404 hidden or absent, 403 blocked', async () => {
    const inactive = await createPerformerWithToken(server.app, { status: 'inactive' });
    const before = await engagementSnapshot(server.app);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases: [Who, string, string, number, string][] = [
      ['stranger', 'feed', world.items.feedDraft, 404, 'Post not found'],
      ['stranger', 'feed', world.items.feedScheduled, 404, 'Post not found'],
      ['stranger', 'feed', unknown, 404, 'Post not found'],
      ['stranger', 'video', world.items.feedFree, 404, 'Video not found'],
      ['stranger', 'comment', unknown, 404, 'Comment not found'],
      ['stranger', 'performer', unknown, 404, 'Performer not found'],
      ['stranger', 'performer', world.ids.buyer!, 404, 'Performer not found'],
      ['stranger', 'performer', inactive.user.id, 404, 'Performer not found'],
      ['blocked', 'feed', world.items.feedFree, 403, NOT_AVAILABLE_MESSAGE],
      ['blocked', 'performer', world.creatorId, 403, NOT_AVAILABLE_MESSAGE],
      ['blocked', 'comment', commentId, 403, NOT_AVAILABLE_MESSAGE],
      ['blockedCountry', 'gallery', world.items.gallery, 403, NOT_AVAILABLE_MESSAGE],
      ['signedOut', 'feed', world.items.feedFree, 401, 'Please sign in to continue'],
    ];
    for (const [who, targetType, targetId, status, message] of cases) {
      const res = await report(who, { targetType, targetId, reason: 'other' });
      expect([targetType, res.statusCode, res.json().message]).toEqual([targetType, status, message]);
    }
    // The draft is there for its owner's admins: an admin may report it.
    expect((await report('admin', { targetType: 'feed', targetId: world.items.feedDraft, reason: 'other' })).statusCode).toBe(200);
    const after = await engagementSnapshot(server.app);
    expect(after.reports).toHaveLength(before.reports.length + 1);
  });

  it('rejects bad input with a message and writes nothing', async () => {
    const before = await engagementSnapshot(server.app);
    const ok = { targetType: 'feed', targetId: world.items.feedFree, reason: 'hate' };
    const cases: [Body | undefined, RegExp | string][] = [
      [{ ...ok, reason: 'boring' }, /reason must be one of/],
      [{ ...ok, targetType: 'photo' }, /targetType must be one of/],
      [{ ...ok, targetId: 'abc' }, 'targetId must be a valid uuid'],
      [{ ...ok, text: 'x'.repeat(1001) }, 'text must be at most 1000 characters'],
      [{ ...ok, extra: 1 }, 'extra is not allowed'],
      [{ targetType: 'feed', targetId: world.items.feedFree }, 'reason is required'],
      [undefined, /body/],
    ];
    for (const [body, message] of cases) {
      const res = await report('buyer', body as Body);
      expect([res.statusCode, res.json().message]).toEqual([400, typeof message === 'string' ? message : expect.stringMatching(message)]);
    }
    expect(await engagementSnapshot(server.app)).toEqual(before);
  });

  it('offers exactly the stored reason list', () => {
    expect([...REPORT_REASONS]).toEqual([...STORED_REASONS]);
  });
});

describe('admin routes', () => {
  it('are for admins only', async () => {
    const someReport = (await allRows(server.app, tables.reports))[0];
    const before = await engagementSnapshot(server.app);
    for (const who of ['stranger', 'owner', 'subscriber'] as Who[]) {
      for (const res of [await adminList(who), await resolve(who, someReport.id, { action: 'dismiss' })]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Only admin accounts can do this');
      }
    }
    expect((await adminList('signedOut')).statusCode).toBe(401);
    expect((await resolve('signedOut', someReport.id, { action: 'dismiss' })).statusCode).toBe(401);
    expect(await engagementSnapshot(server.app)).toEqual(before);
  });

  it('lists the queue with reporter and creator, filtered and paged', async () => {
    const all = await allRows(server.app, tables.reports);
    const res = await adminList('admin', '?limit=100');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(all.length);
    const entry = (res.json().data.data as AdminReport[]).find((r) => r.targetType === 'comment')!;
    expect(entry).toMatchObject({
      targetId: commentId, performerId: world.creatorId,
      reporter: expect.objectContaining({ _id: world.ids.stranger }),
      performer: expect.objectContaining({ _id: world.creatorId, isPerformer: true }),
    });
    expect(entry.reporter).not.toHaveProperty('email');

    const open = (await adminList('admin', '?status=open&limit=100')).json().data;
    expect(open.total).toBe(all.filter((r) => r.status === 'open').length);
    const dismissed = (await adminList('admin', '?status=dismissed')).json().data;
    // Dismissing one report closed every open report on the same video.
    expect(dismissed.data.map((r: AdminReport) => r.status)).toEqual(['dismissed', 'dismissed', 'dismissed']);
    expect(new Set(dismissed.data.map((r: AdminReport) => r.targetId))).toEqual(new Set([world.items.video]));
    const videos = (await adminList('admin', '?targetType=video&limit=100')).json().data;
    expect(videos.total).toBe(all.filter((r) => r.targetType === 'video').length);
    const page = (await adminList('admin', '?limit=2&offset=1&sortBy=createdAt&sort=asc')).json().data;
    const oldest = [...all].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    expect(page.data.map((r: AdminReport) => r._id)).toEqual(oldest.slice(1, 3).map((r) => r.id));

    for (const query of ['?status=closed', '?targetType=photo', '?sortBy=reason', '?limit=0']) {
      const bad = await adminList('admin', query);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    }
  });

  it('closes a report by a decision (the decisions themselves: tests/server/admin/moderation-reports.test.ts)', async () => {
    const target = (await allRows(server.app, tables.reports)).find((r) => r.status === 'open')!;
    const res = await resolve('admin', target.id, { action: 'dismiss', note: 'Not spam' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: target.id, status: 'dismissed', resolution: 'dismissed', resolutionNote: 'Not spam' });
    const before = await engagementSnapshot(server.app);
    const cases: [string, Body, number, RegExp | string][] = [
      [target.id, { action: 'close' }, 400, /action must be one of/],
      [target.id, {}, 400, 'action is required'],
      ['abc', { action: 'dismiss' }, 400, 'id must be a valid uuid'],
      ['00000000-0000-4000-8000-000000000000', { action: 'dismiss' }, 404, 'Report not found'],
      [target.id, { action: 'dismiss' }, 409, 'This report is already closed'],
    ];
    for (const [id, body, status, message] of cases) {
      const bad = await resolve('admin', id, body);
      expect([bad.statusCode, bad.json().message]).toEqual([status, typeof message === 'string' ? message : expect.stringMatching(message)]);
    }
    expect(await engagementSnapshot(server.app)).toEqual(before);
  });
});
