import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, createUserWithToken, tables } from '../../support/db';
import { storedMediaKeys } from '../../support/media-fixtures';
import type { Feed } from '../../../src/common/contract/feeds';
import { createFeedsService } from '../../../src/server/modules/feeds/feeds.service';
import {
  buildPeople, call, createFeed, createPoll, feedSnapshot, jpeg, upload, uploaded, video, type People,
} from './feeds-world';

jest.setTimeout(120_000);

let server: TestServer;
let people: People;
beforeAll(async () => {
  server = await startTestServer();
  people = await buildPeople(server.app);
});
afterAll(async () => {
  await server.app.media.whenIdle();
  await server.close();
});

const owner = () => people.callers.owner;
const other = () => people.callers.otherCreator;
const creatorRow = async (id = people.creatorId) => (await allRows(server.app, tables.performers)).find((p) => p.userId === id)!;
const creatorUser = async () => (await allRows(server.app, tables.users)).find((u) => u.id === people.creatorId)!;
const feedRow = async (id: string) => (await allRows(server.app, tables.feeds)).find((f) => f.id === id);
const mediaIds = async () => new Set((await allRows(server.app, tables.mediaFiles)).map((m) => m.id));

/** The request is refused with this status and message, and nothing is written. */
async function refused(request: () => Promise<{ statusCode: number; json(): { message: string; details?: unknown } }>, status: number, message?: string | RegExp) {
  const before = await feedSnapshot(server.app);
  const res = await request();
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.message).toEqual(expect.any(String));
  if (message) expect(body.message).toMatch(message);
  expect(await feedSnapshot(server.app)).toEqual(before);
  return body;
}

describe('uploads', () => {
  it('takes each kind through app.media with its purpose and answers the file view', async () => {
    const photo = await uploaded(server.app, owner(), 'photo');
    expect(photo).toMatchObject({ type: 'feed-photo', kind: 'image', status: 'ready', isLocked: false });
    expect(photo.url).toMatch(/\/files\/media\//);
    expect((await uploaded(server.app, owner(), 'thumbnail')).type).toBe('feed-thumbnail');
    const clip = await uploaded(server.app, owner(), 'video');
    expect(clip).toMatchObject({ type: 'feed-video', kind: 'video' });
    expect(['pending', 'processing', 'ready']).toContain(clip.status);
    expect((await uploaded(server.app, owner(), 'teaser')).type).toBe('feed-teaser');
    expect((await uploaded(server.app, owner(), 'audio')).type).toBe('feed-audio');
    await server.app.media.whenIdle();
  });

  it('lets the composer follow processing through the owner-only status route', async () => {
    const clip = await uploaded(server.app, owner(), 'video');
    await server.app.media.whenIdle();
    const res = await call(server.app, 'GET', `/performer/feeds/files/${clip._id}/status`, owner());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: clip._id, status: 'ready', failureReason: null });
    expect((await call(server.app, 'GET', `/performer/feeds/files/${clip._id}/status`, other())).statusCode).toBe(404);
    expect((await call(server.app, 'GET', `/performer/feeds/files/${clip._id}/status`, people.callers.fan)).statusCode).toBe(403);
    expect((await call(server.app, 'GET', '/performer/feeds/files/nope/status', owner())).statusCode).toBe(400);
  });

  it('refuses the wrong kind of file, fans and signed-out callers, and stores nothing', async () => {
    const before = await mediaIds();
    const cases: [string, Buffer, string][] = [
      ['photo', await video(), 'clip.mp4'],
      ['video', await jpeg(), 'pic.jpg'],
      ['audio', await jpeg(), 'pic.jpg'],
      ['teaser', Buffer.from('<html>not a video</html>'), 'x.mp4'],
    ];
    for (const [kind, content, name] of cases) {
      const res = await upload(server.app, owner(), kind, content, name);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/must be/);
    }
    expect((await upload(server.app, people.callers.fan, 'photo', await jpeg(), 'a.jpg')).statusCode).toBe(403);
    expect((await upload(server.app, people.callers.signedOut, 'photo', await jpeg(), 'a.jpg')).statusCode).toBe(401);
    expect(await mediaIds()).toEqual(before);
  });
});

describe('creating posts', () => {
  it('creates a photo post with files in order, thumbnail, teaser and sanitised text', async () => {
    const [a, b] = [await uploaded(server.app, owner(), 'photo', 1), await uploaded(server.app, owner(), 'photo', 2)];
    const thumb = await uploaded(server.app, owner(), 'thumbnail');
    const teaser = await uploaded(server.app, owner(), 'teaser');
    const before = (await creatorRow()).totalPosts;
    const feed = await createFeed(server.app, owner(), {
      text: '<p>Hello <b>fans</b><script>alert(1)</script></p>', fileIds: [b._id, a._id], thumbnailId: thumb._id, teaserId: teaser._id,
    });
    expect(feed).toMatchObject({ type: 'photo', text: '<p>Hello <b>fans</b></p>', isLocked: false, unlockedBy: 'owner', isPinned: false, status: 'active', isScheduled: false });
    expect(feed.files.map((f) => f._id)).toEqual([b._id, a._id]);
    expect(feed.thumbnail?._id).toBe(thumb._id);
    expect(feed.teaser?._id).toBe(teaser._id);
    expect(feed.performer._id).toBe(people.creatorId);
    expect((await creatorRow()).totalPosts).toBe(before + 1);
    await server.app.media.whenIdle();
  });

  it('derives the type from what the post holds', async () => {
    const clip = await uploaded(server.app, owner(), 'video');
    const photo = await uploaded(server.app, owner(), 'photo');
    const song = await uploaded(server.app, owner(), 'audio');
    const poll = await createPoll(server.app, owner());
    expect((await createFeed(server.app, owner(), { fileIds: [photo._id, clip._id] })).type).toBe('video');
    expect((await createFeed(server.app, owner(), { fileIds: [song._id], pollId: poll._id })).type).toBe('audio');
    expect((await createFeed(server.app, owner(), { pollId: (await createPoll(server.app, owner()))._id })).type).toBe('poll');
    expect((await createFeed(server.app, owner(), { text: 'Just words' })).type).toBe('text');
    await server.app.media.whenIdle();
  });

  it('keeps drafts and scheduled posts as such; total_posts counts published posts, a scheduled one from its time', async () => {
    const before = (await creatorRow()).totalPosts;
    const draft = await createFeed(server.app, owner(), { text: 'draft', status: 'draft' });
    expect(draft.status).toBe('draft');
    expect((await creatorRow()).totalPosts).toBe(before);
    const later = new Date(Date.now() + 3_600_000);
    const scheduled = await createFeed(server.app, owner(), { text: 'later', publishAt: later.toISOString() });
    expect(scheduled).toMatchObject({ isScheduled: true, publishAt: later.toISOString() });
    // Fans cannot see it yet, so the profile's count does not promise it.
    expect((await creatorRow()).totalPosts).toBe(before);
    expect((await call(server.app, 'GET', `/performers/${(await creatorUser()).username}`, people.callers.stranger)).json().data.stats.posts).toBe(before);

    // Its time comes: the minute job (feeds.routes.ts) recounts the creators whose posts came due.
    await server.app.db.update(tables.feeds).set({ publishAt: new Date(Date.now() - 1000) }).where(eq(tables.feeds.id, scheduled._id));
    const feeds = createFeedsService(server.app);
    expect(await feeds.countPublished(new Date(Date.now() - 60_000), new Date())).toBe(1);
    expect((await creatorRow()).totalPosts).toBe(before + 1);
    // A window without due posts changes nobody.
    expect(await feeds.countPublished(new Date(Date.now() - 120_000), new Date(Date.now() - 60_000))).toBe(0);
  });

  it('stores a price for sale in cents and refuses one out of bounds with 422', async () => {
    const feed = await createFeed(server.app, owner(), { text: 'for sale', access: 'sale', price: 4.99 });
    expect(feed).toMatchObject({ access: 'sale', price: 4.99 });
    expect((await feedRow(feed._id))!.priceCents).toBe(499);
    for (const price of [0.5, 5000, undefined]) {
      await refused(() => call(server.app, 'POST', '/performer/feeds', owner(), { text: 'x', access: 'sale', price }), 422, /Price must be between/);
    }
  });

  it('refuses bad input with a readable 400 and writes nothing', async () => {
    const photo = await uploaded(server.app, owner(), 'photo');
    const thumb = await uploaded(server.app, owner(), 'thumbnail');
    const post = (body: object) => () => call(server.app, 'POST', '/performer/feeds', owner(), { access: 'free', ...body });
    await refused(post({}), 400, 'A post needs text, at least one file or a poll');
    await refused(post({ text: '<b> </b><script>x</script>' }), 400, 'A post needs text, at least one file or a poll');
    await refused(post({ text: 'a'.repeat(5001) }), 400, 'Text must be at most 5000 characters');
    await refused(post({ text: 'x', colour: 'red' }), 400);
    await refused(post({ text: 'x', fileIds: ['nope'] }), 400);
    await refused(post({ text: 'x', access: 'everyone' }), 400);
    await refused(post({ text: 'x', fileIds: [photo._id, photo._id] }), 400);
    await refused(post({ text: 'x', fileIds: ['00000000-0000-4000-8000-000000000000'] }), 400, 'This file does not exist or is not one of your post uploads');
    // A thumbnail is not a body file, and a photo is not a thumbnail.
    const body = await refused(post({ text: 'x', fileIds: [photo._id, thumb._id] }), 400);
    expect(body.details).toEqual([{ field: 'fileIds.1', message: 'This file does not exist or is not one of your post uploads' }]);
    await refused(post({ text: 'x', thumbnailId: photo._id }), 400, /thumbnail does not exist/);
    await refused(post({ text: 'x', teaserId: thumb._id }), 400, /teaser does not exist/);
    await refused(post({ pollId: '00000000-0000-4000-8000-000000000000' }), 400, 'This poll does not exist or is not yours');
  });

  it('refuses another creator\'s files and polls (400) and files already in another post', async () => {
    const theirs = await uploaded(server.app, other(), 'photo');
    const theirThumb = await uploaded(server.app, other(), 'thumbnail');
    const theirPoll = await createPoll(server.app, other());
    const post = (body: object) => () => call(server.app, 'POST', '/performer/feeds', owner(), { access: 'free', text: 'x', ...body });
    await refused(post({ fileIds: [theirs._id] }), 400, 'This file does not exist or is not one of your post uploads');
    await refused(post({ thumbnailId: theirThumb._id }), 400);
    await refused(post({ pollId: theirPoll._id }), 400, 'This poll does not exist or is not yours');

    const mine = await uploaded(server.app, owner(), 'photo');
    const thumb = await uploaded(server.app, owner(), 'thumbnail');
    const poll = await createPoll(server.app, owner());
    await createFeed(server.app, owner(), { fileIds: [mine._id], thumbnailId: thumb._id, pollId: poll._id });
    await refused(post({ fileIds: [mine._id] }), 400, 'This file is already part of another post');
    await refused(post({ thumbnailId: thumb._id }), 400, 'This thumbnail is already used by another post');
    await refused(post({ pollId: poll._id }), 400, 'This poll is already used by another post');
  });

  it('is for creators only', async () => {
    await refused(() => call(server.app, 'POST', '/performer/feeds', people.callers.fan, { access: 'free', text: 'x' }), 403);
    await refused(() => call(server.app, 'POST', '/performer/feeds', people.callers.signedOut, { access: 'free', text: 'x' }), 401);
    await refused(() => call(server.app, 'POST', '/performer/feeds/polls', people.callers.fan, { options: ['a', 'b'] }), 403);
    for (const url of ['/performer/feeds', `/performer/feeds/${people.creatorId}`]) {
      expect((await call(server.app, 'GET', url, people.callers.fan)).statusCode).toBe(403);
    }
  });
});

describe('editing and deleting', () => {
  let feed: Feed;
  beforeEach(async () => {
    const [a, b] = [await uploaded(server.app, owner(), 'photo', 3), await uploaded(server.app, owner(), 'photo', 4)];
    feed = await createFeed(server.app, owner(), { text: 'original', fileIds: [a._id, b._id], thumbnailId: (await uploaded(server.app, owner(), 'thumbnail'))._id });
  });

  it('changes only the fields given; a new file list replaces the old and deletes the dropped files', async () => {
    const [a, b] = feed.files;
    const c = await uploaded(server.app, owner(), 'photo', 5);
    const keysBefore = await storedMediaKeys(server.dataDir);
    expect(keysBefore.some((k) => k.includes(a._id))).toBe(true);
    const res = await call(server.app, 'PUT', `/performer/feeds/${feed._id}`, owner(), { fileIds: [c._id, b._id] });
    expect(res.statusCode).toBe(200);
    const edited: Feed = res.json().data;
    expect(edited.text).toBe('original');
    expect(edited.files.map((f) => f._id)).toEqual([c._id, b._id]);
    expect(await mediaIds()).not.toContain(a._id);
    expect((await storedMediaKeys(server.dataDir)).some((k) => k.includes(a._id))).toBe(false);

    const res2 = await call(server.app, 'PUT', `/performer/feeds/${feed._id}`, owner(), { text: '<i>new words</i>', thumbnailId: null });
    expect(res2.json().data).toMatchObject({ text: '<i>new words</i>', thumbnail: null });
    expect(await mediaIds()).not.toContain(feed.thumbnail!._id);
  });

  it('keeps a published post\'s time on edit, publishes a draft now and reschedules on request', async () => {
    const put = async (body: object) => (await call(server.app, 'PUT', `/performer/feeds/${feed._id}`, owner(), body)).json().data as Feed;
    const edited = await put({ text: 'again', access: 'free', status: 'active', publishAt: null });
    expect(edited.publishAt).toBe(feed.publishAt);
    await put({ status: 'draft' });
    const republished = await put({ status: 'active', publishAt: null });
    expect(Date.parse(republished.publishAt)).toBeGreaterThan(Date.parse(feed.publishAt));
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect(await put({ publishAt: later })).toMatchObject({ isScheduled: true, publishAt: later });
    const now = await put({ publishAt: null });
    expect(now.isScheduled).toBe(false);
  });

  it('changes access and price, with the price bounds', async () => {
    const put = (body: object) => call(server.app, 'PUT', `/performer/feeds/${feed._id}`, owner(), body);
    expect((await put({ access: 'sale', price: 12.5 })).json().data).toMatchObject({ access: 'sale', price: 12.5 });
    expect((await put({ price: 3 })).json().data).toMatchObject({ access: 'sale', price: 3 });
    expect((await put({ text: 'still for sale' })).json().data).toMatchObject({ access: 'sale', price: 3 });
    await refused(() => put({ price: 0.01 }), 422);
    await refused(() => put({ access: 'sale', price: 99999 }), 422);
    expect((await put({ access: 'subscribers' })).json().data).toMatchObject({ access: 'subscribers', price: 0 });
  });

  it('refuses an edit that would leave the post empty, and bad input, writing nothing', async () => {
    const put = (body: object) => () => call(server.app, 'PUT', `/performer/feeds/${feed._id}`, owner(), body);
    await refused(put({ text: '', fileIds: [] }), 400, 'A post needs text, at least one file or a poll');
    await refused(put({ fileIds: ['00000000-0000-4000-8000-000000000000'] }), 400);
    await refused(put({ isPinned: 'yes' }), 400);
    await refused(put({ extra: 1 }), 400);
    await refused(() => call(server.app, 'PUT', '/performer/feeds/not-a-uuid', owner(), { text: 'x' }), 400);
  });

  it('gives another creator 404 on every route of someone else\'s post, changing nothing', async () => {
    await refused(() => call(server.app, 'PUT', `/performer/feeds/${feed._id}`, other(), { text: 'mine now' }), 404, 'Post not found');
    await refused(() => call(server.app, 'DELETE', `/performer/feeds/${feed._id}`, other()), 404, 'Post not found');
    await refused(() => call(server.app, 'GET', `/performer/feeds/${feed._id}`, other()), 404);
    await refused(() => call(server.app, 'PUT', `/performer/feeds/${feed._id}`, people.callers.fan, { text: 'x' }), 403);
    await refused(() => call(server.app, 'DELETE', `/performer/feeds/${feed._id}`, people.callers.fan), 403);
  });

  it('deletes the post with its files, poll, comments and reactions; likes leave the creator\'s total', async () => {
    const poll = await createPoll(server.app, owner());
    const put = await call(server.app, 'PUT', `/performer/feeds/${feed._id}`, owner(), { pollId: poll._id });
    expect(put.json().data.poll._id).toBe(poll._id);
    const fan = people.callers.fan;
    expect((await call(server.app, 'POST', '/reactions', fan, { objectType: 'feed', objectId: feed._id, action: 'like' })).statusCode).toBe(200);
    expect((await call(server.app, 'POST', '/reactions', fan, { objectType: 'feed', objectId: feed._id, action: 'bookmark' })).statusCode).toBe(200);
    expect((await call(server.app, 'POST', '/comments', fan, { objectType: 'feed', objectId: feed._id, text: 'Nice!' })).statusCode).toBe(200);
    expect((await call(server.app, 'POST', `/user/feeds/vote/${poll._id}`, fan, { optionId: poll.options[0]._id })).statusCode).toBe(200);
    const { totalLikes, totalPosts } = await creatorRow();
    const fileIds = [...feed.files.map((f) => f._id), feed.thumbnail!._id];

    const res = await call(server.app, 'DELETE', `/performer/feeds/${feed._id}`, owner());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });
    expect(await feedRow(feed._id)).toBeUndefined();
    const media = await mediaIds();
    for (const id of fileIds) expect(media).not.toContain(id);
    expect((await storedMediaKeys(server.dataDir)).filter((k) => fileIds.some((id) => k.includes(id)))).toEqual([]);
    expect((await allRows(server.app, tables.polls)).find((p) => p.id === poll._id)).toBeUndefined();
    expect((await allRows(server.app, tables.pollVotes)).filter((v) => v.pollId === poll._id)).toEqual([]);
    expect((await allRows(server.app, tables.reactions)).filter((r) => r.objectId === feed._id)).toEqual([]);
    expect((await allRows(server.app, tables.comments)).filter((c) => c.objectId === feed._id)).toEqual([]);
    expect(await creatorRow()).toMatchObject({ totalLikes: totalLikes - 1, totalPosts: totalPosts - 1 });
    expect((await call(server.app, 'GET', `/user/feeds/${feed._id}`, fan)).statusCode).toBe(404);
  });

  it('replacing the poll deletes the old one', async () => {
    const first = await createPoll(server.app, owner());
    const second = await createPoll(server.app, owner());
    await call(server.app, 'PUT', `/performer/feeds/${feed._id}`, owner(), { pollId: first._id });
    const res = await call(server.app, 'PUT', `/performer/feeds/${feed._id}`, owner(), { pollId: second._id });
    expect(res.json().data.poll._id).toBe(second._id);
    const ids = (await allRows(server.app, tables.polls)).map((p) => p.id);
    expect(ids).not.toContain(first._id);
    expect(ids).toContain(second._id);
  });
});

describe('pinning', () => {
  it('pins at most 3 posts per creator (422 beyond) and lists pinned first', async () => {
    const { user, token } = await createUserWithToken(server.app, { role: 'performer' });
    await server.app.db.insert(tables.performers).values({ userId: user.id, createdAt: user.createdAt });
    const creator = { token, ip: people.callers.owner.ip };
    const posts: Feed[] = [];
    for (let i = 0; i < 5; i += 1) posts.push(await createFeed(server.app, creator, { text: `post ${i}`, isPinned: i < 3 }));
    expect(posts.map((p) => p.isPinned)).toEqual([true, true, true, false, false]);
    await refused(() => call(server.app, 'POST', '/performer/feeds', creator, { access: 'free', text: 'fourth', isPinned: true }), 422, 'You can pin at most 3 posts: unpin one first');
    await refused(() => call(server.app, 'PUT', `/performer/feeds/${posts[4]._id}`, creator, { isPinned: true }), 422);
    // Re-pinning a pinned post is not a fourth pin.
    expect((await call(server.app, 'PUT', `/performer/feeds/${posts[0]._id}`, creator, { isPinned: true })).statusCode).toBe(200);
    expect((await call(server.app, 'PUT', `/performer/feeds/${posts[1]._id}`, creator, { isPinned: false })).json().data.isPinned).toBe(false);
    expect((await call(server.app, 'PUT', `/performer/feeds/${posts[4]._id}`, creator, { isPinned: true })).json().data.isPinned).toBe(true);

    const list = (await call(server.app, 'GET', `/user/feeds/search/${user.username}`, people.callers.stranger)).json().data;
    expect(list.total).toBe(5);
    expect(list.data.map((f: Feed) => f.text)).toEqual(['post 4', 'post 2', 'post 0', 'post 3', 'post 1']);
  });

  it('keeps the limit when pins race (one creator\'s writes are serialised)', async () => {
    const { user, token } = await createUserWithToken(server.app, { role: 'performer' });
    await server.app.db.insert(tables.performers).values({ userId: user.id, createdAt: user.createdAt });
    const creator = { token, ip: people.callers.owner.ip };
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) =>
      call(server.app, 'POST', '/performer/feeds', creator, { access: 'free', text: `race ${i}`, isPinned: true })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(3);
    expect((await allRows(server.app, tables.feeds)).filter((f) => f.performerId === user.id && f.isPinned)).toHaveLength(3);
    expect((await creatorRow(user.id)).totalPosts).toBe(3);
  });
});

describe('the creator\'s own list', () => {
  it('lists own posts with drafts and scheduled, filtered by text, type and status', async () => {
    const { user, token } = await createUserWithToken(server.app, { role: 'performer' });
    await server.app.db.insert(tables.performers).values({ userId: user.id, createdAt: user.createdAt });
    const creator = { token, ip: people.callers.owner.ip };
    const photo = await uploaded(server.app, creator, 'photo');
    await createFeed(server.app, creator, { text: '<p>Beach <b>day</b></p>', fileIds: [photo._id] });
    await createFeed(server.app, creator, { text: 'Secret draft', status: 'draft' });
    await createFeed(server.app, creator, { text: 'Coming soon', publishAt: new Date(Date.now() + 86_400_000).toISOString() });
    await createFeed(server.app, creator, { pollId: (await createPoll(server.app, creator))._id });
    const list = async (query: string) => {
      const res = await call(server.app, 'GET', `/performer/feeds${query}`, creator);
      expect(res.statusCode).toBe(200);
      return res.json().data as { data: Feed[]; total: number };
    };
    expect((await list('')).total).toBe(4);
    expect((await list('?q=beach')).data.map((f) => f.type)).toEqual(['photo']);
    // Markup is not text: "b" matches no word here.
    expect((await list('?q=%3Cb%3E')).total).toBe(0);
    expect((await list('?type=poll')).total).toBe(1);
    expect((await list('?status=draft')).data.map((f) => f.text)).toEqual(['Secret draft']);
    expect((await list('?status=scheduled')).data.map((f) => f.text)).toEqual(['Coming soon']);
    expect((await list('?status=published')).total).toBe(2);
    expect((await list('?sortBy=createdAt&sort=asc&limit=1')).data[0].type).toBe('photo');
    expect((await call(server.app, 'GET', '/performer/feeds?status=live', creator)).statusCode).toBe(400);
    expect((await call(server.app, 'GET', '/performer/feeds?limit=500', creator)).statusCode).toBe(400);
    const one = (await list('?type=photo')).data[0];
    expect((await call(server.app, 'GET', `/performer/feeds/${one._id}`, creator)).json().data._id).toBe(one._id);
  });
});
