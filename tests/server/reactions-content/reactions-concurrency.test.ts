import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { call } from '../social/social-helpers';

// On PostgreSQL (TEST_DATABASE_URL) these requests really run side by side on a connection pool;
// on PGlite they are serialised, which the counter rule must survive just the same.
jest.setTimeout(120_000);

let server: TestServer;
type Account = Awaited<ReturnType<typeof createUserWithToken>>;
let creatorId: string;
let fans: Account[];
const items: { type: 'feed' | 'video' | 'gallery' | 'product'; id: string }[] = [];
beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.app;
  creatorId = (await createPerformerWithToken(server.app)).user.id;
  fans = [];
  for (let i = 0; i < 20; i += 1) fans.push(await createUserWithToken(server.app));
  items.push({ type: 'feed', id: (await db.insert(tables.feeds).values({ performerId: creatorId, text: 'a' }).returning())[0].id });
  items.push({ type: 'feed', id: (await db.insert(tables.feeds).values({ performerId: creatorId, text: 'b' }).returning())[0].id });
  items.push({ type: 'video', id: (await db.insert(tables.videos).values({ performerId: creatorId, title: 'v' }).returning())[0].id });
  items.push({ type: 'gallery', id: (await db.insert(tables.galleries).values({ performerId: creatorId, title: 'g' }).returning())[0].id });
});
afterAll(() => server.close());

const send = (method: 'POST' | 'DELETE', who: Account, item: (typeof items)[number], action: 'like' | 'bookmark') =>
  call(server.app, method, '/reactions', who, { objectType: item.type, objectId: item.id, action });

/** Stored counters next to the real number of rows, per item and for the creator. */
async function counts() {
  const [reactions, feeds, videos, galleries, performers] = await Promise.all([
    allRows(server.app, tables.reactions), allRows(server.app, tables.feeds), allRows(server.app, tables.videos),
    allRows(server.app, tables.galleries), allRows(server.app, tables.performers),
  ]);
  const rowsOf = (id: string, action: string) => reactions.filter((r) => r.objectId === id && r.action === action).length;
  const stored = [...feeds, ...videos, ...galleries];
  return {
    items: items.map((i) => {
      const row = stored.find((s) => s.id === i.id)!;
      return { likes: [row.totalLikes, rowsOf(i.id, 'like')], bookmarks: [row.totalBookmarks, rowsOf(i.id, 'bookmark')] };
    }),
    creator: [performers.find((p) => p.userId === creatorId)!.totalLikes, reactions.filter((r) => r.action === 'like').length],
  };
}

function expectConsistent(result: Awaited<ReturnType<typeof counts>>) {
  for (const item of result.items) {
    expect(item.likes[0]).toBe(item.likes[1]);
    expect(item.bookmarks[0]).toBe(item.bookmarks[1]);
  }
  expect(result.creator[0]).toBe(result.creator[1]);
}

describe('concurrent likes and bookmarks keep counters equal to the rows', () => {
  it('20 fans like one post at once, one of them 10 more times', async () => {
    const answers = await Promise.all([...fans.map((f) => send('POST', f, items[0], 'like')), ...Array.from({ length: 10 }, () => send('POST', fans[0], items[0], 'like'))]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const result = await counts();
    expect(result.items[0].likes).toEqual([20, 20]);
    expect(result.creator).toEqual([20, 20]);
  });

  it('all unlike at once, with duplicates', async () => {
    const answers = await Promise.all([...fans.map((f) => send('DELETE', f, items[0], 'like')), ...Array.from({ length: 10 }, () => send('DELETE', fans[0], items[0], 'like'))]);
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const result = await counts();
    expect(result.items[0].likes).toEqual([0, 0]);
    expect(result.creator).toEqual([0, 0]);
  });

  it('a mix of likes, unlikes, bookmarks and un-bookmarks on four items ends consistent', async () => {
    const requests = fans.flatMap((fan, i) => items.flatMap((item) => {
      const action = i % 3 ? 'like' : 'bookmark';
      return i % 2
        ? [send('POST', fan, item, action), send('DELETE', fan, item, action), send('POST', fan, item, action)]
        : [send('POST', fan, item, action), send('POST', fan, item, 'bookmark'), send('DELETE', fan, item, action)];
    }));
    const answers = await Promise.all(requests);
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expectConsistent(await counts());
    // Settle every fan on "liked" everywhere and check once more.
    await Promise.all(fans.flatMap((fan) => items.map((item) => send('POST', fan, item, 'like'))));
    const settled = await counts();
    expectConsistent(settled);
    expect(settled.creator).toEqual([80, 80]);
  });
});
