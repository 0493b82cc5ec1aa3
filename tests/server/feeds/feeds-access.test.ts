import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { allRows, tables } from '../../support/db';
import { NOT_AVAILABLE_MESSAGE } from '../../../src/common/contract/social';
import type { Feed } from '../../../src/common/contract/feeds';
import {
  buildPeople, call, createFeed, createPoll, grantPurchase, uploaded, urlsIn, type People, type Who,
} from './feeds-world';

jest.setTimeout(120_000);

let server: TestServer;
let people: People;
let username: string;
/** One post per access level, each with a photo, a video, a thumbnail and a teaser; plus a draft and a scheduled post. */
const posts: Record<'free' | 'subscribers' | 'sale' | 'draft' | 'scheduled', Feed> = {} as never;
/** Keys (`media/<owner>/<file>/main.*`) of every body file: none may reach a locked viewer. */
const mainFileIds = new Map<string, string[]>();

beforeAll(async () => {
  server = await startTestServer();
  people = await buildPeople(server.app);
  username = (await allRows(server.app, tables.users)).find((u) => u.id === people.creatorId)!.username!;
  const owner = people.callers.owner;
  const make = async (body: Record<string, unknown>, seed: number) => {
    const photo = await uploaded(server.app, owner, 'photo', seed);
    const clip = await uploaded(server.app, owner, 'video');
    const thumb = await uploaded(server.app, owner, 'thumbnail', seed + 100);
    const teaser = await uploaded(server.app, owner, 'teaser');
    const feed = await createFeed(server.app, owner, { text: `post ${seed}`, fileIds: [photo._id, clip._id], thumbnailId: thumb._id, teaserId: teaser._id, ...body });
    mainFileIds.set(feed._id, [photo._id, clip._id]);
    return feed;
  };
  posts.free = await make({ access: 'free' }, 1);
  posts.subscribers = await make({ access: 'subscribers' }, 2);
  posts.sale = await make({ access: 'sale', price: 5 }, 3);
  posts.draft = await make({ status: 'draft' }, 4);
  posts.scheduled = await make({ publishAt: new Date(Date.now() + 86_400_000).toISOString() }, 5);
  await grantPurchase(server.app, people.ids.buyer!, posts.sale._id);
  await server.app.media.whenIdle();
});
afterAll(() => server.close());

// Which of [free, subscribers, sale] each viewer opens.
const OPENS: Record<Exclude<Who, 'blocked' | 'blockedCountry'>, [boolean, boolean, boolean]> = {
  owner: [true, true, true],
  admin: [true, true, true],
  subscriber: [true, true, false],
  buyer: [true, false, true],
  follower: [true, false, false],
  stranger: [true, false, false],
  signedOut: [true, false, false],
  otherCreator: [true, false, false],
  fan: [true, false, false],
};

/** A body file's URL is signed for its own key: `/files/media/<owner>/<fileId>/main.<ext>`. */
const mainUrlsOf = (answer: unknown, feedId: string) =>
  urlsIn(answer).filter((u) => mainFileIds.get(feedId)!.some((id) => u.includes(`/${id}/main.`)));

function expectShape(feed: Feed, locked: boolean) {
  expect(feed.isLocked).toBe(locked);
  expect(feed.files).toHaveLength(2);
  for (const file of feed.files) {
    expect(file.isLocked).toBe(locked);
    if (locked) {
      expect(file.url).toBeNull();
      expect(file.thumbnails).toEqual([file.preview]);
      expect(file.preview).toMatch(/preview\.webp/);
    } else {
      expect(file.url).toMatch(/\/main\./);
    }
  }
  // Thumbnail and teaser are the creator's public marketing: open for everyone.
  expect(feed.thumbnail).toMatchObject({ isLocked: false, url: expect.stringMatching(/\/main\./) });
  expect(feed.teaser).toMatchObject({ isLocked: false, url: expect.stringMatching(/\/main\./) });
  expect(feed).toMatchObject({ text: expect.any(String), stats: { likes: 0, bookmarks: 0, comments: 0, views: 0 } });
  if (locked) expect(mainUrlsOf(feed, feed._id)).toEqual([]);
}

describe('GET /user/feeds/:id', () => {
  it.each(Object.entries(OPENS))('%s opens exactly the posts they may, locked ones carry no main-file URL', async (who, opens) => {
    const levels = ['free', 'subscribers', 'sale'] as const;
    for (const [i, level] of levels.entries()) {
      const res = await call(server.app, 'GET', `/user/feeds/${posts[level]._id}`, people.callers[who as Who]);
      expect(res.statusCode).toBe(200);
      const feed: Feed = res.json().data;
      expectShape(feed, !opens[i]);
      if (level === 'sale') expect(feed.price).toBe(5);
    }
  });

  it('tells the unlock reason', async () => {
    const reason = async (who: Who, level: 'free' | 'subscribers' | 'sale') =>
      (await call(server.app, 'GET', `/user/feeds/${posts[level]._id}`, people.callers[who])).json().data.unlockedBy;
    expect(await reason('owner', 'sale')).toBe('owner');
    expect(await reason('admin', 'sale')).toBe('admin');
    expect(await reason('subscriber', 'subscribers')).toBe('subscriber');
    expect(await reason('buyer', 'sale')).toBe('buyer');
    expect(await reason('stranger', 'free')).toBe('free');
    expect(await reason('stranger', 'subscribers')).toBeNull();
  });

  it('hides drafts and scheduled posts from all but the owner and admins (404)', async () => {
    for (const key of ['draft', 'scheduled'] as const) {
      for (const who of ['owner', 'admin'] as const) expect((await call(server.app, 'GET', `/user/feeds/${posts[key]._id}`, people.callers[who])).statusCode).toBe(200);
      for (const who of ['subscriber', 'buyer', 'follower', 'stranger', 'signedOut'] as const) {
        const res = await call(server.app, 'GET', `/user/feeds/${posts[key]._id}`, people.callers[who]);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Post not found');
      }
    }
  });

  it('answers "not available" to a blocked account or country, and 400/404 for bad ids', async () => {
    for (const who of ['blocked', 'blockedCountry'] as const) {
      const res = await call(server.app, 'GET', `/user/feeds/${posts.free._id}`, people.callers[who]);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(NOT_AVAILABLE_MESSAGE);
    }
    expect((await call(server.app, 'GET', '/user/feeds/not-a-uuid', people.callers.stranger)).statusCode).toBe(400);
    expect((await call(server.app, 'GET', '/user/feeds/00000000-0000-4000-8000-000000000000', people.callers.stranger)).statusCode).toBe(404);
  });
});

describe('GET /user/feeds/search/:username (a creator\'s feed)', () => {
  const list = (who: Who, query = '') => call(server.app, 'GET', `/user/feeds/search/${username}${query}`, people.callers[who]);

  it.each(Object.entries(OPENS))('%s sees the visible posts, locked where they may not open them', async (who, opens) => {
    const res = await list(who as Who);
    expect(res.statusCode).toBe(200);
    const page: { data: Feed[]; total: number } = res.json().data;
    const privileged = who === 'owner' || who === 'admin';
    expect(page.total).toBe(privileged ? 5 : 3);
    const byId = new Map(page.data.map((f) => [f._id, f]));
    (['free', 'subscribers', 'sale'] as const).forEach((level, i) => expectShape(byId.get(posts[level]._id)!, !opens[i]));
    if (!privileged) {
      expect(byId.has(posts.draft._id)).toBe(false);
      expect(byId.has(posts.scheduled._id)).toBe(false);
    }
  });

  it('finds the creator by id too, filters by type, pages, and refuses blocked viewers and unknown creators', async () => {
    const byId = await call(server.app, 'GET', `/user/feeds/search/${people.creatorId}`, people.callers.stranger);
    expect(byId.json().data.total).toBe(3);
    expect((await list('stranger', '?type=video')).json().data.total).toBe(3);
    expect((await list('stranger', '?type=photo')).json().data.total).toBe(0);
    const page = (await list('stranger', '?limit=2&offset=2')).json().data;
    expect(page).toMatchObject({ total: 3 });
    expect(page.data).toHaveLength(1);
    expect((await list('stranger', '?type=gif')).statusCode).toBe(400);
    for (const who of ['blocked', 'blockedCountry'] as const) {
      const res = await list(who);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(NOT_AVAILABLE_MESSAGE);
    }
    expect((await call(server.app, 'GET', '/user/feeds/search/nobody-here', people.callers.stranger)).statusCode).toBe(404);
    const fanName = (await allRows(server.app, tables.users)).find((u) => u.id === people.ids.fan)!.username;
    expect((await call(server.app, 'GET', `/user/feeds/search/${fanName}`, people.callers.stranger)).statusCode).toBe(404);
  });
});

describe('GET /reactions/feeds/bookmark', () => {
  it('lists the viewer\'s bookmarked posts newest bookmark first, locked as they are, hiding what they may no longer see', async () => {
    const fan = people.callers.follower;
    for (const level of ['subscribers', 'free', 'sale'] as const) {
      const res = await call(server.app, 'POST', '/reactions', fan, { objectType: 'feed', objectId: posts[level]._id, action: 'bookmark' });
      expect(res.statusCode).toBe(200);
    }
    const read = async (who: Who = 'follower', query = '') => {
      const res = await call(server.app, 'GET', `/reactions/feeds/bookmark${query}`, people.callers[who]);
      expect(res.statusCode).toBe(200);
      return res.json().data as { data: Feed[]; total: number };
    };
    const page = await read();
    expect(page.total).toBe(3);
    expect(page.data.map((f) => f._id)).toEqual([posts.sale._id, posts.free._id, posts.subscribers._id]);
    expect(page.data.map((f) => [f.isLocked, f.isBookmarked])).toEqual([[true, true], [false, true], [true, true]]);
    for (const f of page.data.filter((x) => x.isLocked)) expect(mainUrlsOf(f, f._id)).toEqual([]);
    expect((await read('follower', '?limit=1&offset=1')).data.map((f) => f._id)).toEqual([posts.free._id]);
    expect((await read('stranger')).total).toBe(0);

    // The creator moves a post back to drafts: it leaves the list and the total.
    await call(server.app, 'PUT', `/performer/feeds/${posts.free._id}`, people.callers.owner, { status: 'draft' });
    expect((await read()).total).toBe(2);
    await call(server.app, 'PUT', `/performer/feeds/${posts.free._id}`, people.callers.owner, { status: 'active' });

    expect((await call(server.app, 'GET', '/reactions/feeds/bookmark', people.callers.signedOut)).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/reactions/feeds/bookmark?limit=0', fan)).statusCode).toBe(400);
  });
});

describe('GET /user/feeds/:id/file/:fileId/status', () => {
  it('answers the status of a file of the post to those who can open it; the failure reason only to the owner', async () => {
    const fileId = posts.subscribers.files[1]._id;
    const url = `/user/feeds/${posts.subscribers._id}/file/${fileId}/status`;
    for (const who of ['owner', 'admin', 'subscriber'] as const) {
      const res = await call(server.app, 'GET', url, people.callers[who]);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ _id: fileId, status: 'ready', failureReason: null });
    }
    expect((await call(server.app, 'GET', url, people.callers.stranger)).statusCode).toBe(403);
    expect((await call(server.app, 'GET', url, people.callers.blocked)).statusCode).toBe(403);
    const teaser = posts.subscribers.teaser!._id;
    expect((await call(server.app, 'GET', `/user/feeds/${posts.subscribers._id}/file/${teaser}/status`, people.callers.owner)).statusCode).toBe(200);
    // A file of another post is not a file of this one.
    const otherFile = posts.free.files[0]._id;
    expect((await call(server.app, 'GET', `/user/feeds/${posts.subscribers._id}/file/${otherFile}/status`, people.callers.owner)).statusCode).toBe(404);
    expect((await call(server.app, 'GET', `/user/feeds/${posts.subscribers._id}/file/nope/status`, people.callers.owner)).statusCode).toBe(400);
  });

  it('shows the processing failure reason to the owner only', async () => {
    const owner = people.callers.owner;
    const clip = await uploaded(server.app, owner, 'video');
    await server.app.media.whenIdle();
    await server.app.db.update(tables.mediaFiles).set({ status: 'failed', failureReason: 'The video could not be read' })
      .where(eq(tables.mediaFiles.id, clip._id));
    // A failed upload cannot be attached to a new post...
    const refused = await call(server.app, 'POST', '/performer/feeds', owner, { access: 'free', fileIds: [clip._id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This file could not be processed: remove it and upload it again');
    // ...but one that failed after it was attached is reported.
    const ok = await uploaded(server.app, owner, 'video');
    const feed = await createFeed(server.app, owner, { fileIds: [ok._id] });
    await server.app.media.whenIdle();
    await server.app.db.update(tables.mediaFiles).set({ status: 'failed', failureReason: 'The video could not be read' })
      .where(eq(tables.mediaFiles.id, ok._id));
    const url = `/user/feeds/${feed._id}/file/${ok._id}/status`;
    expect((await call(server.app, 'GET', url, owner)).json().data.failureReason).toBe('The video could not be read');
    expect((await call(server.app, 'GET', url, people.callers.stranger)).json().data).toEqual({ _id: ok._id, status: 'failed', failureReason: null });
  });
});

describe('polls on locked posts', () => {
  it('shows a locked viewer the options without counts and no vote', async () => {
    const poll = await createPoll(server.app, people.callers.owner, { options: ['Yes', 'No'] });
    const feed = await createFeed(server.app, people.callers.owner, { access: 'subscribers', pollId: poll._id });
    const seen: Feed = (await call(server.app, 'GET', `/user/feeds/${feed._id}`, people.callers.stranger)).json().data;
    expect(seen.poll).toMatchObject({ canVote: false, canSeeResults: false, totalVotes: null, options: [{ text: 'Yes', votes: null }, { text: 'No', votes: null }] });
    const vote = await call(server.app, 'POST', `/user/feeds/vote/${poll._id}`, people.callers.stranger, { optionId: poll.options[0]._id });
    expect(vote.statusCode).toBe(403);
    expect(vote.json().message).toBe('Unlock this post to vote');
    expect((await call(server.app, 'POST', `/user/feeds/vote/${poll._id}`, people.callers.subscriber, { optionId: poll.options[0]._id })).statusCode).toBe(200);
  });
});
