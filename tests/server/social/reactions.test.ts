import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { call, socialSnapshot } from './social-helpers';

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
  fanA = await createUserWithToken(server.app);
  fanB = await createUserWithToken(server.app);
});
afterAll(() => server.close());

const bookmark = (objectId: string) => ({ objectType: 'performer', objectId, action: 'bookmark' });
const react = (who: Account | undefined, body: object) => call(server.app, 'POST', '/reactions', who ?? {}, body);
const unreact = (who: Account | undefined, body: object) => call(server.app, 'DELETE', '/reactions', who ?? {}, body);
const bookmarks = (who: Account | undefined, query = '') => call(server.app, 'GET', `/reactions/performers/bookmark${query}`, who ?? {});

describe('POST and DELETE /reactions (creator bookmarks)', () => {
  it('needs a signed-in user', async () => {
    for (const res of [await react(undefined, bookmark(creator.user.id)), await unreact(undefined, bookmark(creator.user.id)), await bookmarks(undefined)]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('bookmarks and un-bookmarks idempotently, answering the creator\'s bookmark total', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await react(fanA, bookmark(creator.user.id));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { objectType: 'performer', objectId: creator.user.id, action: 'bookmark', active: true, total: 1 } });
    }
    expect((await react(fanB, bookmark(creator.user.id))).json().data.total).toBe(2);
    for (let i = 0; i < 3; i += 1) {
      const res = await unreact(fanB, bookmark(creator.user.id));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ objectType: 'performer', objectId: creator.user.id, action: 'bookmark', active: false, total: 1 });
    }
    const rows = (await socialSnapshot(server.app)).reactions;
    expect(rows).toEqual([expect.objectContaining({ userId: fanA.user.id, objectType: 'performer', objectId: creator.user.id, action: 'bookmark' })]);
  });

  it('one account never removes another account\'s bookmark', async () => {
    await unreact(fanB, bookmark(creator.user.id));
    expect((await bookmarks(fanA)).json().data.total).toBe(1);
  });

  it('leaves the creator\'s like counter alone', async () => {
    const counters = (await socialSnapshot(server.app)).counters;
    expect(counters.every((c) => c.likes === 0)).toBe(true);
  });

  it('rejects bad input with a message and writes nothing', async () => {
    const before = await socialSnapshot(server.app);
    const fanId = fanB.user.id;
    const cases: [object | undefined, number, RegExp | string][] = [
      [{ objectType: 'performer', objectId: creator.user.id, action: 'like' }, 400, 'Creators can be bookmarked, not liked'],
      [{ objectType: 'photo', objectId: creator.user.id, action: 'bookmark' }, 400, /objectType/],
      [{ objectType: 'performer', objectId: 'abc', action: 'bookmark' }, 400, 'objectId must be a valid uuid'],
      [{ objectType: 'performer', objectId: creator.user.id, action: 'love' }, 400, /action/],
      [{ ...bookmark(creator.user.id), extra: 1 }, 400, 'extra is not allowed'],
      [{ objectType: 'performer', action: 'bookmark' }, 400, 'objectId is required'],
      [undefined, 400, /body/],
      [bookmark('00000000-0000-0000-0000-000000000000'), 404, 'Performer not found'],
      [bookmark(fanId), 404, 'Performer not found'],
    ];
    for (const [body, status, message] of cases) {
      for (const send of [react, unreact]) {
        const res = await send(fanA, body as object);
        expect(res.statusCode).toBe(status);
        expect(res.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
      }
    }
    const self = await react(creator, bookmark(creator.user.id));
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot bookmark yourself');
    expect(await socialSnapshot(server.app)).toEqual(before);
  });
});

describe('GET /reactions/performers/bookmark', () => {
  it('lists my bookmarked creators as cards, newest first, with paging', async () => {
    await react(fanA, bookmark(other.user.id));
    const res = await bookmarks(fanA);
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json().data;
    expect(total).toBe(2);
    expect(data.map((e: { performer: { _id: string } }) => e.performer._id)).toEqual([other.user.id, creator.user.id]);
    expect(data[0]).toEqual({
      _id: expect.any(String),
      performer: expect.objectContaining({ _id: other.user.id, name: 'Mia Moon', isBookmarked: true, isFollowed: false }),
      createdAt: expect.any(String),
    });
    const page2 = (await bookmarks(fanA, '?offset=1&limit=1')).json().data;
    expect(page2.total).toBe(2);
    expect(page2.data.map((e: { performer: { _id: string } }) => e.performer._id)).toEqual([creator.user.id]);
    // Someone else's list is their own.
    expect((await bookmarks(fanB)).json().data).toEqual({ data: [], total: 0 });
  });

  it('rejects bad paging', async () => {
    const res = await bookmarks(fanA, '?limit=500');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/limit/);
  });
});
