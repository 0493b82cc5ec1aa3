import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { US_IP } from '../social/social-helpers';
import { multipart } from '../../support/multipart';
import { jpegWithExif } from '../../support/media-fixtures';
import { buildWorld, call, type World } from './engagement-world';

// On PostgreSQL (TEST_DATABASE_URL) these requests run side by side on a connection pool; on
// PGlite they are serialised. Either way the counters must equal the rows.
jest.setTimeout(120_000);

let server: TestServer;
let world: World;
let fans: { token: string; ip: string }[];
beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server.app);
  fans = [];
  for (let i = 0; i < 12; i += 1) fans.push({ token: (await createUserWithToken(server.app)).token, ip: US_IP });
});
afterAll(() => server.close());

async function counts(feedId: string) {
  const [feeds, comments] = await Promise.all([allRows(server.app, tables.feeds), allRows(server.app, tables.comments)]);
  const mine = comments.filter((c) => c.objectId === feedId);
  return {
    counter: feeds.find((f) => f.id === feedId)!.totalComments,
    rows: mine.length,
    replyCounters: mine.filter((c) => !c.parentId).map((c) => [c.totalReplies, mine.filter((r) => r.parentId === c.id).length]),
  };
}

const comment = (who: { token: string; ip: string }, objectId: string, text: string, parentId?: string) =>
  call(server.app, 'POST', '/comments', who, { objectType: 'feed', objectId, text, ...(parentId ? { parentId } : {}) });

describe('concurrent comments keep total_comments and total_replies equal to the rows', () => {
  it('replies racing the deletion of their parent', async () => {
    const [row] = await server.app.db.insert(tables.feeds).values({ performerId: world.creatorId, text: 'race' }).returning();
    const parents: string[] = [];
    for (let i = 0; i < 3; i += 1) parents.push((await comment(fans[i], row.id, `P${i}`)).json().data._id as string);
    const replies = fans.flatMap((fan, i) => parents.map((p) => comment(fan, row.id, `r${i}`, p)));
    const deletion = call(server.app, 'DELETE', `/comments/${parents[1]}`, world.callers.owner);
    const answers = await Promise.all([...replies, deletion, ...fans.map((fan, i) => comment(fan, row.id, `T${i}`))]);
    // A reply that lost the race to its parent's deletion is a 404, never a 500.
    for (const res of answers) expect([200, 404]).toContain(res.statusCode);
    const { counter, rows, replyCounters } = await counts(row.id);
    expect(counter).toBe(rows);
    for (const [stored, real] of replyCounters) expect(stored).toBe(real);
  });

  it('replies deleted at the same time as their parent', async () => {
    const [row] = await server.app.db.insert(tables.feeds).values({ performerId: world.creatorId, text: 'race 2' }).returning();
    const parent = (await comment(fans[0], row.id, 'P')).json().data._id as string;
    const replyIds: string[] = [];
    for (const fan of fans) replyIds.push((await comment(fan, row.id, 'r', parent)).json().data._id);
    const answers = await Promise.all([
      ...replyIds.map((id) => call(server.app, 'DELETE', `/comments/${id}`, world.callers.admin)),
      call(server.app, 'DELETE', `/comments/${parent}`, world.callers.owner),
      ...replyIds.slice(0, 4).map((id) => call(server.app, 'DELETE', `/comments/${id}`, world.callers.owner)),
    ]);
    for (const res of answers) expect([200, 404]).toContain(res.statusCode);
    expect(await counts(row.id)).toEqual({ counter: 0, rows: 0, replyCounters: [] });
  });

  it('one upload attached by several comments at once lands on exactly one of them', async () => {
    const [row] = await server.app.db.insert(tables.feeds).values({ performerId: world.creatorId, text: 'one image' }).returning();
    const body = await multipart({}, { file: { content: await jpegWithExif(), filename: 'once.jpg' } });
    const upload = await server.app.inject({ method: 'POST', url: '/comments/images/upload', headers: { ...body.headers, authorization: fans[0].token }, payload: body.payload });
    const fileId = upload.json().data._id as string;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) =>
      call(server.app, 'POST', '/comments', fans[0], { objectType: 'feed', objectId: row.id, text: `try ${i}`, fileId })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    const carrying = (await allRows(server.app, tables.comments)).filter((c) => c.fileId === fileId);
    expect(carrying).toHaveLength(1);
    expect((await counts(row.id)).counter).toBe(1);
  });
});
