import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { call, followerCounts, socialSnapshot } from '../social/social-helpers';

jest.setTimeout(60_000);

let server: TestServer;
type Account = Awaited<ReturnType<typeof createUserWithToken>>;
let creatorA: Account;
let creatorB: Account;
let fan: Account;
let fan2: Account;
let admin: Account;
beforeAll(async () => {
  server = await startTestServer();
  creatorA = await createPerformerWithToken(server.app, { name: 'Lena Star' });
  creatorB = await createPerformerWithToken(server.app, { name: 'Mia Moon' });
  fan = await createUserWithToken(server.app, { name: 'Rude Fan', username: 'rude_fan' });
  fan2 = await createUserWithToken(server.app);
  admin = await createUserWithToken(server.app, { role: 'admin' });
});
afterAll(() => server.close());

const block = (who: Account | undefined, payload: object) => call(server.app, 'POST', '/block/users', who ?? {}, payload);
const list = (who: Account | undefined, query = '') => call(server.app, 'GET', `/block/users${query}`, who ?? {});
const unblock = (who: Account | undefined, id: string) => call(server.app, 'DELETE', `/block/users/${id}`, who ?? {});
const bookmark = (objectId: string) => ({ objectType: 'performer', objectId, action: 'bookmark' });

describe('who may use the block routes', () => {
  const routes = (who: Account | undefined) => [
    block(who, { userId: fan.user.id }),
    list(who),
    unblock(who, fan.user.id),
    call(server.app, 'POST', '/block/countries', who ?? {}, { countries: ['GB'] }),
    call(server.app, 'GET', '/block/countries', who ?? {}),
  ];

  it('answers 401 without a token and 403 to fans, writing nothing', async () => {
    const before = await socialSnapshot(server.app);
    for (const res of await Promise.all(routes(undefined))) expect(res.statusCode).toBe(401);
    for (const res of await Promise.all(routes(fan))) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only performer accounts can do this');
    }
    expect(await socialSnapshot(server.app)).toEqual(before);
  });
});

describe('POST /block/users', () => {
  it('blocks an account and ends its follow and bookmark of this creator only', async () => {
    for (const who of [fan, fan2]) {
      expect((await call(server.app, 'POST', `/follows/${creatorA.user.id}`, who)).statusCode).toBe(200);
      expect((await call(server.app, 'POST', '/reactions', who, bookmark(creatorA.user.id))).statusCode).toBe(200);
    }
    // The fan's follow of another creator is not this creator's business.
    await call(server.app, 'POST', `/follows/${creatorB.user.id}`, fan);
    expect(await followerCounts(server.app, creatorA.user.id)).toEqual({ counter: 2, rows: 2 });

    const res = await block(creatorA, { userId: fan.user.id, reason: '  spam  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      _id: fan.user.id,
      user: expect.objectContaining({ _id: fan.user.id, name: 'Rude Fan', username: 'rude_fan', isPerformer: false }),
      reason: 'spam',
      createdAt: expect.any(String),
    });
    expect(res.body).not.toMatch(/email/);

    expect(await followerCounts(server.app, creatorA.user.id)).toEqual({ counter: 1, rows: 1 });
    const rows = await socialSnapshot(server.app);
    expect(rows.follows.map((f) => [f.followerId, f.performerId]).sort()).toEqual(
      [[fan.user.id, creatorB.user.id], [fan2.user.id, creatorA.user.id]].sort(),
    );
    expect(rows.reactions.map((r) => r.userId)).toEqual([fan2.user.id]);
    expect(rows.blockedUsers).toEqual([expect.objectContaining({ performerId: creatorA.user.id, userId: fan.user.id, reason: 'spam' })]);
  });

  it('answers 409 when already blocked', async () => {
    const before = await socialSnapshot(server.app);
    const res = await block(creatorA, { userId: fan.user.id.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Already blocked');
    expect(await socialSnapshot(server.app)).toEqual(before);
  });

  it('may block another creator; never oneself, an admin or an unknown account', async () => {
    const before = await socialSnapshot(server.app);
    const cases: [object, number, string][] = [
      [{ userId: creatorA.user.id }, 400, 'You cannot block yourself'],
      [{ userId: admin.user.id }, 400, 'Administrators cannot be blocked'],
      [{ userId: '00000000-0000-0000-0000-000000000000' }, 404, 'User not found'],
      [{ userId: 'nope' }, 400, 'userId must be a valid uuid'],
      [{}, 400, 'userId is required'],
      [{ userId: fan2.user.id, extra: true }, 400, 'extra is not allowed'],
      [{ userId: fan2.user.id, reason: 'x'.repeat(501) }, 400, 'reason must be at most 500 characters'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await block(creatorA, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await socialSnapshot(server.app)).toEqual(before);

    expect((await block(creatorA, { userId: creatorB.user.id })).statusCode).toBe(200);
  });
});

describe('GET /block/users', () => {
  it('lists my blocks newest first with paging, and only mine', async () => {
    const res = await list(creatorA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(2);
    expect(res.json().data.data.map((b: { _id: string }) => b._id)).toEqual([creatorB.user.id, fan.user.id]);
    expect(res.json().data.data[0].user.isPerformer).toBe(true);
    const page2 = (await list(creatorA, '?offset=1&limit=1')).json().data;
    expect(page2).toEqual({ data: [expect.objectContaining({ _id: fan.user.id, reason: 'spam' })], total: 2 });
    expect((await list(creatorB)).json().data).toEqual({ data: [], total: 0 });
    expect((await list(creatorA, '?limit=101')).statusCode).toBe(400);
  });
});

describe('DELETE /block/users/:id', () => {
  it('another creator can never lift my block', async () => {
    const before = await socialSnapshot(server.app);
    const res = await unblock(creatorB, fan.user.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This user is not blocked');
    expect(await socialSnapshot(server.app)).toEqual(before);
  });

  it('rejects a bad id', async () => {
    const res = await unblock(creatorA, 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('id must be a valid uuid');
  });

  it('unblocks once, then answers 404; the follow does not come back by itself', async () => {
    const res = await unblock(creatorA, fan.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });
    expect((await unblock(creatorA, fan.user.id)).statusCode).toBe(404);
    expect((await list(creatorA)).json().data.total).toBe(1);
    expect(await followerCounts(server.app, creatorA.user.id)).toEqual({ counter: 1, rows: 1 });
  });
});
