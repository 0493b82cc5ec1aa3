import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { call, followerCounts } from './social-helpers';

// On PostgreSQL (TEST_DATABASE_URL) these requests really run side by side on a connection pool;
// on PGlite they are serialised, which the counter rule must survive just the same.
jest.setTimeout(120_000);

let server: TestServer;
type Account = Awaited<ReturnType<typeof createUserWithToken>>;
let creator: Account;
let fans: Account[];
beforeAll(async () => {
  server = await startTestServer();
  creator = await createPerformerWithToken(server.app);
  fans = [];
  for (let i = 0; i < 20; i += 1) fans.push(await createUserWithToken(server.app));
});
afterAll(() => server.close());

const follow = (who: Account) => call(server.app, 'POST', `/follows/${creator.user.id}`, who);
const unfollow = (who: Account) => call(server.app, 'DELETE', `/follows/${creator.user.id}`, who);

describe('concurrent follows keep total_followers equal to the follow rows', () => {
  it('20 fans follow at once, one of them 10 more times at once', async () => {
    const answers = await Promise.all([...fans.map(follow), ...Array.from({ length: 10 }, () => follow(fans[0]))]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(await followerCounts(server.app, creator.user.id)).toEqual({ counter: 20, rows: 20 });
    // Each answer carries a count some committed state had.
    for (const res of answers) expect(res.json().data.followers).toBeGreaterThanOrEqual(1);
  });

  it('all unfollow at once, with duplicates', async () => {
    const answers = await Promise.all([...fans.map(unfollow), ...Array.from({ length: 10 }, () => unfollow(fans[0]))]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(await followerCounts(server.app, creator.user.id)).toEqual({ counter: 0, rows: 0 });
  });

  it('a mix of follows and unfollows from everyone ends consistent', async () => {
    const requests = fans.flatMap((fan, i) => (i % 2 ? [follow(fan), unfollow(fan), follow(fan)] : [follow(fan), unfollow(fan)]));
    const answers = await Promise.all(requests);
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const { counter, rows } = await followerCounts(server.app, creator.user.id);
    expect(counter).toBe(rows);
    // Settle every fan on "following" and check once more.
    await Promise.all(fans.map(follow));
    expect(await followerCounts(server.app, creator.user.id)).toEqual({ counter: 20, rows: 20 });
  });

  it('a block racing with follows leaves counter and rows in step and the blocked fan unfollowed', async () => {
    const blocked = fans[5];
    await unfollow(blocked);
    const block = call(server.app, 'POST', '/block/users', { token: creator.token }, { userId: blocked.user.id });
    const answers = await Promise.all([follow(blocked), block, follow(blocked), follow(blocked)]);
    expect(answers[1].statusCode).toBe(200);
    for (const res of [answers[0], answers[2], answers[3]]) expect([200, 403]).toContain(res.statusCode);
    // Whichever order the database chose, the block wins: the blocked fan does not follow.
    const ids = (await call(server.app, 'GET', '/follows/following/ids', blocked)).json().data;
    expect(ids).toEqual([]);
    expect(await followerCounts(server.app, creator.user.id)).toEqual({ counter: 19, rows: 19 });
  });
});
