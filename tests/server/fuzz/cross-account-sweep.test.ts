import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { contractRoutes } from '../../support/contract-routes';

/**
 * Issue 15 section 3: object routes tried with a second account's token answer 403 or 404 and
 * change nothing. A generic sweep is not possible (each object needs its own way to be made), so
 * this is a table of (object, how the owner makes it, the routes that act on it); the routes are
 * checked against the contracts so a renamed one fails here. Other object routes keep their
 * second-account checks in their module's tests (see /work/notes/issue15-input.md).
 */

let server: TestServer;
type Who = { id: string; token: string };
let fanA: Who; let creatorA: Who; let fanB: Who; let creatorB: Who;

const call = (who: Who, method: string, url: string, payload?: object) =>
  server.app.inject({ method: method as 'GET', url, headers: { authorization: who.token }, ...(payload ? { payload } : {}) });

async function made(res: Awaited<ReturnType<typeof call>>, what: string): Promise<string> {
  if (res.statusCode !== 200) throw new Error(`could not make ${what}: ${res.statusCode} ${res.body}`);
  return res.json().data._id as string;
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const mk = async (performer: boolean) => {
    const { user, token } = performer ? await createPerformerWithToken(server.app) : await createUserWithToken(server.app);
    return { id: user.id, token };
  };
  [fanA, creatorA, fanB, creatorB] = [await mk(false), await mk(true), await mk(false), await mk(true)];

  ids.address = await made(await call(fanA, 'POST', '/addresses/create', {
    name: 'Ana Silva', country: 'PT', city: 'Lisbon', streetAddress: 'Rua Augusta 10', postalCode: '1100-053', phone: '+351 912 345 678',
  }), 'an address');
  ids.feed = await made(await call(creatorA, 'POST', '/performer/feeds', { text: 'Hello fans', access: 'free' }), 'a feed');
  ids.comment = await made(await call(fanA, 'POST', '/comments', { objectType: 'feed', objectId: ids.feed, text: 'Nice one' }), 'a comment');
  ids.gallery = await made(await call(creatorA, 'POST', '/performer/performer-assets/galleries', { title: 'Holiday', access: 'free' }), 'a gallery');
  const follow = await call(fanA, 'POST', `/follows/${creatorA.id}`);
  if (follow.statusCode !== 200) throw new Error(`follow failed: ${follow.body}`);
  ids.conversation = await made(await call(fanA, 'POST', '/conversations', { source: 'performer', sourceId: creatorA.id }), 'a conversation');
  ids.message = await made(await call(fanA, 'POST', `/messages/conversations/${ids.conversation}`, { text: 'Hi there' }), 'a message');
});
afterAll(() => server.close());

/** [object, method, url with :id, body]: every route acting on that object as its owner. */
const OWNER_ROUTES: [keyof typeof ids | string, string, string, object?][] = [
  ['address', 'PUT', '/addresses/:id', { city: 'Porto' }],
  ['address', 'DELETE', '/addresses/:id'],
  ['feed', 'GET', '/performer/feeds/:id'],
  ['feed', 'PUT', '/performer/feeds/:id', { text: 'Hijacked' }],
  ['feed', 'DELETE', '/performer/feeds/:id'],
  ['comment', 'PUT', '/comments/:id', { text: 'Hijacked' }],
  ['comment', 'DELETE', '/comments/:id'],
  ['gallery', 'PUT', '/performer/performer-assets/galleries/:id', { title: 'Hijacked' }],
  ['gallery', 'GET', '/performer/performer-assets/galleries/:id/view'],
  ['gallery', 'DELETE', '/performer/performer-assets/galleries/:id'],
  ['conversation', 'GET', '/conversations/:id'],
  ['conversation', 'GET', '/messages/conversations/:id'],
  ['conversation', 'POST', '/messages/conversations/:id', { text: 'Intruder' }],
  ['conversation', 'POST', '/messages/read-all/:id'],
  ['message', 'DELETE', '/messages/:id'],
];

/** What a refused request could have touched. */
const snapshot = async () => JSON.stringify(await Promise.all(
  [tables.addresses, tables.feeds, tables.comments, tables.galleries, tables.conversations, tables.messages].map((t) => allRows(server.app, t)),
));

it('lists only routes the contracts have', () => {
  const known = new Set(contractRoutes().map((r) => `${r.method} ${r.url}`));
  expect(OWNER_ROUTES.map(([, method, url]) => `${method} ${url}`).filter((r) => !known.has(r))).toEqual([]);
});

it('answers 403 or 404 to a second fan and a second creator on every owner route, changing nothing', async () => {
  const before = await snapshot();
  const answers: string[] = [];
  for (const [object, method, url, body] of OWNER_ROUTES) {
    for (const [name, who] of [['fan B', fanB], ['creator B', creatorB]] as const) {
      const res = await call(who, method, url.replace(':id', ids[object]), body);
      if (res.statusCode !== 403 && res.statusCode !== 404) answers.push(`${method} ${url} as ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
  }
  expect(answers).toEqual([]);
  expect(await snapshot()).toBe(before);
  // The owner still reaches every object: the refusals above were about the caller, not a missing object.
  expect((await call(creatorA, 'GET', `/performer/feeds/${ids.feed}`)).statusCode).toBe(200);
  expect((await call(fanA, 'GET', `/conversations/${ids.conversation}`)).statusCode).toBe(200);
});

it("answers 404 for another account's session and signs nobody out", async () => {
  const known = new Set(contractRoutes().map((r) => `${r.method} ${r.url}`));
  expect(known.has('DELETE /auth/sessions/:id')).toBe(true);
  const sessionsBefore = JSON.stringify((await allRows(server.app, tables.sessions)).map((s) => [s.id, s.revokedAt ?? null]));
  const mine = (await allRows(server.app, tables.sessions)).filter((s) => s.userId === fanA.id);
  expect(mine.length).toBeGreaterThan(0);
  for (const session of mine) {
    const res = await call(fanB, 'DELETE', `/auth/sessions/${session.id}`);
    expect([403, 404]).toContain(res.statusCode);
  }
  expect(JSON.stringify((await allRows(server.app, tables.sessions)).map((s) => [s.id, s.revokedAt ?? null]))).toBe(sessionsBefore);
  expect((await call(fanA, 'GET', '/users/me')).statusCode).toBe(200);
});
