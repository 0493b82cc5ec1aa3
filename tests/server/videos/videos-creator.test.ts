import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { multipart } from '../../support/multipart';
import { jpegWithExif, pngWithAlpha, storedMediaKeys } from '../../support/media-fixtures';
import type { Video } from '../../../src/common/contract/videos';
import { auth, createReadyVideo, performerRow, sampleVideo, snapshot, videoRow } from './video-helpers';

jest.setTimeout(180_000);

let server: TestServer;
let creator: { id: string; token: string };
let rival: { id: string; token: string };
let fan: { id: string; token: string };
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  const c = await createPerformerWithToken(server.app);
  creator = { id: c.user.id, token: c.token };
  const r = await createPerformerWithToken(server.app);
  rival = { id: r.user.id, token: r.token };
  const f = await createUserWithToken(server.app);
  fan = { id: f.user.id, token: f.token };
  adminToken = (await createUserWithToken(server.app, { role: 'admin' })).token;
});
afterAll(() => server.close());

const BASE = '/performer/performer-assets/videos';
const editJson = (id: string, payload: unknown, token = creator.token) =>
  server.app.inject({ method: 'PUT', url: `${BASE}/edit/${id}`, headers: auth(token), payload: payload as object });
const editForm = async (id: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1], token = creator.token) => {
  const body = await multipart(fields, files);
  return server.app.inject({ method: 'PUT', url: `${BASE}/edit/${id}`, headers: { ...auth(token), ...body.headers }, payload: body.payload });
};
const removeFile = (id: string, type: string, token = creator.token) =>
  server.app.inject({ method: 'DELETE', url: `${BASE}/remove-file/${id}`, headers: auth(token), payload: { type } });
const remove = (id: string, token = creator.token) => server.app.inject({ method: 'DELETE', url: `${BASE}/${id}`, headers: auth(token) });
const keysOf = async (fileId: string) => (await storedMediaKeys(server.dataDir)).filter((k) => k.includes(`/${fileId}/`));
const thumbnailPart = async () => ({ content: await jpegWithExif(), filename: 'cover.jpg', contentType: 'image/jpeg' });

describe('edit', () => {
  it('changes fields by JSON: trimmed title, tags, access and price, schedule', async () => {
    const video = await createReadyVideo(server.app, creator.token, { title: 'Original', tags: 'a,b' });
    const res = await editJson(video._id, { title: ' Renamed ', description: 'New words', tags: ['Zed', '#y'], access: 'sale', price: 12.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Renamed', description: 'New words', tags: ['zed', 'y'], access: 'sale', price: 12.5 });
    expect(await videoRow(server.app, video._id)).toMatchObject({ priceCents: 1250 });
    // Changing only the title keeps access and price.
    expect((await editJson(video._id, { title: 'Again' })).json().data).toMatchObject({ title: 'Again', access: 'sale', price: 12.5 });
    // Going free drops the price.
    expect((await editJson(video._id, { access: 'free' })).json().data).toMatchObject({ access: 'free', price: 0 });
  });

  it('keeps the publish date of a published video when the form sends "publish now"', async () => {
    const video = await createReadyVideo(server.app, creator.token, { title: 'Dated' });
    const before = (await videoRow(server.app, video._id))!.publishAt;
    await new Promise((r) => setTimeout(r, 20));
    const res = await editJson(video._id, { title: 'Dated 2', publishAt: null, status: 'active' });
    expect(res.statusCode).toBe(200);
    expect((await videoRow(server.app, video._id))!.publishAt).toEqual(before);
    // A future time schedules it, and "now" then publishes it at once.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await editJson(video._id, { publishAt: later })).json().data).toMatchObject({ isScheduled: true });
    expect((await editJson(video._id, { publishAt: null })).json().data).toMatchObject({ isScheduled: false });
  });

  it('recounts total_videos when a video becomes a draft and back', async () => {
    const video = await createReadyVideo(server.app, creator.token, { title: 'Counted' });
    const count = (await performerRow(server.app, creator.id)).totalVideos;
    await editJson(video._id, { status: 'draft' });
    expect((await performerRow(server.app, creator.id)).totalVideos).toBe(count - 1);
    await editJson(video._id, { status: 'active' });
    expect((await performerRow(server.app, creator.id)).totalVideos).toBe(count);
  });

  it('replaces the thumbnail, teaser and video by multipart and removes the old files after the commit', async () => {
    const video = await createReadyVideo(server.app, creator.token, { title: 'Replace me' }, {
      video: { content: await sampleVideo(), filename: 'a.mp4' },
      thumbnail: await thumbnailPart(),
      teaser: { content: await sampleVideo(), filename: 't.mp4' },
    });
    const old = { thumb: video.thumbnail!._id, teaser: video.teaser!._id, main: video.video!._id };
    expect((await keysOf(old.thumb)).length).toBeGreaterThan(0);
    const res = await editForm(video._id, { title: 'Replaced' }, {
      thumbnail: { content: await pngWithAlpha(), filename: 'new.png' },
      teaser: { content: await sampleVideo(), filename: 't2.mp4' },
      video: { content: await sampleVideo(), filename: 'b.mp4' },
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json().data as Video;
    expect(edited.title).toBe('Replaced');
    expect(edited.thumbnail!._id).not.toBe(old.thumb);
    expect(edited.teaser!._id).not.toBe(old.teaser);
    expect(edited.video!._id).not.toBe(old.main);
    for (const id of Object.values(old)) expect(await keysOf(id)).toEqual([]);
    await server.app.media.whenIdle();
    const row = (await videoRow(server.app, video._id))!;
    expect(row).toMatchObject({ thumbnailFileId: edited.thumbnail!._id, teaserFileId: edited.teaser!._id, fileId: edited.video!._id });
  });

  it('refuses bad edits and changes nothing', async () => {
    const video = await createReadyVideo(server.app, creator.token, { title: 'Stable', access: 'sale', price: '5' });
    const before = await snapshot(server);
    const bad: [unknown, number, RegExp][] = [
      [{ title: '' }, 400, /title/],
      [{ title: 'x'.repeat(201) }, 400, /title must be at most 200/],
      [{ unknown: 1 }, 400, /unknown is not allowed/],
      [{ tags: ['ok', 'not ok'] }, 400, /Tag "not ok"/],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 400, /at most 20 tags/],
      [{ price: 0.5 }, 422, /Price must be between 1.00 and 1000.00/],
      [{ access: 'sale', price: 5000 }, 422, /Price must be between/],
      [{ access: 'everyone' }, 400, /access must be one of/],
      [{ price: 'ten' }, 400, /price must be a number/],
      [[1, 2], 400, /JSON object/],
    ];
    for (const [payload, status, message] of bad) {
      const res = await editJson(video._id, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status });
      expect(res.json().message).toMatch(message);
    }
    // A refused multipart edit also removes the file it had already stored.
    const res = await editForm(video._id, { title: '' }, { thumbnail: await thumbnailPart() });
    expect(res.statusCode).toBe(400);
    const wrongKind = await editForm(video._id, {}, { video: await thumbnailPart() });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toMatch(/video must be a video/);
    await server.app.media.whenIdle();
    expect(await snapshot(server)).toEqual(before);
  });
});

describe('remove-file', () => {
  it('removes the thumbnail and the teaser (files too), not the main video', async () => {
    const video = await createReadyVideo(server.app, creator.token, { title: 'Trim' }, {
      video: { content: await sampleVideo(), filename: 'a.mp4' },
      thumbnail: await thumbnailPart(),
      teaser: { content: await sampleVideo(), filename: 't.mp4' },
    });
    const thumb = await removeFile(video._id, 'thumbnail');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.json().data.thumbnail).toBeNull();
    expect(await keysOf(video.thumbnail!._id)).toEqual([]);
    const teaser = await removeFile(video._id, 'teaser');
    expect(teaser.json().data.teaser).toBeNull();
    expect(await keysOf(video.teaser!._id)).toEqual([]);
    expect(await videoRow(server.app, video._id)).toMatchObject({ thumbnailFileId: null, teaserFileId: null, fileId: video.video!._id });
    // Again: nothing left to remove, same answer.
    expect((await removeFile(video._id, 'teaser')).statusCode).toBe(200);

    const before = await snapshot(server);
    const main = await removeFile(video._id, 'video');
    expect(main.statusCode).toBe(400);
    expect(main.json().message).toMatch(/cannot be removed, only replaced/);
    const unknown = await removeFile(video._id, 'cover');
    expect(unknown.statusCode).toBe(400);
    expect(await snapshot(server)).toEqual(before);
  });
});

describe('delete', () => {
  it('deletes the row, its files, reactions and comments, and lowers the creator\'s likes and video count', async () => {
    const video = await createReadyVideo(server.app, creator.token, { title: 'Doomed' }, {
      video: { content: await sampleVideo(), filename: 'a.mp4' },
      thumbnail: await thumbnailPart(),
    });
    const other = await createReadyVideo(server.app, creator.token, { title: 'Survivor' });
    const react = (objectId: string, action: string) =>
      server.app.inject({ method: 'POST', url: '/reactions', headers: auth(fan.token), payload: { objectType: 'video', objectId, action } });
    expect((await react(video._id, 'like')).statusCode).toBe(200);
    expect((await react(video._id, 'bookmark')).statusCode).toBe(200);
    expect((await react(other._id, 'like')).statusCode).toBe(200);
    const comment = await server.app.inject({ method: 'POST', url: '/comments', headers: auth(fan.token), payload: { objectType: 'video', objectId: video._id, text: 'Nice' } });
    expect(comment.statusCode).toBe(200);
    const likesBefore = (await performerRow(server.app, creator.id)).totalLikes;
    const countBefore = (await performerRow(server.app, creator.id)).totalVideos;

    const res = await remove(video._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });
    expect(await videoRow(server.app, video._id)).toBeNull();
    const after = await snapshot(server);
    expect(after.reactions.filter((r) => r.objectId === video._id)).toEqual([]);
    expect(after.comments.filter((c) => c.objectId === video._id)).toEqual([]);
    expect(after.reactions.filter((r) => r.objectId === other._id)).toHaveLength(1);
    expect(after.media.map((m) => m.id)).not.toEqual(expect.arrayContaining([video.video!._id]));
    expect(after.media.map((m) => m.id)).not.toContain(video.thumbnail!._id);
    expect(await keysOf(video.video!._id)).toEqual([]);
    expect(await keysOf(video.thumbnail!._id)).toEqual([]);
    const perf = await performerRow(server.app, creator.id);
    expect(perf.totalLikes).toBe(likesBefore - 1);
    expect(perf.totalVideos).toBe(countBefore - 1);
    expect((await remove(video._id)).statusCode).toBe(404);
  });
});

describe('another creator, fans, admins and bad ids', () => {
  let video: Video;
  beforeAll(async () => {
    video = await createReadyVideo(server.app, creator.token, { title: 'Mine only' }, {
      video: { content: await sampleVideo(), filename: 'a.mp4' },
      thumbnail: await thumbnailPart(),
    });
  });

  it('answers 404 to another creator on every creator route and changes nothing', async () => {
    const before = await snapshot(server);
    const calls = [
      await editJson(video._id, { title: 'Hijacked' }, rival.token),
      await editForm(video._id, { title: 'Hijacked' }, { thumbnail: await thumbnailPart() }, rival.token),
      await removeFile(video._id, 'thumbnail', rival.token),
      await remove(video._id, rival.token),
      await server.app.inject({ method: 'GET', url: `${BASE}/${video._id}/view`, headers: auth(rival.token) }),
      await server.app.inject({ method: 'GET', url: `${BASE}/${video._id}/status`, headers: auth(rival.token) }),
    ];
    for (const res of calls) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Video not found');
    }
    const list = (await server.app.inject({ method: 'GET', url: `${BASE}/search`, headers: auth(rival.token) })).json().data;
    expect(list).toEqual({ data: [], total: 0 });
    await server.app.media.whenIdle();
    expect(await snapshot(server)).toEqual(before);
  });

  it('answers 403 to fans and admins on creator routes, 401 to visitors', async () => {
    const before = await snapshot(server);
    for (const token of [fan.token, adminToken]) {
      expect((await editJson(video._id, { title: 'x' }, token)).statusCode).toBe(403);
      expect((await removeFile(video._id, 'thumbnail', token)).statusCode).toBe(403);
      expect((await remove(video._id, token)).statusCode).toBe(403);
      expect((await server.app.inject({ method: 'GET', url: `${BASE}/search`, headers: auth(token) })).statusCode).toBe(403);
    }
    expect((await server.app.inject({ method: 'DELETE', url: `${BASE}/${video._id}` })).statusCode).toBe(401);
    expect(await snapshot(server)).toEqual(before);
  });

  it('answers 400 to ids that are not uuids', async () => {
    for (const res of [
      await editJson('nope', { title: 'x' }),
      await removeFile('nope', 'thumbnail'),
      await remove('nope'),
      await server.app.inject({ method: 'GET', url: `${BASE}/nope/view`, headers: auth(creator.token) }),
      await server.app.inject({ method: 'GET', url: '/performer-assets/videos/nope' }),
      await server.app.inject({ method: 'POST', url: '/performer-assets/videos/nope/view' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('id must be a valid uuid');
    }
  });
});

describe('the creator\'s own list', () => {
  let own: { published: Video; draft: Video; scheduled: Video };
  let c2: { id: string; token: string };
  beforeAll(async () => {
    const p = await createPerformerWithToken(server.app);
    c2 = { id: p.user.id, token: p.token };
    own = {
      published: await createReadyVideo(server.app, c2.token, { title: 'Beach day', tags: 'summer,sea' }),
      draft: await createReadyVideo(server.app, c2.token, { title: 'Mountain draft', status: 'draft', description: 'snowy peaks' }),
      scheduled: await createReadyVideo(server.app, c2.token, { title: 'Zebra later', publishAt: new Date(Date.now() + 86_400_000).toISOString(), tags: 'summer' }),
    };
  });
  const search = async (query: string) => {
    const res = await server.app.inject({ method: 'GET', url: `${BASE}/search?${query}`, headers: auth(c2.token) });
    expect(res.statusCode).toBe(200);
    return res.json().data as { data: Video[]; total: number };
  };
  const titles = async (query: string) => (await search(query)).data.map((v) => v.title);

  it('lists drafts and scheduled videos, filters by status, text and tag, and sorts', async () => {
    expect((await search('')).total).toBe(3);
    expect(await titles('status=draft')).toEqual(['Mountain draft']);
    expect(await titles('status=scheduled')).toEqual(['Zebra later']);
    expect(await titles('status=active')).toEqual(['Beach day']);
    expect(await titles('q=peaks')).toEqual(['Mountain draft']);
    expect(await titles('q=SEA')).toEqual(['Beach day']);
    expect(await titles('tag=summer&sortBy=title&sort=asc')).toEqual(['Beach day', 'Zebra later']);
    expect(await titles('sortBy=title&sort=desc')).toEqual(['Zebra later', 'Mountain draft', 'Beach day']);
    expect(await titles('sortBy=title&sort=asc&offset=1&limit=1')).toEqual(['Mountain draft']);
    expect(await titles('q=100%25')).toEqual([]);
  });

  it('refuses unknown sorts, statuses and query fields', async () => {
    for (const q of ['sortBy=price', 'status=deleted', 'limit=0', 'limit=101', 'hack=1']) {
      const res = await server.app.inject({ method: 'GET', url: `${BASE}/search?${q}`, headers: auth(c2.token) });
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
    }
  });

  it('shows its own view with every file', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${BASE}/${own.draft._id}/view`, headers: auth(c2.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: own.draft._id, status: 'draft', video: { status: 'ready', url: expect.any(String) } });
  });
});
