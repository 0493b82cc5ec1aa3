import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { entitlementsRepository } from '../../../src/server/modules/entitlements/entitlements.repository';
import type { Feed, TimelinePage } from '../../../src/common/contract/feeds';
import { call, GB_IP, US_IP, type Caller } from './feeds-world';

jest.setTimeout(120_000);

let server: TestServer;
let statements = 0;
beforeAll(async () => {
  server = await startTestServer({}, { onQuery: () => { statements += 1; } });
});
afterAll(() => server.close());

type FeedValues = Partial<typeof tables.feeds.$inferInsert>;
const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

async function creator() {
  const { user, token } = await createPerformerWithToken(server.app);
  return { id: user.id, caller: { token, ip: US_IP } as Caller };
}
async function post(performerId: string, values: FeedValues = {}) {
  const [row] = await server.app.db.insert(tables.feeds).values({ performerId, text: 'hello', ...values }).returning();
  return row;
}
const follow = (followerId: string, performerId: string) => server.app.db.insert(tables.follows).values({ followerId, performerId });
const subscribe = (userId: string, performerId: string, expiresAt = new Date(Date.now() + 30 * 86_400_000)) =>
  entitlementsRepository.grantSubscription(server.app.db, { userId, performerId, type: 'monthly', expiresAt });

async function timeline(as: Caller, query = ''): Promise<TimelinePage> {
  const res = await call(server.app, 'GET', `/user/feeds${query}`, as);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** Every page of the timeline, `between` run after each page (new posts arriving while the fan scrolls). */
async function walk(as: Caller, limit: number, between: (page: number) => Promise<void> = async () => {}) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const data: TimelinePage = await timeline(as, `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    ids.push(...data.data.map((f) => f._id));
    expect(data.data.length).toBeLessThanOrEqual(limit);
    if (!data.hasMore) {
      expect(data.nextCursor).toBeNull();
      return ids;
    }
    cursor = data.nextCursor;
    await between(page);
  }
  throw new Error('the timeline never ended');
}

describe('GET /user/feeds (the timeline)', () => {
  it('holds the visible posts of followed and subscribed creators only, newest first, locked as they are', async () => {
    const fan = await createUserWithToken(server.app);
    const me: Caller = { token: fan.token, ip: US_IP };
    const [followed, subscribed, both, stranger, blocker, gone, lapsed] = [
      await creator(), await creator(), await creator(), await creator(), await creator(), await creator(), await creator(),
    ];
    await follow(fan.user.id, followed.id);
    await subscribe(fan.user.id, subscribed.id);
    await follow(fan.user.id, both.id);
    await subscribe(fan.user.id, both.id);
    await follow(fan.user.id, blocker.id);
    await server.app.db.insert(tables.blockedUsers).values({ performerId: blocker.id, userId: fan.user.id });
    await follow(fan.user.id, gone.id);
    await server.app.db.update(tables.users).set({ status: 'inactive' }).where(sql`${tables.users.id} = ${gone.id}`);
    await subscribe(fan.user.id, lapsed.id, new Date(Date.now() - 1000));

    const f1 = await post(followed.id, { publishAt: ago(10), access: 'free' });
    const f2 = await post(followed.id, { publishAt: ago(5), access: 'subscribers' });
    const s1 = await post(subscribed.id, { publishAt: ago(7), access: 'subscribers' });
    const s2 = await post(subscribed.id, { publishAt: ago(1), access: 'sale', priceCents: 300 });
    const b1 = await post(both.id, { publishAt: ago(3), access: 'subscribers' });
    // Never in this fan's timeline:
    await post(stranger.id, { publishAt: ago(2) });
    await post(followed.id, { status: 'draft', publishAt: ago(4) });
    await post(followed.id, { publishAt: new Date(Date.now() + 3_600_000) });
    await post(subscribed.id, { status: 'draft' });
    await post(blocker.id, { publishAt: ago(2) });
    await post(gone.id, { publishAt: ago(2) });
    await post(lapsed.id, { publishAt: ago(2) });

    const page = await timeline(me);
    expect(page.data.map((f) => f._id)).toEqual([s2.id, b1.id, f2.id, s1.id, f1.id]);
    expect(page.hasMore).toBe(false);
    const locked = Object.fromEntries(page.data.map((f: Feed) => [f._id, f.isLocked]));
    expect(locked).toEqual({ [s2.id]: true, [b1.id]: false, [f2.id]: true, [s1.id]: false, [f1.id]: false });
    expect(page.data.find((f) => f._id === s2.id)).toMatchObject({ access: 'sale', price: 3, isSubscribed: true });
  });

  it('drops a creator who blocks the viewer\'s country', async () => {
    const fan = await createUserWithToken(server.app);
    const geo = await creator();
    await follow(fan.user.id, geo.id);
    const p = await post(geo.id, { publishAt: ago(1) });
    expect((await timeline({ token: fan.token, ip: US_IP })).data.map((f) => f._id)).toEqual([p.id]);
    await server.app.db.insert(tables.blockedCountries).values({ performerId: geo.id, country: 'GB' });
    expect((await timeline({ token: fan.token, ip: GB_IP })).data).toEqual([]);
    expect((await timeline({ token: fan.token, ip: US_IP })).data).toHaveLength(1);
  });

  it('answers a page in one statement however long it is once its posts\' files and polls are kept (post-parts-cache.test.ts)', async () => {
    const fan = await createUserWithToken(server.app);
    const caller = { token: fan.token, ip: GB_IP };
    const creators = await Promise.all([creator(), creator(), creator()]);
    for (const [i, c] of creators.entries()) {
      await follow(fan.user.id, c.id);
      const [poll] = await server.app.db.insert(tables.polls).values({ performerId: c.id, question: 'Which?' }).returning();
      await server.app.db.insert(tables.pollOptions).values([{ pollId: poll.id, text: 'A', position: 0 }, { pollId: poll.id, text: 'B', position: 1 }]);
      for (let n = 0; n < 4; n += 1) await post(c.id, { publishAt: ago(10 * i + n + 1), access: n % 2 ? 'subscribers' : 'free', pollId: n === 0 ? poll.id : null });
    }
    // Signs the session in to the process's session cache and reads every post's parts once.
    await timeline(caller, '?limit=12');
    for (const limit of [2, 10]) {
      statements = 0;
      const page = await timeline(caller, `?limit=${limit}`);
      expect(page.data).toHaveLength(limit);
      expect(statements).toBe(1);
    }
  });

  it('shows a creator their own published posts among those they follow', async () => {
    const me = await creator();
    const followed = await creator();
    await follow(me.id, followed.id);
    const mine = await post(me.id, { publishAt: ago(1) });
    await post(me.id, { status: 'draft' });
    await post(me.id, { publishAt: new Date(Date.now() + 3_600_000) });
    const theirs = await post(followed.id, { publishAt: ago(2) });
    const page = await timeline(me.caller);
    expect(page.data.map((f) => f._id)).toEqual([mine.id, theirs.id]);
    expect(page.data[0].unlockedBy).toBe('owner');
  });

  it('walks keyset pages without repeats or gaps while new posts arrive, ties broken by id at microsecond precision', async () => {
    const fan = await createUserWithToken(server.app);
    const me: Caller = { token: fan.token, ip: US_IP };
    const a = await creator();
    const b = await creator();
    await follow(fan.user.id, a.id);
    await subscribe(fan.user.id, b.id);
    for (let i = 0; i < 20; i += 1) await post(i % 2 ? a.id : b.id, { publishAt: ago(100 + (i % 7)) });
    // Five posts in the same microsecond and four within one millisecond: a cursor rounded to
    // milliseconds would skip or repeat some of these.
    const tied = await Promise.all(Array.from({ length: 5 }, () => post(a.id)));
    await server.app.db.execute(sql`update feeds set publish_at = '2025-01-01T12:00:00.123456Z' where id in (${sql.join(tied.map((t) => sql`${t.id}::uuid`), sql`, `)})`);
    const sub = await Promise.all(Array.from({ length: 4 }, () => post(b.id)));
    for (const [i, row] of sub.entries()) {
      await server.app.db.execute(sql`update feeds set publish_at = ${`2025-01-01T12:00:00.12345${i + 7}Z`}::timestamptz where id = ${row.id}::uuid`);
    }

    const initial = await walk(me, 50);
    expect(initial).toHaveLength(29);
    expect(new Set(initial).size).toBe(29);
    const arrived: string[] = [];
    for (const limit of [1, 3, 4, 7]) {
      const before = await walk(me, 50);
      const seen = await walk(me, limit, async () => {
        arrived.push((await post(a.id)).id);
      });
      // What arrived while scrolling sorts above the cursor: the walk sees exactly the rows it started with.
      expect(seen).toEqual(before);
    }
    // The posts that arrived during the walks lead the next fresh look, newest first.
    const fresh = await walk(me, 10);
    expect(fresh).toHaveLength(29 + arrived.length);
    expect(fresh.slice(0, arrived.length).sort()).toEqual([...arrived].sort());
    expect(fresh.slice(arrived.length)).toEqual(initial);
  });

  it('refuses signed-out callers, bad cursors and limits', async () => {
    const fan = await createUserWithToken(server.app);
    const me: Caller = { token: fan.token, ip: US_IP };
    expect((await call(server.app, 'GET', '/user/feeds', { ip: US_IP })).statusCode).toBe(401);
    for (const cursor of ['garbage', Buffer.from('2025-01-01|x').toString('base64url'), Buffer.from("2025-01-01T00:00:00.000000Z|'; drop table feeds;--").toString('base64url')]) {
      const res = await call(server.app, 'GET', `/user/feeds?cursor=${cursor}`, me);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('cursor is not valid: pass the nextCursor of the previous page');
    }
    expect((await call(server.app, 'GET', '/user/feeds?limit=51', me)).statusCode).toBe(400);
    expect((await call(server.app, 'GET', '/user/feeds?offset=10', me)).statusCode).toBe(400);
  });
});
