import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { entitlementsRepository } from '../../../src/server/modules/entitlements/entitlements.repository';
import type { SearchResults } from '../../../src/common/contract/search';
import { call, createFeed, uploaded, urlsIn, GB_IP, US_IP, type Caller } from '../feeds/feeds-world';

jest.setTimeout(120_000);

let server: TestServer;
const who: Record<string, Caller> = {};
const ids: Record<string, string> = {};
const post: Record<string, string> = {};
/** Body file ids of the subscribers-only post: no URL of theirs may reach a locked viewer. */
let lockedFileIds: string[] = [];

async function search(as: Caller, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return call(server.app, 'GET', `/search?${qs}`, as);
}
async function results(as: Caller, query: Record<string, string | number>): Promise<SearchResults> {
  const res = await search(as, query);
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
const postIds = (r: SearchResults) => r.posts!.data.map((p) => p._id);
const creatorNames = (r: SearchResults) => r.creators!.data.map((c) => c.username);

beforeAll(async () => {
  server = await startTestServer();
  const app = server.app;
  const creator = async (key: string, name: string, username: string, profile: Record<string, unknown> = {}) => {
    const made = await createPerformerWithToken(app, { name, username }, profile);
    ids[key] = made.user.id;
    who[key] = { token: made.token, ip: US_IP };
  };
  await creator('aurora', 'Aurora Lane', 'aurora', { bio: '<p>Sunsets and seaside walks</p>' });
  await creator('boreal', 'Boreal Sky', 'borealsky');
  await creator('blocker', 'Cora Block', 'corablock');
  await creator('viewerCreator', 'Vera Viewer', 'veraviewer');
  await creator('unverified', 'Una Verified', 'unaverified', { verificationStatus: 'pending' });
  const fan = await createUserWithToken(app);
  ids.fan = fan.user.id;
  who.fan = { token: fan.token, ip: US_IP };
  who.fanInGb = { token: fan.token, ip: GB_IP };
  const subscriber = await createUserWithToken(app);
  who.subscriber = { token: subscriber.token, ip: US_IP };
  const admin = await createUserWithToken(app, { role: 'admin' });
  who.admin = { token: admin.token, ip: US_IP };
  who.anonymous = { ip: US_IP };
  await entitlementsRepository.grantSubscription(app.db, {
    userId: subscriber.user.id, performerId: ids.aurora, type: 'monthly', expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });

  const photo = await uploaded(app, who.aurora, 'photo', 1);
  const lockedPhoto = await uploaded(app, who.aurora, 'photo', 2);
  lockedFileIds = [lockedPhoto._id];
  post.free = (await createFeed(app, who.aurora, { text: '<p>Golden hour at the beach #Sunset #BeachLife</p>', fileIds: [photo._id] }))._id;
  post.locked = (await createFeed(app, who.aurora, {
    text: '<p>Behind the scenes of the #sunset shoot</p>', access: 'subscribers', fileIds: [lockedPhoto._id],
  }))._id;
  post.scheduled = (await createFeed(app, who.aurora, {
    text: '<p>Tomorrow: #sunset special</p>', publishAt: new Date(Date.now() + 86_400_000).toISOString(),
  }))._id;
  post.draft = (await createFeed(app, who.aurora, { text: '<p>Draft #sunset</p>', status: 'draft' }))._id;
  post.hidden = (await createFeed(app, who.aurora, { text: '<p>Hidden #sunset</p>' }))._id;
  await app.db.update(tables.feeds).set({ hiddenAt: new Date(), hiddenReason: 'spam' }).where(eq(tables.feeds.id, post.hidden));
  post.lover = (await createFeed(app, who.boreal, { text: '<p>Evening glow #sunsetlover #sunsetlover</p>' }))._id;
  post.lover2 = (await createFeed(app, who.boreal, { text: '<p>Again #SunsetLover</p>' }))._id;
  post.lover3 = (await createFeed(app, who.boreal, { text: '<p>And again #sunsetlover</p>' }))._id;
  post.blocker = (await createFeed(app, who.blocker, { text: '<p>From Cora #sunset</p>' }))._id;
  post.viewerCreator = (await createFeed(app, who.viewerCreator, { text: '<p>From Vera #sunset</p>' }))._id;
  post.unverified = (await createFeed(app, who.unverified, { text: '<p>Unverified #sunset</p>' }))._id;
  post.beachOnce = (await createFeed(app, who.boreal, { text: '<p>A quiet day by the seashore, one beach walk</p>' }))._id;
  post.beachMany = (await createFeed(app, who.boreal, { text: '<p>Beach, beach and more beach: beach volleyball</p>' }))._id;
  // Cora blocks the fan's account and Great Britain; Vera blocks Boreal.
  await app.db.insert(tables.blockedUsers).values({ performerId: ids.blocker, userId: ids.fan });
  await app.db.insert(tables.blockedCountries).values({ performerId: ids.blocker, country: 'GB' });
  await app.db.insert(tables.blockedUsers).values({ performerId: ids.viewerCreator, userId: ids.boreal });
  await app.media.whenIdle();
});
afterAll(() => server.close());

describe('GET /search: posts by hashtag', () => {
  it('finds the published, visible posts carrying the tag, newest first, for a signed-out visitor', async () => {
    const r = await results(who.anonymous, { q: '#sunset', type: 'posts' });
    // Cora blocked nobody signed out here; Vera's post is visible; scheduled, draft, hidden and unverified are not.
    expect(postIds(r)).toEqual([post.viewerCreator, post.blocker, post.locked, post.free]);
    expect(r.posts!.total).toBe(4);
    expect(r).toMatchObject({ q: '#sunset', type: 'posts', creators: null, hashtags: null });
  });

  it('is case-insensitive and matches whole tags only (#sunset does not find #sunsetlover)', async () => {
    const r = await results(who.anonymous, { q: '#SUNSET', type: 'posts' });
    expect(postIds(r)).not.toContain(post.lover);
    expect(postIds(r)).toContain(post.free);
  });

  it('leaves out creators who blocked the viewer (account or country), both ways', async () => {
    expect(postIds(await results(who.fan, { q: '#sunset', type: 'posts' }))).not.toContain(post.blocker);
    expect(postIds(await results(who.fanInGb, { q: '#sunset', type: 'posts' }))).not.toContain(post.blocker);
    // Vera blocked Boreal: Boreal does not find Vera (her rule) and Vera does not find Boreal (the other way).
    expect(postIds(await results(who.boreal, { q: '#sunset', type: 'posts' }))).not.toContain(post.viewerCreator);
    const vera = await results(who.viewerCreator, { q: 'sunsetlover' });
    expect(postIds(vera)).toEqual([]);
    expect(creatorNames(await results(who.viewerCreator, { q: 'boreal', type: 'creators' }))).toEqual([]);
    expect(creatorNames(await results(who.fan, { q: 'boreal', type: 'creators' }))).toEqual(['borealsky']);
    expect(creatorNames(await results(who.fan, { q: 'cora', type: 'creators' }))).toEqual([]);
  });

  it('never shows scheduled or hidden posts, not even to their creator or an operator', async () => {
    for (const viewer of [who.aurora, who.admin]) {
      const found = postIds(await results(viewer, { q: '#sunset', type: 'posts', limit: 50 }));
      expect(found).not.toContain(post.scheduled);
      expect(found).not.toContain(post.draft);
      expect(found).not.toContain(post.hidden);
    }
  });

  it('shows unverified creators\' posts only while verification is not required', async () => {
    await server.app.settings.set({ requireCreatorVerification: false });
    try {
      expect(postIds(await results(who.fan, { q: '#sunset', type: 'posts' }))).toContain(post.unverified);
    } finally {
      await server.app.settings.set({ requireCreatorVerification: true });
    }
    expect(postIds(await results(who.fan, { q: '#sunset', type: 'posts' }))).not.toContain(post.unverified);
  });

  it('shows a locked post\'s text but never its files', async () => {
    const r = await results(who.fan, { q: '#sunset', type: 'posts' });
    const locked = r.posts!.data.find((p) => p._id === post.locked)!;
    expect(locked.text).toContain('Behind the scenes');
    expect(locked.isLocked).toBe(true);
    expect(locked.files).toHaveLength(1);
    expect(locked.files[0]).toMatchObject({ isLocked: true, url: null });
    const leaked = urlsIn(r).filter((u) => lockedFileIds.some((id) => u.includes(`/${id}/main.`)));
    expect(leaked).toEqual([]);
    // A subscriber opens it: the same search gives them the file.
    const open = (await results(who.subscriber, { q: '#sunset', type: 'posts' })).posts!.data.find((p) => p._id === post.locked)!;
    expect(open.isLocked).toBe(false);
    expect(open.files[0].url).toMatch(/\/main\./);
  });

  it('follows an edit: a removed tag no longer finds the post, a new one does', async () => {
    const made = await createFeed(server.app, who.boreal, { text: '<p>Edit me #before</p>' });
    expect(postIds(await results(who.fan, { q: '#before', type: 'posts' }))).toEqual([made._id]);
    const res = await call(server.app, 'PUT', `/performer/feeds/${made._id}`, who.boreal, { text: '<p>Edited #after</p>' });
    expect(res.statusCode).toBe(200);
    expect(postIds(await results(who.fan, { q: '#before', type: 'posts' }))).toEqual([]);
    expect(postIds(await results(who.fan, { q: '#after', type: 'posts' }))).toEqual([made._id]);
    const [row] = (await allRows(server.app, tables.feeds)).filter((f) => f.id === made._id);
    expect(row.hashtags).toEqual(['after']);
  });
});

describe('GET /search: posts by text, ranked', () => {
  it('ranks the post that says it more often first, and matches word prefixes', async () => {
    const r = await results(who.fan, { q: 'beach', type: 'posts' });
    // beachMany says "beach" four times, beachOnce once (ts_rank over the prefix: the free post's
    // "beach" and #BeachLife are two matching words, so it ranks high too).
    const found = postIds(r);
    expect(found).toHaveLength(3);
    expect(found).toEqual(expect.arrayContaining([post.beachMany, post.beachOnce, post.free]));
    expect(found.indexOf(post.beachMany)).toBeLessThan(found.indexOf(post.beachOnce));
    expect(postIds(await results(who.fan, { q: 'seash', type: 'posts' }))).toEqual([post.beachOnce]);
  });

  it('needs every word, ignores markup and treats tsquery syntax as text', async () => {
    expect(postIds(await results(who.fan, { q: 'quiet beach', type: 'posts' }))).toEqual([post.beachOnce]);
    expect(postIds(await results(who.fan, { q: 'quiet volleyball', type: 'posts' }))).toEqual([]);
    const res = await search(who.fan, { q: "beach & !(x | y):* '", type: 'posts' });
    expect(res.statusCode).toBe(200);
  });

  it('combines a tag and words', async () => {
    expect(postIds(await results(who.fan, { q: '#sunset golden', type: 'posts' }))).toEqual([post.free]);
  });
});

describe('GET /search: creators and hashtags', () => {
  it('finds a creator by a username prefix ("aur" finds aurora)', async () => {
    const r = await results(who.anonymous, { q: 'aur' });
    expect(creatorNames(r)).toEqual(['aurora']);
    expect(r.creators!.total).toBe(1);
  });

  it('lists hashtags by prefix with the number of posts the viewer may see, the exact tag first', async () => {
    const r = await results(who.anonymous, { q: 'sunset', type: 'hashtags' });
    // sunsetlover has 3 posts, sunset 4 visible ones (scheduled, draft, hidden, unverified not counted).
    expect(r.hashtags!.data).toEqual([{ tag: 'sunset', posts: 4 }, { tag: 'sunsetlover', posts: 3 }]);
    expect(r.hashtags!.total).toBe(2);
    const fan = await results(who.fan, { q: '#sun', type: 'hashtags' });
    expect(fan.hashtags!.data).toEqual([{ tag: 'sunset', posts: 3 }, { tag: 'sunsetlover', posts: 3 }]);
    expect((await results(who.anonymous, { q: 'beachl', type: 'hashtags' })).hashtags!.data).toEqual([{ tag: 'beachlife', posts: 1 }]);
  });

  it('answers every kind for type=all', async () => {
    const r = await results(who.anonymous, { q: 'sunset' });
    expect(r.type).toBe('all');
    expect(creatorNames(r)).toEqual(['aurora']);
    expect(r.posts!.total).toBeGreaterThan(0);
    expect(r.hashtags!.total).toBe(2);
  });
});

describe('GET /search: paging', () => {
  it('pages posts with offset and limit, never repeating or skipping one', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) made.push((await createFeed(server.app, who.boreal, { text: `<p>Paged ${i} #pagingtest</p>` }))._id);
    const pages = await Promise.all([0, 2, 4].map((offset) => results(who.fan, { q: '#pagingtest', type: 'posts', offset, limit: 2 })));
    expect(pages.map((p) => p.posts!.total)).toEqual([5, 5, 5]);
    expect(pages.map((p) => p.posts!.data.length)).toEqual([2, 2, 1]);
    expect(new Set(pages.flatMap(postIds))).toEqual(new Set(made));
  });
});

describe('GET /search: bad input', () => {
  const cases: [string, Record<string, string | number>, RegExp][] = [
    ['no q', {}, /q/],
    ['an empty q', { q: '' }, /q/],
    ['a q of spaces', { q: '   ' }, /q/],
    ['one letter', { q: 'a' }, /at least 2 letters or digits/],
    ['only punctuation', { q: '#!?' }, /at least 2 letters or digits/],
    ['a q over 100 characters', { q: 'x'.repeat(101) }, /q/],
    ['an unknown type', { q: 'sunset', type: 'videos' }, /type/],
    ['limit 0', { q: 'sunset', limit: 0 }, /limit/],
    ['limit 101', { q: 'sunset', limit: 101 }, /limit/],
    ['a negative offset', { q: 'sunset', offset: -1 }, /offset/],
    ['an unknown parameter', { q: 'sunset', tag: 'x' }, /.+/],
  ];
  it.each(cases)('%s is a 400 with a message', async (_name, query, message) => {
    const res = await search(who.fan, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});
