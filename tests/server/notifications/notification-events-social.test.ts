import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { createUserWithToken, tables } from '../../support/db';
import { createItem } from '../wallet-charges/charge-helpers';
import { api, mailsFor, newCreator, newFan, notificationsOf, ok, setPreference, type Account } from './notifications-world';

jest.setTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const follow = (fan: Account, creator: Account) => ok(api(server.app, 'POST', `/follows/${creator.user.id}`, fan.token));
const unfollow = (fan: Account, creator: Account) => ok(api(server.app, 'DELETE', `/follows/${creator.user.id}`, fan.token));
const like = (who: Account, objectType: string, objectId: string, on = true) =>
  ok(api(server.app, on ? 'POST' : 'DELETE', '/reactions', who.token, { objectType, objectId, action: 'like' }));
const comment = (who: Account, body: object) => ok<{ _id: string }>(api(server.app, 'POST', '/comments', who.token, body));
/** Moves a person's notifications back in time, as if they were written `hours` ago. */
const age = (userId: string, hours: number) =>
  server.app.db.update(tables.notifications).set({ createdAt: new Date(Date.now() - hours * 3_600_000) }).where(eq(tables.notifications.userId, userId));

describe('follower_new', () => {
  it('tells the creator who followed, once a day however often they follow, unfollow and follow again', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app, { name: 'Fiona Follow' });
    await follow(fan, creator);
    await follow(fan, creator);
    await unfollow(fan, creator);
    await follow(fan, creator);
    const rows = await notificationsOf(server.app, creator.user.id);
    expect(rows).toEqual([expect.objectContaining({ kind: 'follower_new', actorId: fan.user.id, link: '/creator/followers', data: {}, readAt: null })]);
    // A day later the same fan following again is news again; someone else at once.
    await age(creator.user.id, 25);
    await unfollow(fan, creator);
    await follow(fan, creator);
    const other = await newFan(server.app);
    await follow(other, creator);
    expect((await notificationsOf(server.app, creator.user.id)).map((n) => n.actorId)).toEqual([fan.user.id, fan.user.id, other.user.id]);
    // The fan is told nothing.
    expect(await notificationsOf(server.app, fan.user.id)).toEqual([]);
  });

  it('writes nothing when the creator switched the in-app channel of that kind off, or when the follow is refused', async () => {
    const creator = await newCreator(server.app);
    await setPreference(server.app, creator, 'follower_new', { inApp: false });
    await follow(await newFan(server.app), creator);
    expect(await notificationsOf(server.app, creator.user.id)).toEqual([]);

    const blocker = await newCreator(server.app);
    const blocked = await newFan(server.app);
    await ok(api(server.app, 'POST', '/block/users', blocker.token, { userId: blocked.user.id }));
    expect((await api(server.app, 'POST', `/follows/${blocker.user.id}`, blocked.token)).statusCode).toBe(403);
    expect(await notificationsOf(server.app, blocker.user.id)).toEqual([]);
  });

  it('mails only when the email channel is on (follower_new is off by default)', async () => {
    const creator = await newCreator(server.app, { name: 'Mara Mail', email: `mara-${Date.now()}@example.test` });
    await follow(await newFan(server.app, { name: 'Quiet Fan' }), creator);
    expect(await mailsFor(server.app, server.dataDir, creator.user.email!)).toEqual([]);
    await setPreference(server.app, creator, 'follower_new', { email: true });
    await follow(await newFan(server.app, { name: 'Loud Fan' }), creator);
    const mails = await mailsFor(server.app, server.dataDir, creator.user.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Loud Fan started following you');
    expect(mails[0].body).toContain('Hi Mara Mail,');
    expect(mails[0].body).toContain(`See your followers: ${server.config.webOrigin}/creator/followers`);
    expect(mails[0].body).toContain(`${server.config.webOrigin}/creator/account?tab=notifications`);
    expect(mails[0].body).toContain('“New followers”');
  });
});

describe('like_new', () => {
  it('tells the creator who liked which item, once a day per fan and item', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const post = await createItem(server.app, 'feed', creator.user.id, 'free');
    await server.app.db.update(tables.feeds).set({ text: '<p>Sunset <b>over</b> the bay</p>' }).where(eq(tables.feeds.id, post));
    const video = await createItem(server.app, 'video', creator.user.id, 'free');
    await like(fan, 'feed', post);
    await like(fan, 'feed', post, false);
    await like(fan, 'feed', post);
    await like(fan, 'video', video);
    const rows = await notificationsOf(server.app, creator.user.id);
    expect(rows.map((n) => [n.kind, n.actorId, n.link, n.data])).toEqual([
      ['like_new', fan.user.id, `/post/${post}`, { objectType: 'feed', title: 'Sunset over the bay' }],
      ['like_new', fan.user.id, `/video/${video}`, { objectType: 'video', title: 'a video' }],
    ]);
    // A bookmark is not a like.
    await ok(api(server.app, 'POST', '/reactions', fan.token, { objectType: 'gallery', objectId: await createItem(server.app, 'gallery', creator.user.id, 'free'), action: 'bookmark' }));
    expect(await notificationsOf(server.app, creator.user.id)).toHaveLength(2);
  });

  it('a refused like (locked item) tells nobody', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const locked = await createItem(server.app, 'feed', creator.user.id, 'sale', 5);
    expect((await api(server.app, 'POST', '/reactions', fan.token, { objectType: 'feed', objectId: locked, action: 'like' })).statusCode).toBe(403);
    expect(await notificationsOf(server.app, creator.user.id)).toEqual([]);
  });
});

describe('comment_new and comment_reply', () => {
  it('tells the creator of a comment and the parent\'s author of a reply, quoting the words', async () => {
    const creator = await newCreator(server.app);
    const fanA = await newFan(server.app);
    const fanB = await newFan(server.app);
    const video = await createItem(server.app, 'video', creator.user.id, 'free');
    const top = await comment(fanA, { objectType: 'video', objectId: video, text: '<p>What a <b>great</b> clip</p>' });
    await comment(fanB, { objectType: 'video', objectId: video, parentId: top._id, text: 'Agreed!' });
    // The creator answering: the fan hears of the reply; the creator is not told of their own words.
    await comment(creator, { objectType: 'video', objectId: video, parentId: top._id, text: 'Thank you both' });
    expect((await notificationsOf(server.app, creator.user.id)).map((n) => [n.kind, n.actorId, n.link, n.data])).toEqual([
      ['comment_new', fanA.user.id, `/video/${video}`, { objectType: 'video', title: 'What a great clip' }],
      ['comment_new', fanB.user.id, `/video/${video}`, { objectType: 'video', title: 'Agreed!' }],
    ]);
    expect((await notificationsOf(server.app, fanA.user.id)).map((n) => [n.kind, n.actorId, n.link, n.data])).toEqual([
      ['comment_reply', fanB.user.id, `/video/${video}`, { objectType: 'video', title: 'Agreed!' }],
      ['comment_reply', creator.user.id, `/video/${video}`, { objectType: 'video', title: 'Thank you both' }],
    ]);
    expect(await notificationsOf(server.app, fanB.user.id)).toEqual([]);
  });

  it('a creator replying to their own commenter\'s thread on their own item gets one notification, the reply', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const post = await createItem(server.app, 'feed', creator.user.id, 'free');
    const mine = await comment(creator, { objectType: 'feed', objectId: post, text: 'Questions welcome' });
    await comment(fan, { objectType: 'feed', objectId: post, parentId: mine._id, text: 'When is the next one?' });
    expect((await notificationsOf(server.app, creator.user.id)).map((n) => n.kind)).toEqual(['comment_reply']);
  });

  it('a creator who blocked the replier is not told of their reply (on another creator\'s item)', async () => {
    const host = await newCreator(server.app);
    const guest = await newCreator(server.app);
    const fan = await newFan(server.app);
    await ok(api(server.app, 'POST', '/block/users', guest.token, { userId: fan.user.id }));
    const post = await createItem(server.app, 'feed', host.user.id, 'free');
    const guestComment = await comment(guest, { objectType: 'feed', objectId: post, text: 'Lovely work' });
    await comment(fan, { objectType: 'feed', objectId: post, parentId: guestComment._id, text: 'Hi guest' });
    expect(await notificationsOf(server.app, guest.user.id)).toEqual([]);
    // The host, who did not block the fan, hears of both comments.
    expect((await notificationsOf(server.app, host.user.id)).map((n) => n.actorId)).toEqual([guest.user.id, fan.user.id]);
  });

  it('a refused comment (bad input, locked item) tells nobody', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const locked = await createItem(server.app, 'gallery', creator.user.id, 'subscribers');
    expect((await api(server.app, 'POST', '/comments', fan.token, { objectType: 'gallery', objectId: locked, text: 'hi' })).statusCode).toBe(403);
    const open = await createItem(server.app, 'gallery', creator.user.id, 'free');
    expect((await api(server.app, 'POST', '/comments', fan.token, { objectType: 'gallery', objectId: open, text: '<b></b>' })).statusCode).toBe(400);
    expect(await notificationsOf(server.app, creator.user.id)).toEqual([]);
  });
});

describe('notify rules', () => {
  it('tells nobody about their own action, nor a role the kind is not for, nor a deleted account', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    const admin = await createUserWithToken(server.app, { role: 'admin' });
    const gone = await newFan(server.app);
    await server.app.db.update(tables.users).set({ deletedAt: new Date() }).where(eq(tables.users.id, gone.user.id));
    await server.app.db.transaction(async (tx) => {
      await server.app.notifications.notify(tx, { userId: creator.user.id, kind: 'tip_received', actorId: creator.user.id, data: { amount: 1 } });
      await server.app.notifications.notify(tx, { userId: fan.user.id, kind: 'tip_received', actorId: creator.user.id, data: { amount: 1 } });
      await server.app.notifications.notify(tx, { userId: admin.user.id, kind: 'order_status', data: { status: 'shipped' } });
      await server.app.notifications.notify(tx, { userId: gone.user.id, kind: 'order_status', data: { status: 'shipped' } });
    });
    for (const who of [creator, fan, admin, gone]) expect(await notificationsOf(server.app, who.user.id)).toEqual([]);
  });

  it('a creator who blocked an account is told nothing it causes', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    await ok(api(server.app, 'POST', '/block/users', creator.token, { userId: fan.user.id }));
    await server.app.db.transaction((tx) =>
      server.app.notifications.notify(tx, { userId: creator.user.id, kind: 'tip_received', actorId: fan.user.id, data: { amount: 3 } }));
    expect(await notificationsOf(server.app, creator.user.id)).toEqual([]);
    await ok(api(server.app, 'DELETE', `/block/users/${fan.user.id}`, creator.token));
    await server.app.db.transaction((tx) =>
      server.app.notifications.notify(tx, { userId: creator.user.id, kind: 'tip_received', actorId: fan.user.id, data: { amount: 3 } }));
    expect(await notificationsOf(server.app, creator.user.id)).toHaveLength(1);
  });
});
