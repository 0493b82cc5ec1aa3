import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken, tables } from '../../support/db';
import { jpegWithExif } from '../../support/media-fixtures';
import { entitlementsRepository } from '../../../src/server/modules/entitlements/entitlements.repository';
import type { Video } from '../../../src/common/contract/videos';
import { auth, createReadyVideo, fetchSigned, GB_IP, sampleVideo, US_IP, videoRow } from './video-helpers';

jest.setTimeout(180_000);

let server: TestServer;
let creatorId: string;
let creatorName: string;
const tokens: Record<string, string | undefined> = {};
const ips: Record<string, string> = {};
const videos: Record<'free' | 'subscribers' | 'sale' | 'draft' | 'scheduled', Video> = {} as never;

beforeAll(async () => {
  server = await startTestServer();
  const { app } = server;
  const creator = await createPerformerWithToken(app);
  creatorId = creator.user.id;
  creatorName = creator.user.username!;
  const make = async (role: 'user' | 'admin' = 'user') => createUserWithToken(app, { role });
  const [admin, subscriber, buyer, follower, stranger, blocked] = await Promise.all([make('admin'), make(), make(), make(), make(), make()]);
  Object.assign(tokens, {
    owner: creator.token, admin: admin.token, subscriber: subscriber.token, buyer: buyer.token, follower: follower.token,
    stranger: stranger.token, signedOut: undefined, blocked: blocked.token, blockedCountry: undefined,
  });
  for (const who of Object.keys(tokens)) ips[who] = who === 'blockedCountry' ? GB_IP : US_IP;

  const files = async () => ({
    video: { content: await sampleVideo(), filename: 'main.mp4' },
    thumbnail: { content: await jpegWithExif(), filename: 'cover.jpg' },
    teaser: { content: await sampleVideo(), filename: 'teaser.mp4' },
  });
  videos.free = await createReadyVideo(app, creator.token, { title: 'Free beach walk', tags: 'beach,walk', access: 'free' }, await files());
  videos.subscribers = await createReadyVideo(app, creator.token, { title: 'Subscriber special', description: 'behind the scenes', tags: 'studio', access: 'subscribers' }, await files());
  videos.sale = await createReadyVideo(app, creator.token, { title: 'Premium tutorial', tags: 'studio,lesson', access: 'sale', price: '7.5' }, await files());
  videos.draft = await createReadyVideo(app, creator.token, { title: 'Unfinished', status: 'draft' });
  videos.scheduled = await createReadyVideo(app, creator.token, { title: 'Coming soon', publishAt: new Date(Date.now() + 86_400_000).toISOString() });

  await entitlementsRepository.grantSubscription(app.db, { userId: subscriber.user.id, performerId: creatorId, type: 'monthly', expiresAt: new Date(Date.now() + 30 * 86_400_000) });
  await entitlementsRepository.grantEntitlement(app.db, { userId: buyer.user.id, objectType: 'video', objectId: videos.sale._id });
  await app.db.insert(tables.follows).values({ followerId: follower.user.id, performerId: creatorId });
  await app.db.insert(tables.blockedUsers).values({ performerId: creatorId, userId: blocked.user.id });
  await app.db.insert(tables.blockedCountries).values({ performerId: creatorId, country: 'GB' });
});
afterAll(() => server.close());

const get = (who: string, url: string) => server.app.inject({ method: 'GET', url, headers: auth(tokens[who], ips[who]) });

/** Which published videos each viewer may open. */
const UNLOCKED: Record<string, string[]> = {
  owner: ['free', 'subscribers', 'sale'],
  admin: ['free', 'subscribers', 'sale'],
  subscriber: ['free', 'subscribers'],
  buyer: ['free', 'sale'],
  follower: ['free'],
  stranger: ['free'],
  signedOut: ['free'],
};
const PUBLISHED = ['free', 'subscribers', 'sale'] as const;

/** No URL of the main file (its own id's objects) anywhere in the answer. */
function expectNoMainFile(json: string, video: Video) {
  expect(json).not.toContain(`/${video.video!._id}/main`);
  expect(json).not.toContain(`/${video.video!._id}/thumb`);
}

describe('detail', () => {
  it.each(Object.entries(UNLOCKED))('%s opens exactly %j, and never gets a locked main file', async (who, open) => {
    for (const key of PUBLISHED) {
      const res = await get(who, `/performer-assets/videos/${videos[key]._id}`);
      expect(res.statusCode).toBe(200);
      const video = res.json().data as Video;
      const unlocked = open.includes(key);
      expect({ key, isLocked: video.isLocked }).toEqual({ key, isLocked: !unlocked });
      if (unlocked) {
        expect(video.video!.url).toMatch(/\/main\.mp4\?/);
        expect(video.video!.thumbnails[0]).toMatch(/\/thumb\.webp\?/);
      } else {
        expectNoMainFile(res.body, videos[key]);
        expect(video.video).toMatchObject({ url: null, isLocked: true, thumbnails: [video.video!.preview] });
        expect(video.video!.preview).toMatch(/\/preview\.webp\?/);
        // The public preview: thumbnail picture and a playable teaser, the price and the call to action data.
        expect(video.teaser!.url).toMatch(/\/main\.mp4\?/);
        expect(video.thumbnail!.url).toBeTruthy();
        expect(video).toMatchObject({ title: videos[key].title, access: key, price: key === 'sale' ? 7.5 : 0, duration: expect.any(Number) });
        expect((await fetchSigned(server, video.teaser!.url!, { range: 'bytes=0-9' })).statusCode).toBe(206);
      }
    }
  });

  it('hides drafts and scheduled videos from everyone but the owner and admins', async () => {
    for (const key of ['draft', 'scheduled'] as const) {
      expect((await get('owner', `/performer-assets/videos/${videos[key]._id}`)).statusCode).toBe(200);
      expect((await get('admin', `/performer-assets/videos/${videos[key]._id}`)).statusCode).toBe(200);
      for (const who of ['subscriber', 'buyer', 'stranger', 'signedOut']) {
        expect((await get(who, `/performer-assets/videos/${videos[key]._id}`)).statusCode).toBe(404);
      }
    }
  });

  it('answers "not available" to a blocked account or country', async () => {
    for (const who of ['blocked', 'blockedCountry']) {
      const res = await get(who, `/performer-assets/videos/${videos.free._id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/not available/);
    }
  });

  it('answers 404 for an unknown id', async () => {
    expect((await get('stranger', '/performer-assets/videos/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('lists', () => {
  const list = async (who: string, query = `performerId=${creatorId}`) => {
    const res = await get(who, `/performer-assets/videos/search?${query}`);
    expect(res.statusCode).toBe(200);
    return { body: res.body, page: res.json().data as { data: Video[]; total: number } };
  };

  it.each(Object.entries(UNLOCKED))('%s sees the right videos, locked the right way', async (who, open) => {
    const { body, page } = await list(who);
    const privileged = who === 'owner' || who === 'admin';
    const expected = privileged ? ['free', 'subscribers', 'sale', 'draft', 'scheduled'] : ['free', 'subscribers', 'sale'];
    expect(page.total).toBe(expected.length);
    expect(page.data.map((v) => v._id).sort()).toEqual(expected.map((k) => videos[k as keyof typeof videos]._id).sort());
    for (const key of PUBLISHED) {
      const item = page.data.find((v) => v._id === videos[key]._id)!;
      expect({ key, isLocked: item.isLocked }).toEqual({ key, isLocked: !open.includes(key) });
      if (item.isLocked) expectNoMainFile(body, videos[key]);
      else expect(item.video!.url).toBeTruthy();
    }
  });

  it('shows blocked viewers nothing', async () => {
    for (const who of ['blocked', 'blockedCountry']) expect((await list(who)).page).toEqual({ data: [], total: 0 });
  });

  it('finds by username, text over title, description and tags, and tag; sorts newest, popular and likes', async () => {
    const titles = async (query: string) => (await list('stranger', query)).page.data.map((v) => v.title);
    expect((await titles(`username=${creatorName.toUpperCase()}`)).sort()).toEqual(['Free beach walk', 'Premium tutorial', 'Subscriber special']);
    expect(await titles('username=nobody-here')).toEqual([]);
    expect(await titles(`performerId=${creatorId}&q=scenes`)).toEqual(['Subscriber special']);
    expect(await titles(`performerId=${creatorId}&q=lesson`)).toEqual(['Premium tutorial']);
    expect(await titles(`performerId=${creatorId}&q=beach walk`)).toEqual(['Free beach walk']);
    expect(await titles(`performerId=${creatorId}&tag=studio&sortBy=newest`)).toEqual(['Premium tutorial', 'Subscriber special']);
    expect(await titles(`performerId=${creatorId}&tag=%23STUDIO`)).toHaveLength(2);
    await server.app.db.update(tables.videos).set({ totalViews: 50 }).where(eq(tables.videos.id, videos.free._id));
    expect((await titles(`performerId=${creatorId}&sortBy=popular`))[0]).toBe('Free beach walk');
    const like = await server.app.inject({ method: 'POST', url: '/reactions', headers: auth(tokens.subscriber, US_IP), payload: { objectType: 'video', objectId: videos.subscribers._id, action: 'like' } });
    expect(like.statusCode).toBe(200);
    expect((await titles(`performerId=${creatorId}&sortBy=likes`))[0]).toBe('Subscriber special');
    expect((await get('stranger', '/performer-assets/videos/search?sortBy=views')).statusCode).toBe(400);
    expect((await get('stranger', '/performer-assets/videos/search?performerId=nope')).statusCode).toBe(400);
  });
});

describe('view counter', () => {
  const view = (who: string, id: string, ip = ips[who]) =>
    server.app.inject({ method: 'POST', url: `/performer-assets/videos/${id}/view`, headers: auth(tokens[who], ip) });

  it('counts once per viewer per video within the window, never the owner, by IP for visitors', async () => {
    const id = videos.sale._id;
    const start = (await videoRow(server.app, id))!.totalViews;
    expect((await view('stranger', id)).json().data).toEqual({ views: start + 1, counted: true });
    expect((await view('stranger', id)).json().data).toEqual({ views: start + 1, counted: false });
    expect((await view('buyer', id)).json().data).toEqual({ views: start + 2, counted: true });
    expect((await view('owner', id)).json().data).toMatchObject({ counted: false });
    expect((await view('signedOut', id, '1.1.1.1')).json().data).toMatchObject({ counted: true });
    expect((await view('signedOut', id, '1.1.1.1')).json().data).toMatchObject({ counted: false });
    expect((await view('signedOut', id, '9.9.9.9')).json().data).toMatchObject({ counted: true });
    expect((await videoRow(server.app, id))!.totalViews).toBe(start + 4);
    const detail = (await get('stranger', `/performer-assets/videos/${id}`)).json().data as Video;
    expect(detail.stats.views).toBe(start + 4);
  });

  it('refuses hidden and blocked videos', async () => {
    expect((await view('stranger', videos.draft._id)).statusCode).toBe(404);
    expect((await view('blocked', videos.free._id)).statusCode).toBe(403);
    expect((await view('blockedCountry', videos.free._id)).statusCode).toBe(403);
  });
});

describe('bookmarks', () => {
  it('lists the viewer\'s bookmarked videos newest first, locked ones locked, hidden ones gone', async () => {
    const bookmark = (id: string) =>
      server.app.inject({ method: 'POST', url: '/reactions', headers: auth(tokens.follower, US_IP), payload: { objectType: 'video', objectId: id, action: 'bookmark' } });
    expect((await bookmark(videos.free._id)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    expect((await bookmark(videos.sale._id)).statusCode).toBe(200);
    const res = await get('follower', '/reactions/videos/bookmark');
    expect(res.statusCode).toBe(200);
    const page = res.json().data as { data: Video[]; total: number };
    expect(page.total).toBe(2);
    expect(page.data.map((v) => v._id)).toEqual([videos.sale._id, videos.free._id]);
    expect(page.data[0]).toMatchObject({ isLocked: true, isBookmarked: true, video: { url: null } });
    expectNoMainFile(res.body, videos.sale);
    // Turned into a draft: gone from the list and the total.
    await server.app.db.update(tables.videos).set({ status: 'draft' }).where(eq(tables.videos.id, videos.sale._id));
    expect((await get('follower', '/reactions/videos/bookmark')).json().data.total).toBe(1);
    await server.app.db.update(tables.videos).set({ status: 'active' }).where(eq(tables.videos.id, videos.sale._id));
    expect((await server.app.inject({ method: 'GET', url: '/reactions/videos/bookmark' })).statusCode).toBe(401);
  });
});
