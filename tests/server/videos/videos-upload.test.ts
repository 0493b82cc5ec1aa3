import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken, createUserWithToken } from '../../support/db';
import { multipart } from '../../support/multipart';
import { corruptMp4, jpegWithExif, pdf, rawMultipart, storedMediaKeys, tmpEntries } from '../../support/media-fixtures';
import type { Video } from '../../../src/common/contract/videos';
import {
  auth, createReadyVideo, fetchSigned, performerRow, sampleVideo, snapshot, UPLOAD_URL, uploadVideo, videoRow,
} from './video-helpers';

jest.setTimeout(180_000);

let server: TestServer;
let creator: { id: string; token: string };
let fanToken: string;

beforeAll(async () => {
  server = await startTestServer();
  const c = await createPerformerWithToken(server.app);
  creator = { id: c.user.id, token: c.token };
  fanToken = (await createUserWithToken(server.app)).token;
});
afterAll(() => server.close());

const videoFile = async () => ({ content: await sampleVideo(), filename: 'clip.mp4', contentType: 'video/mp4' });
const ownView = (id: string, token = creator.token) =>
  server.app.inject({ method: 'GET', url: `/performer/performer-assets/videos/${id}/view`, headers: auth(token) });

describe('upload → processing → ready', () => {
  it('stores the video, thumbnail and teaser, processes them and streams the MP4 with range requests', async () => {
    const before = await performerRow(server.app, creator.id);
    const res = await uploadVideo(server.app, creator.token, {
      title: '  Sunset timelapse ', description: 'Line one\r\nLine two', tags: 'Sunset, #Beach,sunset, time-lapse', access: 'free',
    }, {
      video: await videoFile(),
      thumbnail: { content: await jpegWithExif(), filename: 'cover.jpg', contentType: 'image/jpeg' },
      teaser: { content: await sampleVideo(), filename: 'teaser.mp4', contentType: 'video/mp4' },
    });
    expect(res.statusCode).toBe(200);
    const video = res.json().data as Video;
    expect(video).toMatchObject({
      title: 'Sunset timelapse', description: 'Line one\nLine two', tags: ['sunset', 'beach', 'time-lapse'],
      access: 'free', price: 0, isLocked: false, unlockedBy: 'owner', status: 'active', isScheduled: false,
      performerId: creator.id, stats: { likes: 0, bookmarks: 0, comments: 0, views: 0 },
    });
    expect(['pending', 'processing']).toContain(video.video!.status);
    expect(video.video!.url).toBeNull();
    expect(video.thumbnail).toMatchObject({ status: 'ready', type: 'video-thumbnail', kind: 'image' });
    expect(video.teaser).toMatchObject({ type: 'video-teaser', kind: 'video' });
    expect((await performerRow(server.app, creator.id)).totalVideos).toBe(before.totalVideos + 1);

    // The poller's endpoint, then the finished state.
    const status = await server.app.inject({ method: 'GET', url: `/performer/performer-assets/videos/${video._id}/status`, headers: auth(creator.token) });
    expect(status.statusCode).toBe(200);
    expect(status.json().data.video).toMatchObject({ _id: video.video!._id, failureReason: null });
    await server.app.media.whenIdle();
    const done = (await ownView(video._id)).json().data as Video;
    expect(done.video).toMatchObject({ status: 'ready', mimeType: 'video/mp4', width: 320, height: 240 });
    expect(done.duration).toBeGreaterThan(0.8);
    expect(done.teaser!.status).toBe('ready');
    const after = (await server.app.inject({ method: 'GET', url: `/performer/performer-assets/videos/${video._id}/status`, headers: auth(creator.token) })).json().data;
    expect(after).toEqual({ video: { _id: done.video!._id, status: 'ready', failureReason: null }, teaser: { _id: done.teaser!._id, status: 'ready', failureReason: null } });

    // The public detail of a free video plays: a Range request answers 206 with the bytes asked for.
    const pub = await server.app.inject({ method: 'GET', url: `/performer-assets/videos/${video._id}` });
    const url = (pub.json().data as Video).video!.url!;
    expect(url).toContain('/files/media/');
    const full = await fetchSigned(server, url);
    expect(full.statusCode).toBe(200);
    const part = await fetchSigned(server, url, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${full.rawPayload.length}`);
    expect(part.rawPayload.equals(full.rawPayload.subarray(0, 100))).toBe(true);
    expect(part.rawPayload.toString('latin1', 4, 8)).toBe('ftyp');
    expect(await tmpEntries(server.dataDir)).toEqual([]);
  });

  it('marks a damaged video failed, shows the reason to its creator only, and keeps the rest of the video', async () => {
    const res = await uploadVideo(server.app, creator.token, { title: 'Broken', tags: 'oops', access: 'free' }, {
      video: { content: corruptMp4(), filename: 'broken.mp4', contentType: 'video/mp4' },
      thumbnail: { content: await jpegWithExif(), filename: 'cover.jpg', contentType: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(200);
    const id = (res.json().data as Video)._id;
    await server.app.media.whenIdle();
    const own = (await ownView(id)).json().data as Video;
    expect(own.video).toMatchObject({ status: 'failed', url: null, failureReason: 'The video could not be read: it may be damaged or in an unsupported format' });
    expect(own).toMatchObject({ title: 'Broken', tags: ['oops'], thumbnail: { status: 'ready' } });
    const status = (await server.app.inject({ method: 'GET', url: `/performer/performer-assets/videos/${id}/status`, headers: auth(creator.token) })).json().data;
    expect(status.video).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('could not be read') });
    expect(await videoRow(server.app, id)).toMatchObject({ title: 'Broken', thumbnailFileId: own.thumbnail!._id });
    // Fans do not meet a video that cannot play, in the detail or in lists.
    expect((await server.app.inject({ method: 'GET', url: `/performer-assets/videos/${id}`, headers: auth(fanToken) })).statusCode).toBe(404);
    const list = (await server.app.inject({ method: 'GET', url: `/performer-assets/videos/search?performerId=${creator.id}`, headers: auth(fanToken) })).json().data;
    expect(list.data.map((v: Video) => v._id)).not.toContain(id);
    // Its creator still sees it in the creator list, failed.
    const mine = (await server.app.inject({ method: 'GET', url: '/performer/performer-assets/videos/search?q=broken', headers: auth(creator.token) })).json().data;
    expect(mine.data).toEqual([expect.objectContaining({ _id: id, video: expect.objectContaining({ status: 'failed' }) })]);
  });

  it('hides a video from fans while its main file processes', async () => {
    const res = await uploadVideo(server.app, creator.token, { title: 'Still cooking', access: 'free' });
    const id = (res.json().data as Video)._id;
    // Asked at once: transcoding takes far longer than these two requests.
    const fan = await server.app.inject({ method: 'GET', url: `/performer-assets/videos/${id}`, headers: auth(fanToken) });
    const processing = (await ownView(id)).json().data as Video;
    expect(processing.video!.status).not.toBe('ready');
    expect(fan.statusCode).toBe(404);
    expect(fan.json().message).toBe('Video not found');
    await server.app.media.whenIdle();
    expect((await server.app.inject({ method: 'GET', url: `/performer-assets/videos/${id}`, headers: auth(fanToken) })).statusCode).toBe(200);
  });
});

describe('refused uploads store nothing', () => {
  const long = (n: number) => 'x'.repeat(n);

  const cases: [string, () => Promise<{ fields: Record<string, string>; files?: Record<string, { content: Buffer | string; filename?: string; contentType?: string }> }>, number, RegExp][] = [
    ['no video file', async () => ({ fields: { title: 'x', access: 'free' }, files: {} }), 400, /video is required/],
    ['a thumbnail without a video', async () => ({ fields: { title: 'x', access: 'free' }, files: { thumbnail: { content: await jpegWithExif(), filename: 'c.jpg' } } }), 400, /video is required/],
    ['an image as the video', async () => ({ fields: { title: 'x', access: 'free' }, files: { video: { content: await jpegWithExif(), filename: 'a.mp4' } } }), 400, /video must be a video/],
    ['a PDF as the thumbnail', async () => ({ fields: { title: 'x', access: 'free' }, files: { video: await videoFile(), thumbnail: { content: pdf(), filename: 't.jpg' } } }), 400, /thumbnail must be an image/],
    ['an image as the teaser', async () => ({ fields: { title: 'x', access: 'free' }, files: { video: await videoFile(), teaser: { content: await jpegWithExif(), filename: 't.mp4' } } }), 400, /teaser must be a video/],
    ['an unknown file field', async () => ({ fields: { title: 'x', access: 'free' }, files: { video: await videoFile(), poster: { content: await jpegWithExif(), filename: 'p.jpg' } } }), 400, /poster is not allowed/],
    ['no title', async () => ({ fields: { access: 'free' } }), 400, /title is required/],
    ['a blank title', async () => ({ fields: { title: '   ', access: 'free' } }), 400, /title is required/],
    ['a title over 200 characters', async () => ({ fields: { title: long(201), access: 'free' } }), 400, /title must be at most 200 characters/],
    ['a description over 5000 characters', async () => ({ fields: { title: 'x', description: long(5001), access: 'free' } }), 400, /description must be at most 5000/],
    ['an unknown text field', async () => ({ fields: { title: 'x', access: 'free', isAdmin: 'true' } }), 400, /isAdmin is not allowed/],
    ['an unknown access level', async () => ({ fields: { title: 'x', access: 'secret' } }), 400, /access must be one of/],
    ['a tag with spaces', async () => ({ fields: { title: 'x', access: 'free', tags: 'good,not good' } }), 400, /Tag "not good" must be 1 to 30 letters, digits or hyphens/],
    ['a tag over 30 characters', async () => ({ fields: { title: 'x', access: 'free', tags: long(31) } }), 400, /must be 1 to 30 letters/],
    ['21 tags', async () => ({ fields: { title: 'x', access: 'free', tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') } }), 400, /at most 20 tags/],
    ['tags as a JSON array of numbers', async () => ({ fields: { title: 'x', access: 'free', tags: '[1,2]' } }), 400, /tags must be a list/],
    ['a sale without a price', async () => ({ fields: { title: 'x', access: 'sale' } }), 422, /Price must be between 1.00 and 1000.00/],
    ['a price over the maximum', async () => ({ fields: { title: 'x', access: 'sale', price: '1000.01' } }), 422, /Price must be between/],
    ['a price that is not a number', async () => ({ fields: { title: 'x', access: 'sale', price: 'lots' } }), 400, /price must be a number/],
    ['a publish time that is not a date', async () => ({ fields: { title: 'x', access: 'free', publishAt: 'tomorrow' } }), 400, /publishAt must be a valid date-time/],
  ];

  it.each(cases)('%s', async (_name, make, status, message) => {
    const before = await snapshot(server);
    const { fields, files } = await make();
    const res = await uploadVideo(server.app, creator.token, fields, files);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    await server.app.media.whenIdle();
    expect(await snapshot(server)).toEqual(before);
    expect(await tmpEntries(server.dataDir)).toEqual([]);
  });

  it('refuses a second video part and a path in a file name', async () => {
    const before = await snapshot(server);
    const video = await sampleVideo();
    const twice = rawMultipart([
      { name: 'title', value: 'x' }, { name: 'access', value: 'free' },
      { name: 'video', filename: 'a.mp4', content: video }, { name: 'video', filename: 'b.mp4', content: video },
    ]);
    const res = await server.app.inject({ method: 'POST', url: UPLOAD_URL, headers: { ...auth(creator.token), ...twice.headers }, payload: twice.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('video must be a single file');
    const path = rawMultipart([{ name: 'title', value: 'x' }, { name: 'access', value: 'free' }, { name: 'video', filename: '../../etc/x.mp4', content: video }]);
    const res2 = await server.app.inject({ method: 'POST', url: UPLOAD_URL, headers: { ...auth(creator.token), ...path.headers }, payload: path.payload });
    expect(res2.statusCode).toBe(400);
    await server.app.media.whenIdle();
    expect(await snapshot(server)).toEqual(before);
  });

  it('refuses a JSON body, fans (403) and visitors (401)', async () => {
    const before = await snapshot(server);
    const json = await server.app.inject({ method: 'POST', url: UPLOAD_URL, headers: auth(creator.token), payload: { title: 'x', access: 'free' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send this form as multipart/form-data');
    const body = await multipart({ title: 'x', access: 'free' }, { video: await videoFile() });
    const fan = await server.app.inject({ method: 'POST', url: UPLOAD_URL, headers: { ...auth(fanToken), ...body.headers }, payload: body.payload });
    expect(fan.statusCode).toBe(403);
    const anon = await server.app.inject({ method: 'POST', url: UPLOAD_URL, headers: body.headers, payload: body.payload });
    expect(anon.statusCode).toBe(401);
    expect(await snapshot(server)).toEqual(before);
  });

  it('keeps the upload size limit of the settings (413) and stores nothing', async () => {
    await server.app.settings.set({ maxImageUploadMb: 1 });
    const before = await snapshot(server);
    const big = Buffer.concat([await jpegWithExif(), Buffer.alloc(1024 * 1024 + 10)]);
    const res = await uploadVideo(server.app, creator.token, { title: 'x', access: 'free' }, { video: await videoFile(), thumbnail: { content: big, filename: 'big.jpg' } });
    await server.app.settings.set({ maxImageUploadMb: 20 });
    expect(res.statusCode).toBe(413);
    await server.app.media.whenIdle();
    expect(await snapshot(server)).toEqual(before);
  });
});

describe('access fields on upload', () => {
  it('stores a sale price in cents, a draft and a schedule', async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const video = await createReadyVideo(server.app, creator.token, { title: 'Paid', access: 'sale', price: '4.99', publishAt: at, tags: '["Alpha","beta"]' });
    expect(video).toMatchObject({ access: 'sale', price: 4.99, isScheduled: true, tags: ['alpha', 'beta'] });
    expect(await videoRow(server.app, video._id)).toMatchObject({ priceCents: 499 });
    const draft = await createReadyVideo(server.app, creator.token, { title: 'Draft', status: 'draft', price: '' });
    expect(draft).toMatchObject({ status: 'draft', access: 'free', price: 0 });
    // Drafts are not counted in total_videos; active (and scheduled) ones are.
    const { totalVideos } = await performerRow(server.app, creator.id);
    const mine = (await server.app.inject({ method: 'GET', url: '/performer/performer-assets/videos/search?limit=100', headers: auth(creator.token) })).json().data;
    expect(totalVideos).toBe(mine.data.filter((v: Video) => v.status === 'active').length);
    expect((await storedMediaKeys(server.dataDir)).length).toBeGreaterThan(0);
  });
});
