import { eq } from 'drizzle-orm';
import { createFeedsService } from '../../../src/server/modules/feeds/feeds.service';
import { tables } from '../../support/db';
import type { TestServer } from '../../support/server';
import { enableLive, goLive, startStreamingServer } from '../streaming/streaming-world';
import { api, grantSubscription, mailsFor, newCreator, newFan, notificationsOf, ok, setPreference, type Account } from './notifications-world';

jest.setTimeout(90_000);

let server: TestServer;
beforeAll(async () => {
  server = await startStreamingServer();
  await enableLive(server.app);
});
afterAll(() => server.close());

const post = (creator: Account, body: object) => ok<{ _id: string }>(api(server.app, 'POST', '/performer/feeds', creator.token, { access: 'free', ...body }));
const announceDue = () => createFeedsService(server.app).announceDue();
const told = async (accounts: Account[], kind: string) => {
  const out: string[] = [];
  for (const a of accounts) if ((await notificationsOf(server.app, a.user.id)).some((n) => n.kind === kind)) out.push(a.user.username!);
  return out;
};

/** A creator and fans in every relation: who must be told and who must not. */
async function audience() {
  const creator = await newCreator(server.app, { name: 'Poppy Post' });
  const make = (name: string) => newFan(server.app, { username: `${name}_${Math.random().toString(36).slice(2, 8)}` });
  const subscriber = await make('subscriber');
  const cancelled = await make('cancelled');
  const expired = await make('expired');
  const follower = await make('follower');
  const quiet = await make('quiet');
  const blocked = await make('blocked');
  const mailed = await make('mailed');
  for (const fan of [subscriber, cancelled, quiet, blocked, mailed]) await grantSubscription(server.app, fan, creator);
  await server.app.db.update(tables.subscriptions).set({ status: 'cancelled' }).where(eq(tables.subscriptions.userId, cancelled.user.id));
  await grantSubscription(server.app, expired, creator, true);
  await ok(api(server.app, 'POST', `/follows/${creator.user.id}`, follower.token));
  await setPreference(server.app, quiet, 'creator_posted', { inApp: false });
  await setPreference(server.app, quiet, 'creator_live', { inApp: false });
  await setPreference(server.app, mailed, 'creator_posted', { email: true });
  await ok(api(server.app, 'POST', '/block/users', creator.token, { userId: blocked.user.id }));
  return { creator, everyone: [subscriber, cancelled, expired, follower, quiet, blocked, mailed], subscriber, cancelled, mailed };
}

describe('creator_posted', () => {
  it('a post published now tells the subscribers with access, and nobody else', async () => {
    const { creator, everyone, subscriber, cancelled, mailed } = await audience();
    const { _id: id } = await post(creator, { text: '<p>New <b>set</b> is up</p>' });
    const names = await told(everyone, 'creator_posted');
    expect(names.sort()).toEqual([subscriber, cancelled, mailed].map((a) => a.user.username).sort());
    const [row] = await notificationsOf(server.app, subscriber.user.id);
    expect(row).toMatchObject({ kind: 'creator_posted', actorId: creator.user.id, link: `/post/${id}`, data: { objectType: 'feed', title: 'New set is up' } });
    expect((await notificationsOf(server.app, creator.user.id)).map((n) => n.kind)).toEqual(['follower_new']);
    // Only the fan who switched that email on gets a mail.
    const mails = await mailsFor(server.app, server.dataDir, mailed.user.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('Poppy Post posted: “New set is up”');
    expect(mails[0].body).toContain(`See the post: ${server.config.webOrigin}/post/${id}`);
    expect(await mailsFor(server.app, server.dataDir, subscriber.user.email!)).toEqual([]);
    // The post counts as announced: the minute job does not tell them again.
    await announceDue();
    expect(await notificationsOf(server.app, subscriber.user.id)).toHaveLength(1);
  });

  it('a scheduled post is announced by the minute job once its time comes, once', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    await grantSubscription(server.app, fan, creator);
    const { _id: id } = await post(creator, { text: 'Coming soon', publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    await announceDue();
    expect(await notificationsOf(server.app, fan.user.id)).toEqual([]);
    await server.app.db.update(tables.feeds).set({ publishAt: new Date(Date.now() - 60_000) }).where(eq(tables.feeds.id, id));
    expect(await announceDue()).toBeGreaterThanOrEqual(1);
    expect(await announceDue()).toBe(0);
    expect((await notificationsOf(server.app, fan.user.id)).map((n) => [n.kind, n.link])).toEqual([['creator_posted', `/post/${id}`]]);
  });

  it('a draft is announced when it is published, not before; a post due long ago (written outside the API) is not announced late', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    await grantSubscription(server.app, fan, creator);
    const draft = await post(creator, { text: 'Work in progress', status: 'draft' });
    await announceDue();
    expect(await notificationsOf(server.app, fan.user.id)).toEqual([]);
    await ok(api(server.app, 'PUT', `/performer/feeds/${draft._id}`, creator.token, { status: 'active' }));
    await announceDue();
    expect((await notificationsOf(server.app, fan.user.id)).map((n) => n.link)).toEqual([`/post/${draft._id}`]);

    const [old] = await server.app.db.insert(tables.feeds)
      .values({ performerId: creator.user.id, text: 'imported', access: 'free', publishAt: new Date(Date.now() - 3 * 86_400_000) }).returning();
    await announceDue();
    expect(await notificationsOf(server.app, fan.user.id)).toHaveLength(1);
    expect((await server.app.db.select().from(tables.feeds).where(eq(tables.feeds.id, old.id)))[0].announcedAt).not.toBeNull();
  });

  it('a refused post (bad input) tells nobody', async () => {
    const creator = await newCreator(server.app);
    const fan = await newFan(server.app);
    await grantSubscription(server.app, fan, creator);
    expect((await api(server.app, 'POST', '/performer/feeds', creator.token, { access: 'free', text: '' })).statusCode).toBe(400);
    expect((await api(server.app, 'POST', '/performer/feeds', creator.token, { access: 'sale', price: 100_000, text: 'too dear' })).statusCode).toBe(422);
    await announceDue();
    expect(await notificationsOf(server.app, fan.user.id)).toEqual([]);
  });
});

describe('creator_live', () => {
  it('going live tells the subscribers with access once per stream', async () => {
    const { creator, everyone, subscriber, cancelled, mailed } = await audience();
    await goLive(server.app, creator, { title: 'Studio Q&A', access: 'free' });
    // Asked again while running: the same stream, nobody told twice.
    await goLive(server.app, creator);
    expect((await told(everyone, 'creator_live')).sort()).toEqual([subscriber, cancelled, mailed].map((a) => a.user.username).sort());
    expect((await notificationsOf(server.app, subscriber.user.id)).map((n) => [n.kind, n.actorId, n.link, n.data])).toEqual([
      ['creator_live', creator.user.id, `/streaming/${creator.user.id}`, { title: 'Studio Q&A' }],
    ]);
  });
});
