import { startTestServer, type TestServer } from '../../support/server';
import { allRows, tables } from '../../support/db';
import type { Comment } from '../../../src/common/contract/comments';
import { NOT_AVAILABLE_MESSAGE } from '../../../src/common/contract/social';
import { entitlementsRepository } from '../../../src/server/modules/entitlements/entitlements.repository';
import { buildWorld, call, engagementSnapshot, itemCounters, type Who, type World } from './engagement-world';

jest.setTimeout(90_000);

let server: TestServer;
let world: World;
beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server.app);
});
afterAll(() => server.close());

type Body = Record<string, unknown>;
const post = (who: Who, body: Body) => call(server.app, 'POST', '/comments', world.callers[who], body);
const list = (who: Who, query: string) => call(server.app, 'GET', `/comments?${query}`, world.callers[who]);
const put = (who: Who, id: string, body: Body) => call(server.app, 'PUT', `/comments/${id}`, world.callers[who], body);
const del = (who: Who, id: string) => call(server.app, 'DELETE', `/comments/${id}`, world.callers[who]);
const on = (objectId: string, objectType = 'feed') => `objectType=${objectType}&objectId=${objectId}`;

async function comment(who: Who, objectId: string, text: string, extra: Body = {}): Promise<Comment> {
  const res = await post(who, { objectType: 'feed', objectId, text, ...extra });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('POST /comments', () => {
  it('stores a comment and answers it with the author and the viewer flags', async () => {
    const res = await post('stranger', { objectType: 'feed', objectId: world.items.feedFree, text: '<p>Lovely <b>light</b></p>' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      _id: expect.any(String),
      objectType: 'feed',
      objectId: world.items.feedFree,
      parentId: null,
      text: '<p>Lovely <b>light</b></p>',
      user: expect.objectContaining({ _id: world.ids.stranger, isPerformer: false }),
      isOwner: true,
      canDelete: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      totalReplies: 0,
      isHidden: false,
      hiddenReason: null,
      image: null,
      replies: [],
    });
    expect(res.json().data.user).not.toHaveProperty('email');
    expect((await itemCounters(server.app, 'feeds', world.items.feedFree)).comments).toBe(1);
  });

  it('takes one level of replies and counts them on the parent and the item', async () => {
    const parent = await comment('subscriber', world.items.feedFree, 'Parent');
    const reply = await comment('owner', world.items.feedFree, 'Thanks!', { parentId: parent._id });
    expect(reply).toMatchObject({ parentId: parent._id, totalReplies: 0, isOwner: true });
    expect(reply).not.toHaveProperty('replies');
    const stored = (await allRows(server.app, tables.comments)).find((c) => c.id === parent._id)!;
    expect(stored.totalReplies).toBe(1);
    expect((await itemCounters(server.app, 'feeds', world.items.feedFree)).comments).toBe(3);
  });

  it('comments on videos, galleries and products for those who can open them', async () => {
    const cases: [string, string, Who][] = [['video', world.items.video, 'stranger'], ['gallery', world.items.gallery, 'subscriber'], ['product', world.items.product, 'buyer']];
    for (const [objectType, objectId, who] of cases) {
      const res = await post(who, { objectType, objectId, text: 'Nice' });
      expect(res.statusCode).toBe(200);
    }
    expect((await itemCounters(server.app, 'videos', world.items.video)).comments).toBe(1);
    expect((await itemCounters(server.app, 'galleries', world.items.gallery)).comments).toBe(1);
    expect((await itemCounters(server.app, 'products', world.items.product)).comments).toBe(1);
  });
});

describe('who may read and write comments', () => {
  const LOCKED_READ = 'Unlock this post to see its comments';
  const LOCKED_WRITE = 'Unlock this post to comment on it';
  // Expected status per viewer for [free, subscribers-only, for sale] posts.
  const READ: Record<Exclude<Who, 'otherCreator'>, [number, number, number]> = {
    owner: [200, 200, 200],
    admin: [200, 200, 200],
    subscriber: [200, 200, 403],
    buyer: [200, 403, 200],
    stranger: [200, 403, 403],
    signedOut: [200, 403, 403],
    blocked: [403, 403, 403],
    blockedCountry: [403, 403, 403],
  };

  it.each(Object.entries(READ))('%s reads %j', async (who, expected) => {
    const items = [world.items.feedFree, world.items.feedSubs, world.items.feedSale];
    for (const [i, id] of items.entries()) {
      const res = await list(who as Who, on(id));
      expect(res.statusCode).toBe(expected[i]);
      if (res.statusCode === 403) {
        const blocked = who === 'blocked' || who === 'blockedCountry';
        expect(res.json().message).toBe(blocked ? NOT_AVAILABLE_MESSAGE : LOCKED_READ);
      }
    }
  });

  it.each(Object.entries(READ))('%s writes %j', async (who, expected) => {
    const items = [world.items.feedFree, world.items.feedSubs, world.items.feedSale];
    for (const [i, id] of items.entries()) {
      const before = await engagementSnapshot(server.app);
      const res = await post(who as Who, { objectType: 'feed', objectId: id, text: `from ${who}` });
      if (who === 'signedOut') {
        expect(res.statusCode).toBe(401);
      } else {
        expect(res.statusCode).toBe(expected[i]);
      }
      if (res.statusCode === 403) {
        const blocked = who === 'blocked' || who === 'blockedCountry';
        expect(res.json().message).toBe(blocked ? NOT_AVAILABLE_MESSAGE : LOCKED_WRITE);
      }
      if (res.statusCode !== 200) expect(await engagementSnapshot(server.app)).toEqual(before);
    }
  });

  it('hides drafts and scheduled items from everyone but the owner and admins (404)', async () => {
    for (const id of [world.items.feedDraft, world.items.feedScheduled]) {
      for (const who of ['stranger', 'subscriber', 'signedOut'] as Who[]) {
        const res = await list(who, on(id));
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Post not found');
      }
      expect((await list('owner', on(id))).statusCode).toBe(200);
      expect((await list('admin', on(id))).statusCode).toBe(200);
    }
  });

  it('says what to do for a locked product', async () => {
    const res = await post('stranger', { objectType: 'product', objectId: world.items.product, text: 'hi' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Buy this product to comment on it');
  });
});

describe('GET /comments', () => {
  let item: string;
  let parents: Comment[];
  beforeAll(async () => {
    const [row] = await server.app.db.insert(tables.feeds).values({ performerId: world.creatorId, text: 'thread' }).returning();
    item = row.id;
    parents = [];
    for (let i = 0; i < 4; i += 1) parents.push(await comment('stranger', item, `Top ${i}`));
    for (let i = 0; i < 5; i += 1) await comment(i % 2 ? 'owner' : 'subscriber', item, `Reply ${i}`, { parentId: parents[0]._id });
  });

  it('lists top-level comments newest first, each with its first three replies oldest first', async () => {
    const res = await list('subscriber', `${on(item)}&limit=3`);
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json().data as { data: Comment[]; total: number };
    expect(total).toBe(4);
    expect(data.map((c) => c.text)).toEqual(['Top 3', 'Top 2', 'Top 1']);
    const more = (await list('subscriber', `${on(item)}&limit=3&offset=3`)).json().data;
    expect(more.data.map((c: Comment) => c.text)).toEqual(['Top 0']);
    const first = more.data[0] as Comment;
    expect(first.totalReplies).toBe(5);
    expect(first.replies!.map((r) => r.text)).toEqual(['Reply 0', 'Reply 1', 'Reply 2']);
    expect(data[0].replies).toEqual([]);
  });

  it('pages through one comment\'s replies with parentId', async () => {
    const res = await list('stranger', `${on(item)}&parentId=${parents[0]._id}&offset=3&limit=10`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(5);
    expect(res.json().data.data.map((c: Comment) => c.text)).toEqual(['Reply 3', 'Reply 4']);
  });

  it('sets isOwner and canDelete for the viewer', async () => {
    const flags = async (who: Who) => {
      const { data } = (await list(who, `${on(item)}&offset=3`)).json().data as { data: Comment[] };
      const reply = data[0].replies!.find((r) => r.text === 'Reply 0')!;
      return { top: [data[0].isOwner, data[0].canDelete], reply: [reply.isOwner, reply.canDelete] };
    };
    expect(await flags('stranger')).toEqual({ top: [true, true], reply: [false, false] });
    expect(await flags('subscriber')).toEqual({ top: [false, false], reply: [true, true] });
    expect(await flags('owner')).toEqual({ top: [false, true], reply: [false, true] });
    expect(await flags('admin')).toEqual({ top: [false, true], reply: [false, true] });
    expect(await flags('signedOut')).toEqual({ top: [false, false], reply: [false, false] });
  });

  it('refuses a parentId that is a reply or belongs to another item', async () => {
    const replies = (await list('stranger', `${on(item)}&parentId=${parents[0]._id}`)).json().data.data as Comment[];
    const ofReply = await list('stranger', `${on(item)}&parentId=${replies[0]._id}`);
    expect(ofReply.statusCode).toBe(400);
    const elsewhere = await list('stranger', `${on(world.items.feedFree)}&parentId=${parents[0]._id}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Comment not found');
  });

  it('rejects bad queries with a message', async () => {
    const cases: [string, RegExp][] = [
      ['objectType=photo&objectId=' + item, /objectType must be one of/],
      ['objectType=feed&objectId=nope', /objectId must be a valid uuid/],
      ['objectType=feed', /objectId is required/],
      [`${on(item)}&limit=500`, /limit/],
      [`${on(item)}&parentId=12`, /parentId must be a valid uuid/],
    ];
    for (const [query, message] of cases) {
      const res = await list('stranger', query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const unknown = await list('stranger', on('00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PUT /comments/:id', () => {
  it('lets the author edit the text, and nobody else', async () => {
    const mine = await comment('subscriber', world.items.feedFree, 'First try');
    for (const who of ['stranger', 'owner', 'admin', 'otherCreator'] as Who[]) {
      const before = await engagementSnapshot(server.app);
      const res = await put(who, mine._id, { text: 'Hijacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You can only edit your own comments');
      expect(await engagementSnapshot(server.app)).toEqual(before);
    }
    expect((await put('signedOut', mine._id, { text: 'x' })).statusCode).toBe(401);
    const res = await put('subscriber', mine._id, { text: 'Second <i>try</i><script>alert(1)</script>' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: mine._id, text: 'Second <i>try</i>', isOwner: true });
    expect(new Date(res.json().data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(mine.updatedAt).getTime());
  });

  it('needs the item still open to the author', async () => {
    const [row] = await server.app.db.insert(tables.feeds).values({ performerId: world.creatorId, text: 'for subscribers', access: 'subscribers' }).returning();
    const mine = await comment('subscriber', row.id, 'Here while subscribed');
    const subscription = { userId: world.ids.subscriber!, performerId: world.creatorId, type: 'monthly' as const };
    await entitlementsRepository.grantSubscription(server.app.db, { ...subscription, expiresAt: new Date(Date.now() - 1000) });
    try {
      const res = await put('subscriber', mine._id, { text: 'Edited' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Unlock this post to comment on it');
      // Taking one's words back is always allowed.
      expect((await del('subscriber', mine._id)).statusCode).toBe(200);
    } finally {
      await entitlementsRepository.grantSubscription(server.app.db, { ...subscription, expiresAt: new Date(Date.now() + 30 * 86_400_000) });
    }
  });

  it('rejects bad input and writes nothing', async () => {
    const mine = await comment('stranger', world.items.feedFree, 'Stable');
    const before = await engagementSnapshot(server.app);
    const cases: [string, Body, number, RegExp | string][] = [
      [mine._id, { text: '' }, 400, /text must be at least 1 characters/],
      [mine._id, { text: '   ' }, 400, 'Comment cannot be empty'],
      [mine._id, { text: '<script>alert(1)</script>' }, 400, 'Comment cannot be empty'],
      [mine._id, { text: 'x'.repeat(2001) }, 400, 'Comment must be at most 2000 characters'],
      [mine._id, { text: 'ok', extra: 1 }, 400, 'extra is not allowed'],
      [mine._id, {}, 400, 'text is required'],
      ['not-a-uuid', { text: 'ok' }, 400, 'id must be a valid uuid'],
      ['00000000-0000-4000-8000-000000000000', { text: 'ok' }, 404, 'Comment not found'],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await put('stranger', id, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    }
    expect(await engagementSnapshot(server.app)).toEqual(before);
  });
});

describe('DELETE /comments/:id', () => {
  it('the author, the item\'s creator and an admin may delete; others get 403', async () => {
    const target = await comment('subscriber', world.items.feedFree, 'Delete me');
    for (const who of ['stranger', 'buyer', 'otherCreator'] as Who[]) {
      const before = await engagementSnapshot(server.app);
      const res = await del(who, target._id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You can only delete your own comments');
      expect(await engagementSnapshot(server.app)).toEqual(before);
    }
    expect((await del('signedOut', target._id)).statusCode).toBe(401);
    for (const who of ['subscriber', 'owner', 'admin'] as Who[]) {
      const c = await comment('subscriber', world.items.feedFree, `by ${who}`);
      const counted = (await itemCounters(server.app, 'feeds', world.items.feedFree)).comments;
      const res = await del(who, c._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { success: true } });
      expect((await itemCounters(server.app, 'feeds', world.items.feedFree)).comments).toBe(counted - 1);
    }
    expect((await del('subscriber', target._id)).statusCode).toBe(200);
    const again = await del('subscriber', target._id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Comment not found');
  });

  it('deleting a parent removes its replies and keeps every counter right', async () => {
    const [row] = await server.app.db.insert(tables.feeds).values({ performerId: world.creatorId, text: 'counters' }).returning();
    const parent = await comment('stranger', row.id, 'Parent');
    const other = await comment('stranger', row.id, 'Other');
    const replies = [];
    for (let i = 0; i < 4; i += 1) replies.push(await comment('subscriber', row.id, `R${i}`, { parentId: parent._id }));
    await comment('subscriber', row.id, 'R-other', { parentId: other._id });
    expect((await itemCounters(server.app, 'feeds', row.id)).comments).toBe(7);

    expect((await del('subscriber', replies[0]._id)).statusCode).toBe(200);
    const rows = () => allRows(server.app, tables.comments).then((all) => all.filter((c) => c.objectId === row.id));
    expect((await rows()).find((c) => c.id === parent._id)!.totalReplies).toBe(3);
    expect((await itemCounters(server.app, 'feeds', row.id)).comments).toBe(6);

    expect((await del('owner', parent._id)).statusCode).toBe(200);
    const left = await rows();
    expect(left.map((c) => c.text).sort()).toEqual(['Other', 'R-other']);
    expect((await itemCounters(server.app, 'feeds', row.id)).comments).toBe(2);
    expect((await del('subscriber', replies[1]._id)).statusCode).toBe(404);
  });
});

describe('bad input on POST /comments', () => {
  it('gets a 4xx with a message and writes nothing', async () => {
    const parent = await comment('stranger', world.items.feedFree, 'Parent for bad input');
    const reply = await comment('subscriber', world.items.feedFree, 'A reply', { parentId: parent._id });
    const [elsewhere] = await server.app.db.insert(tables.feeds).values({ performerId: world.creatorId, text: 'elsewhere' }).returning();
    const before = await engagementSnapshot(server.app);
    const feed = { objectType: 'feed', objectId: world.items.feedFree };
    const cases: [Body | undefined, number, RegExp | string][] = [
      [{ ...feed, text: '' }, 400, /text must be at least 1 characters/],
      [{ ...feed, text: ' \n ' }, 400, 'Comment cannot be empty'],
      [{ ...feed, text: '<p></p><b> </b>' }, 400, 'Comment cannot be empty'],
      [{ ...feed, text: '<script>alert("x")</script>' }, 400, 'Comment cannot be empty'],
      [{ ...feed, text: '<img src=x onerror=alert(1)>' }, 400, 'Comment cannot be empty'],
      [{ ...feed, text: 'y'.repeat(2001) }, 400, 'Comment must be at most 2000 characters'],
      [{ ...feed, text: 'y'.repeat(10_001) }, 400, /text must be at most 10000 characters/],
      [{ objectType: 'performer', objectId: world.creatorId, text: 'hi' }, 400, /objectType must be one of/],
      [{ objectType: 'feed', objectId: 'abc', text: 'hi' }, 400, /objectId must be a valid uuid/],
      [{ ...feed, text: 'hi', parentId: 'abc' }, 400, /parentId must be a valid uuid/],
      [{ ...feed, text: 'hi', parentId: reply._id }, 400, 'You can reply to a comment, not to a reply'],
      [{ objectType: 'feed', objectId: elsewhere.id, text: 'hi', parentId: parent._id }, 404, 'Comment not found'],
      [{ ...feed, text: 'hi', parentId: '00000000-0000-4000-8000-000000000000' }, 404, 'Comment not found'],
      [{ objectType: 'feed', objectId: '00000000-0000-4000-8000-000000000000', text: 'hi' }, 404, 'Post not found'],
      [{ objectType: 'video', objectId: world.items.feedFree, text: 'hi' }, 404, 'Video not found'],
      [{ objectType: 'feed', objectId: world.items.feedDraft, text: 'hi' }, 404, 'Post not found'],
      [{ ...feed, text: 'hi', extra: true }, 400, 'extra is not allowed'],
      [{ ...feed }, 400, 'text is required'],
      [undefined, 400, /body/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post('stranger', body as Body);
      expect([res.statusCode, res.json().message]).toEqual([status, typeof message === 'string' ? message : expect.stringMatching(message)]);
    }
    expect(await engagementSnapshot(server.app)).toEqual(before);
  });

  it('stores XSS attempts as harmless text', async () => {
    const vectors = [
      'a<script>alert(1)</script>b',
      '<img src=x onerror=alert(1)>pic',
      '<a href="javascript:alert(1)">link</a>',
      '<a href="https://example.com" onmouseover="alert(1)">safe link</a>',
      '<p onclick="alert(1)" style="color:red">para</p>',
      '<svg onload=alert(1)><circle/></svg>svg',
      '<iframe src="https://evil.example"></iframe>frame',
      '<b>bold</b><style>body{display:none}</style>',
      '"><script>alert(document.cookie)</script>quote',
      '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
    ];
    for (const text of vectors) {
      const stored = (await comment('stranger', world.items.feedFree, text)).text;
      expect(stored).not.toMatch(/<script|<img|<svg|<iframe|<style|javascript:|\son\w+=|style=/i);
    }
    const link = (await comment('stranger', world.items.feedFree, '<a href="https://example.com">site</a>')).text;
    expect(link).toBe('<a href="https://example.com" rel="noopener noreferrer">site</a>');
  });
});
