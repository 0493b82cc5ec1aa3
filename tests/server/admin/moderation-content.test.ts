import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, tables } from '../../support/db';
import { mailsTo } from '../../support/outbox';
import type { AdminContentItem } from '../../../src/common/contract/admin-content';
import {
  auditRows, buildModerationWorld, call, createSaleItem, creatorCounters, hide, moderationSnapshot, TYPES, unhide, type ModerationWorld, type Who,
} from './moderation-world';

jest.setTimeout(120_000);

let server: TestServer;
let world: ModerationWorld;
let otherItem: string;
beforeAll(async () => {
  server = await startTestServer();
  world = await buildModerationWorld(server.app);
  otherItem = await createSaleItem(server.app, 'video', world.ids.otherCreator!, 'someone else 100% zebra');
});
afterAll(() => server.close());

const as = (who: Who) => world.callers[who];
const search = (query: string, who: Who = 'admin') => call(server.app, 'GET', `/admin/content?${query}`, as(who));
const rowsOf = (res: { json(): { data: { data: AdminContentItem[] } } }) => res.json().data.data;

describe('GET /admin/content', () => {
  it('lists each kind across creators with creator, state, counts and a link', async () => {
    for (const type of TYPES) {
      const res = await search(`type=${type}&limit=100`);
      expect(res.statusCode).toBe(200);
      const rows = rowsOf(res);
      expect(rows.map((r) => r._id)).toEqual(expect.arrayContaining([world.bought[type], world.forSale[type]]));
      const row = rows.find((r) => r._id === world.bought[type])!;
      const page = { feed: 'post', video: 'video', gallery: 'gallery', product: 'product' }[type];
      expect(row).toMatchObject({
        type, creator: expect.objectContaining({ _id: world.creatorId }), status: 'active', isScheduled: false, access: 'sale', price: 5,
        isHidden: false, hiddenReason: null, hiddenAt: null, path: `/${page}/${row._id}`, on: null,
        stats: { likes: 0, comments: 0, other: 0 }, title: `bought ${type} zebra`,
      });
      expect(row.creator).not.toHaveProperty('email');
    }
    const videos = rowsOf(await search('type=video&limit=100'));
    expect(videos.map((v) => v._id)).toContain(otherItem);
  });

  it('filters by words (literally), creator and hidden state, pages and sorts', async () => {
    const words = rowsOf(await search('type=video&q=ZEBRA&limit=100')).map((r) => r._id);
    expect(words.sort()).toEqual([world.bought.video, otherItem].sort());
    expect(rowsOf(await search(`type=video&q=${encodeURIComponent('100%')}`)).map((r) => r._id)).toEqual([otherItem]);
    expect(rowsOf(await search(`type=video&q=${encodeURIComponent('0%z')}`))).toEqual([]);
    const own = await search(`type=video&performerId=${world.creatorId}&limit=100`);
    expect(own.json().data.total).toBe(2);
    expect(rowsOf(own).map((r) => r._id)).not.toContain(otherItem);

    expect((await hide(server.app, as('admin'), 'video', otherItem, 'Spam')).statusCode).toBe(200);
    expect(rowsOf(await search('type=video&hidden=true')).map((r) => r._id)).toEqual([otherItem]);
    expect(rowsOf(await search('type=video&hidden=false&limit=100')).map((r) => r._id)).not.toContain(otherItem);
    expect((await unhide(server.app, as('admin'), 'video', otherItem)).statusCode).toBe(200);

    const all = await search('type=video&sortBy=createdAt&sort=asc&limit=100');
    const first = await search('type=video&sortBy=createdAt&sort=asc&limit=1&offset=1');
    expect(first.json().data.total).toBe(all.json().data.total);
    expect(rowsOf(first).map((r) => r._id)).toEqual([rowsOf(all)[1]._id]);
  });

  it('refuses bad queries with a 400 naming the problem', async () => {
    const cases: [string, RegExp][] = [
      ['', /type is required/],
      ['type=photo', /type must be one of/],
      ['type=feed&sortBy=title', /sortBy must be one of createdAt, updatedAt/],
      ['type=feed&performerId=abc', /performerId must be a valid uuid/],
      ['type=feed&hidden=maybe', /hidden must be/],
      ['type=feed&limit=0', /limit/],
    ];
    for (const [query, message] of cases) {
      const res = await search(query);
      expect([query, res.statusCode, res.json().message]).toEqual([query, 400, expect.stringMatching(message)]);
    }
  });

  it('is for operators only: 403 for fans and creators, 401 signed out', async () => {
    for (const who of ['fan', 'owner', 'otherCreator'] as Who[]) {
      expect((await search('type=feed', who)).statusCode).toBe(403);
    }
    expect((await search('type=feed', 'signedOut')).statusCode).toBe(401);
  });
});

describe('hide and unhide', () => {
  it('hides with a reason in one audited write, tells the creator by email, and unhides', async () => {
    const id = world.forSale.gallery;
    const auditBefore = (await auditRows(server.app)).length;
    const res = await hide(server.app, as('admin'), 'gallery', id, '  Shows a third party without consent \u0007 ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: id, type: 'gallery', isHidden: true, hiddenReason: 'Shows a third party without consent', hiddenAt: expect.any(String) });
    const [row] = await server.app.db.select().from(tables.galleries).where(eq(tables.galleries.id, id));
    expect(row.hiddenReason).toBe('Shows a third party without consent');
    const audit = (await auditRows(server.app)).slice(auditBefore);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'content.hide', targetType: 'gallery', targetId: id, actorId: world.ids.admin,
      before: { hidden: false, reason: null }, after: { hidden: true, reason: 'Shows a third party without consent' },
    });
    expect(await creatorCounters(server.app, world.creatorId)).toMatchObject({ photos: 1 });
    const mails = await mailsTo(server.dataDir, world.emails.owner!);
    const mail = mails.find((m) => m.subject === 'Your gallery was hidden by the moderators')!;
    expect(mail).toBeDefined();
    expect(mail.body).toContain('Shows a third party without consent');
    expect(mail.body).toContain(`/gallery/${id}`);
    expect(mail.body).toContain('unsold gallery walrus');

    const shown = await unhide(server.app, as('admin'), 'gallery', id);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ isHidden: false, hiddenReason: null, hiddenAt: null });
    const after = (await auditRows(server.app)).slice(auditBefore);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ action: 'content.unhide', targetType: 'gallery', targetId: id, after: { hidden: false, reason: null } });
    expect(await creatorCounters(server.app, world.creatorId)).toMatchObject({ photos: 2 });
    expect((await mailsTo(server.dataDir, world.emails.owner!)).map((m) => m.subject)).toContain('Your gallery is visible again');
  });

  it('answers 409 for a second hide or an unhide of a visible item, and writes nothing', async () => {
    expect((await hide(server.app, as('admin'), 'product', world.forSale.product)).statusCode).toBe(200);
    const before = await moderationSnapshot(server.app);
    const again = await hide(server.app, as('otherAdmin'), 'product', world.forSale.product, 'Another reason');
    expect([again.statusCode, again.json().message]).toEqual([409, 'This product is already hidden']);
    const visible = await unhide(server.app, as('admin'), 'feed', world.forSale.feed);
    expect([visible.statusCode, visible.json().message]).toEqual([409, 'This post is not hidden']);
    expect(await moderationSnapshot(server.app)).toEqual(before);
    expect((await unhide(server.app, as('admin'), 'product', world.forSale.product)).statusCode).toBe(200);
  });

  it('refuses bad input (400/404) and other accounts (401/403), writing nothing', async () => {
    const before = await moderationSnapshot(server.app);
    const mailsBefore = (await mailsTo(server.dataDir, world.emails.owner!)).length;
    const id = world.bought.feed;
    const cases: [Who, string, string, unknown, number, RegExp | string][] = [
      ['admin', 'feed', id, undefined, 400, 'reason is required'],
      ['admin', 'feed', id, '', 400, /reason must be at least 1 character/],
      ['admin', 'feed', id, '   \u0001 ', 400, 'Give a reason: the creator is told it'],
      ['admin', 'feed', id, 'x'.repeat(501), 400, /reason must be at most 500 characters/],
      ['admin', 'feed', id, { text: 'Spam' }, 400, /reason must be string/],
      ['admin', 'photo', id, 'Spam', 400, /type must be one of/],
      ['admin', 'feed', 'abc', 'Spam', 400, 'id must be a valid uuid'],
      ['admin', 'feed', '00000000-0000-4000-8000-000000000000', 'Spam', 404, 'Post not found'],
      ['admin', 'comment', '00000000-0000-4000-8000-000000000000', 'Spam', 404, 'Comment not found'],
      ['admin', 'video', world.bought.feed, 'Spam', 404, 'Video not found'],
      ['owner', 'feed', id, 'Spam', 403, 'Only admin accounts can do this'],
      ['otherCreator', 'feed', id, 'Spam', 403, 'Only admin accounts can do this'],
      ['fan', 'feed', id, 'Spam', 403, 'Only admin accounts can do this'],
      ['signedOut', 'feed', id, 'Spam', 401, 'Please sign in to continue'],
    ];
    for (const [who, type, target, reason, status, message] of cases) {
      const res = await call(server.app, 'POST', `/admin/content/${type}/${target}/hide`, as(who), reason === undefined ? {} : { reason });
      expect([who, type, res.statusCode, res.json().message]).toEqual([who, type, status, typeof message === 'string' ? message : expect.stringMatching(message)]);
    }
    for (const who of ['owner', 'fan'] as Who[]) expect((await unhide(server.app, as(who), 'feed', id)).statusCode).toBe(403);
    expect(await moderationSnapshot(server.app)).toEqual(before);
    expect(await mailsTo(server.dataDir, world.emails.owner!)).toHaveLength(mailsBefore);
  });
});

describe('hidden comments', () => {
  const comment = async (who: Who, text: string, parentId?: string) => {
    const res = await call(server.app, 'POST', '/comments', as(who), { objectType: 'product', objectId: world.bought.product, text, ...(parentId ? { parentId } : {}) });
    expect(res.statusCode).toBe(200);
    return res.json().data._id as string;
  };
  const list = (who: Who, parentId?: string) =>
    call(server.app, 'GET', `/comments?objectType=product&objectId=${world.bought.product}${parentId ? `&parentId=${parentId}` : ''}`, as(who));
  const itemComments = async () => (await server.app.db.select().from(tables.products).where(eq(tables.products.id, world.bought.product)))[0].totalComments;
  const replies = async (id: string) => (await server.app.db.select().from(tables.comments).where(eq(tables.comments.id, id)))[0].totalReplies;

  it('leave the lists and counts for everyone but operators and their author, and come back when unhidden', async () => {
    const rude = await comment('buyer', 'Rude words');
    const reply = await comment('owner', 'Please be kind', rude);
    const kept = await comment('owner', 'Thanks for buying');
    const replyToKept = await comment('buyer', 'Love it', kept);
    expect(await itemComments()).toBe(4);

    const res = await hide(server.app, as('admin'), 'comment', rude, 'Insults');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'comment', title: 'Rude words', isHidden: true, hiddenReason: 'Insults', creator: expect.objectContaining({ _id: world.ids.buyer }),
      path: `/product/${world.bought.product}`, on: { type: 'product', id: world.bought.product, path: `/product/${world.bought.product}`, title: 'bought product zebra' },
    });
    // The comment and the reply under it leave the item's public count.
    expect(await itemComments()).toBe(2);

    const ownerView = await list('owner');
    expect(ownerView.json().data.total).toBe(1);
    expect(ownerView.json().data.data.map((c: { _id: string }) => c._id)).toEqual([kept]);
    const authorView = (await list('buyer')).json().data;
    expect(authorView.total).toBe(2);
    const mine = authorView.data.find((c: { _id: string }) => c._id === rude);
    expect(mine).toMatchObject({ isHidden: true, hiddenReason: 'Insults', isOwner: true });
    const adminView = (await list('admin')).json().data;
    expect(adminView.data.map((c: { _id: string }) => c._id).sort()).toEqual([rude, kept].sort());

    // Replies to it and edits of it are refused; its thread is not readable by others.
    const replyByOwner = await call(server.app, 'POST', '/comments', as('owner'), { objectType: 'product', objectId: world.bought.product, text: 'x', parentId: rude });
    expect([replyByOwner.statusCode, replyByOwner.json().message]).toEqual([404, 'Comment not found']);
    const replyByAuthor = await call(server.app, 'POST', '/comments', as('buyer'), { objectType: 'product', objectId: world.bought.product, text: 'x', parentId: rude });
    expect([replyByAuthor.statusCode, replyByAuthor.json().message]).toEqual([422, 'This comment was removed by the moderators: it takes no replies']);
    const edit = await call(server.app, 'PUT', `/comments/${rude}`, as('buyer'), { text: 'Sorry' });
    expect([edit.statusCode, edit.json().message]).toEqual([422, 'This comment was removed by the moderators: it cannot be edited']);
    expect((await list('owner', rude)).statusCode).toBe(404);
    expect((await call(server.app, 'DELETE', `/comments/${rude}`, as('owner'))).statusCode).toBe(404);

    // A hidden reply leaves its parent's reply count and the item's count.
    expect((await hide(server.app, as('admin'), 'comment', replyToKept, 'Spam')).statusCode).toBe(200);
    expect(await replies(kept)).toBe(0);
    expect(await itemComments()).toBe(1);
    expect((await list('owner')).json().data.data[0].replies).toEqual([]);
    expect((await list('buyer', kept)).json().data.data.map((c: { _id: string }) => c._id)).toEqual([replyToKept]);
    // Its author deletes it: the counts, which no longer held it, stay.
    expect((await call(server.app, 'DELETE', `/comments/${replyToKept}`, as('buyer'))).statusCode).toBe(200);
    expect([await replies(kept), await itemComments()]).toEqual([0, 1]);

    expect((await unhide(server.app, as('admin'), 'comment', rude)).statusCode).toBe(200);
    expect(await itemComments()).toBe(3);
    expect((await list('owner')).json().data.total).toBe(2);
    expect((await mailsTo(server.dataDir, world.emails.buyer!)).map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Your comment was hidden by the moderators', 'Your comment is visible again']),
    );
    expect(reply).toBeTruthy();
  });

  it('a hidden comment cannot be reported by others (404)', async () => {
    const text = await comment('buyer', 'Spammy link');
    expect((await hide(server.app, as('admin'), 'comment', text, 'Spam')).statusCode).toBe(200);
    const res = await call(server.app, 'POST', '/reports', as('subscriber'), { targetType: 'comment', targetId: text, reason: 'spam' });
    expect([res.statusCode, res.json().message]).toEqual([404, 'Comment not found']);
    expect(await allRows(server.app, tables.reports)).toHaveLength(0);
  });
});
