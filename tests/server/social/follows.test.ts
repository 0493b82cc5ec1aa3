import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { call, followerCounts, socialSnapshot } from './social-helpers';

jest.setTimeout(60_000);

let server: TestServer;
type Account = Awaited<ReturnType<typeof createUserWithToken>>;
let creator: Account;
let other: Account;
let fanA: Account;
let fanB: Account;
beforeAll(async () => {
  server = await startTestServer();
  creator = await createPerformerWithToken(server.app, { name: 'Lena Star', username: 'lenastar' });
  other = await createPerformerWithToken(server.app, { name: 'Mia Moon', username: 'miamoon' });
  fanA = await createUserWithToken(server.app, { name: 'Anna Fan', username: 'anna_fan' });
  fanB = await createUserWithToken(server.app, { name: 'Ben Fan', username: 'ben_fan' });
});
afterAll(() => server.close());

const follow = (who: Account, id: string) => call(server.app, 'POST', `/follows/${id}`, who);
const unfollow = (who: Account, id: string) => call(server.app, 'DELETE', `/follows/${id}`, who);
const get = (who: Account | undefined, url: string) => call(server.app, 'GET', url, who ?? {});

describe('POST and DELETE /follows/:id', () => {
  it('needs a signed-in user', async () => {
    const id = creator.user.id;
    for (const res of [
      await call(server.app, 'POST', `/follows/${id}`),
      await call(server.app, 'DELETE', `/follows/${id}`),
      await get(undefined, '/follows/followers'),
      await get(undefined, '/follows/following'),
      await get(undefined, '/follows/following/ids'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue');
    }
  });

  it('follows and unfollows idempotently, keeping the counter exact over repeats', async () => {
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 3; i += 1) {
        const res = await follow(fanA, creator.user.id);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ data: { performerId: creator.user.id, isFollowed: true, followers: 1 } });
      }
      expect(await followerCounts(server.app, creator.user.id)).toEqual({ counter: 1, rows: 1 });
      for (let i = 0; i < 3; i += 1) {
        const res = await unfollow(fanA, creator.user.id);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ data: { performerId: creator.user.id, isFollowed: false, followers: 0 } });
      }
      expect(await followerCounts(server.app, creator.user.id)).toEqual({ counter: 0, rows: 0 });
    }
  });

  it('counts each follower once and answers the new count', async () => {
    expect((await follow(fanA, creator.user.id)).json().data.followers).toBe(1);
    expect((await follow(fanB, creator.user.id)).json().data.followers).toBe(2);
    // A creator may follow another creator.
    expect((await follow(other, creator.user.id)).json().data.followers).toBe(3);
    expect((await unfollow(other, creator.user.id)).json().data.followers).toBe(2);
    expect(await followerCounts(server.app, creator.user.id)).toEqual({ counter: 2, rows: 2 });
  });

  it('accepts the id in upper case', async () => {
    const res = await follow(fanA, creator.user.id.toUpperCase());
    expect(res.json().data).toEqual({ performerId: creator.user.id, isFollowed: true, followers: 2 });
  });

  it('one account never changes another account\'s follow', async () => {
    // fanB unfollowing twice removes fanB's follow only; fanA still follows.
    await unfollow(fanB, creator.user.id);
    await unfollow(fanB, creator.user.id);
    expect((await get(fanA, '/follows/following/ids')).json().data).toEqual([creator.user.id]);
    expect(await followerCounts(server.app, creator.user.id)).toEqual({ counter: 1, rows: 1 });
    await follow(fanB, creator.user.id);
  });

  it('rejects bad ids, unknown creators, fans, deactivated creators and oneself without writing', async () => {
    const before = await socialSnapshot(server.app);
    const inactive = await createPerformerWithToken(server.app, { status: 'inactive' });
    const cases: [string, number, string][] = [
      ['not-a-uuid', 400, 'id must be a valid uuid'],
      ["x' or 1=1 --", 400, 'id must be a valid uuid'],
      ['00000000-0000-0000-0000-000000000000', 404, 'Performer not found'],
      [fanB.user.id, 404, 'Performer not found'],
      [inactive.user.id, 404, 'Performer not found'],
    ];
    for (const [id, status, message] of cases) {
      for (const send of [follow, unfollow]) {
        const res = await send(fanA, encodeURIComponent(id));
        expect(res.statusCode).toBe(status);
        expect(res.json().message).toBe(message);
      }
    }
    for (const send of [follow, unfollow]) {
      const res = await send(creator, creator.user.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('You cannot follow yourself');
    }
    const after = await socialSnapshot(server.app);
    after.counters = after.counters.filter((c) => c.id !== inactive.user.id);
    expect(after).toEqual(before);
  });
});

describe('GET /follows/followers', () => {
  it('is for creators only', async () => {
    const res = await get(fanA, '/follows/followers');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only performer accounts can do this');
  });

  it('lists my own followers newest first, with paging and a name search, and no private fields', async () => {
    // Followers now: fanA (older), fanB (newer).
    const res = await get(creator, '/follows/followers');
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json().data;
    expect(total).toBe(2);
    expect(data.map((e: { follower: { _id: string } }) => e.follower._id)).toEqual([fanB.user.id, fanA.user.id]);
    expect(data[0]).toEqual({
      _id: expect.any(String),
      follower: {
        _id: fanB.user.id,
        name: 'Ben Fan',
        username: 'ben_fan',
        avatar: `${server.config.webOrigin}/images/avatar-placeholder.svg`,
        isPerformer: false,
        createdAt: fanB.user.createdAt.toISOString(),
      },
      createdAt: expect.any(String),
    });
    expect(res.body).not.toMatch(/email|balance|example\.test/);

    const second = (await get(creator, '/follows/followers?offset=1&limit=1')).json().data;
    expect(second).toEqual({ data: [expect.objectContaining({ follower: expect.objectContaining({ _id: fanA.user.id }) })], total: 2 });

    const byName = (await get(creator, '/follows/followers?q=ANNA')).json().data;
    expect(byName.total).toBe(1);
    expect(byName.data[0].follower._id).toBe(fanA.user.id);
    expect((await get(creator, '/follows/followers?q=ben_')).json().data.total).toBe(1);
    // % and _ are literal characters, not wildcards.
    expect((await get(creator, '/follows/followers?q=%25')).json().data.total).toBe(0);

    // Another creator sees their own (empty) list, never mine.
    expect((await get(other, '/follows/followers')).json().data).toEqual({ data: [], total: 0 });
  });

  it('rejects bad paging', async () => {
    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      const res = await get(creator, `/follows/followers?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/limit|offset/);
    }
  });
});

describe('GET /follows/following and /follows/following/ids', () => {
  it('lists the creators I follow as cards, newest first', async () => {
    await follow(fanA, other.user.id);
    const res = await get(fanA, '/follows/following');
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json().data;
    expect(total).toBe(2);
    expect(data.map((e: { performer: { _id: string } }) => e.performer._id)).toEqual([other.user.id, creator.user.id]);
    expect(data[1]).toEqual({
      _id: expect.any(String),
      performer: expect.objectContaining({ _id: creator.user.id, name: 'Lena Star', username: 'lenastar', isFollowed: true, isBookmarked: false }),
      createdAt: expect.any(String),
    });
    expect(data[1].performer.stats.followers).toBe(2);

    expect((await get(fanA, '/follows/following?limit=1&offset=1')).json().data.data[0].performer._id).toBe(creator.user.id);
    const search = (await get(fanA, '/follows/following?q=moon')).json().data;
    expect(search.total).toBe(1);
    expect(search.data[0].performer._id).toBe(other.user.id);

    expect((await get(fanA, '/follows/following/ids')).json()).toEqual({ data: [other.user.id, creator.user.id] });
    expect((await get(fanB, '/follows/following/ids')).json()).toEqual({ data: [creator.user.id] });
  });

  it('drops creators who were deactivated', async () => {
    const gone = await createPerformerWithToken(server.app);
    await follow(fanB, gone.user.id);
    expect((await get(fanB, '/follows/following')).json().data.total).toBe(2);
    await server.app.db.update(tables.users).set({ status: 'inactive' }).where(eq(tables.users.id, gone.user.id));
    const after = (await get(fanB, '/follows/following')).json().data;
    expect(after.total).toBe(1);
    expect(after.data.map((e: { performer: { _id: string } }) => e.performer._id)).toEqual([creator.user.id]);
  });
});
