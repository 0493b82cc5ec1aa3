import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createS3Storage } from '../../../src/server/storage/s3-storage';
import { RangeNotSatisfiableError } from '../../../src/server/storage/storage';
import type { Video } from '../../../src/common/contract/videos';
import { freePort } from '../../../scripts/lib/measure-start';
import { startTestServer, type TestServer } from '../../support/server';
import { createPerformerWithToken } from '../../support/db';
import { multipart } from '../../support/multipart';
import { jpegWithExif, storedMediaKeys } from '../../support/media-fixtures';
import { startS3Server, type S3Server } from '../../support/s3-server';
import { auth, sampleVideo, uploadVideo } from '../videos/video-helpers';

jest.setTimeout(120_000);

/**
 * The S3 storage and the media pipeline against a real S3-compatible server (s3rver from the npm
 * registry: the S3 REST API over HTTP, objects on its own disk), not a stand-in of ours.
 */
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe('S3 storage', () => {
  const storage = (accessKeyId = s3.env.S3_ACCESS_KEY_ID) =>
    createS3Storage(
      { bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', accessKeyId, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY, forcePathStyle: true },
      { publicBaseUrl: 'http://api.test/files' },
    );

  it('uploads buffers and files, reads them whole and by range, deletes them', async () => {
    const store = storage();
    try {
      await store.put('public/a/one.jpg', Buffer.from('hello world'), 'image/jpeg');
      expect(await s3.object('public/a/one.jpg')).toEqual({ body: Buffer.from('hello world'), contentType: 'image/jpeg' });

      // A file goes up as a stream of known length (a video can be a gigabyte).
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-s3-'));
      const bytes = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));
      await fs.writeFile(path.join(dir, 'v.mp4'), bytes);
      await store.putFile('media/u/f/main.mp4', path.join(dir, 'v.mp4'), 'video/mp4');
      await fs.rm(dir, { recursive: true });
      expect((await s3.object('media/u/f/main.mp4'))!.body.equals(bytes)).toBe(true);
      expect(await s3.keys()).toEqual(['media/u/f/main.mp4', 'public/a/one.jpg']);

      const whole = (await store.get('media/u/f/main.mp4'))!;
      expect(whole).toMatchObject({ contentType: 'video/mp4', size: 100_000, range: null });
      expect(whole.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect((await read(whole.stream)).equals(bytes)).toBe(true);

      const part = (await store.get('media/u/f/main.mp4', { start: 10, end: 19 }))!;
      expect(part).toMatchObject({ size: 100_000, range: { start: 10, end: 19 } });
      expect((await read(part.stream)).equals(bytes.subarray(10, 20))).toBe(true);
      const tail = (await store.get('media/u/f/main.mp4', { start: 99_990 }))!;
      expect(tail.range).toEqual({ start: 99_990, end: 99_999 });
      expect((await read(tail.stream)).equals(bytes.subarray(99_990))).toBe(true);
      // (A suffix range, `bytes=-N`, is left out here: s3rver reads it as `bytes=0-N`, unlike S3 and MinIO.)

      await expect(store.get('media/u/f/main.mp4', { start: 100_000 })).rejects.toEqual(new RangeNotSatisfiableError(100_000));
      await expect(store.get('media/u/f/main.mp4', { start: 100_000 })).rejects.toMatchObject({ size: 100_000 });

      expect(await store.get('media/u/f/missing.mp4')).toBeNull();
      expect(await store.get('../escape')).toBeNull();
      await store.delete('media/u/f/main.mp4');
      // Deleting again is not an error (deletes are retried and best-effort).
      await store.delete('media/u/f/main.mp4');
      expect(await s3.keys()).toEqual(['public/a/one.jpg']);
      expect(await store.get('media/u/f/main.mp4')).toBeNull();
      expect(store.publicUrl('public/a/one.jpg')).toBe('http://api.test/files/public/a/one.jpg');
      expect(() => store.publicUrl('media/u/f/main.mp4')).toThrow();
      await store.delete('public/a/one.jpg');
    } finally {
      store.close();
    }
  });

  it('surfaces the server\'s refusal (an unknown access key) instead of pretending to store', async () => {
    const store = storage('NOT-A-KEY');
    try {
      await expect(store.put('public/a/two.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
      expect(await s3.keys()).toEqual([]);
    } finally {
      store.close();
    }
  });
});

describe('the API on S3 storage', () => {
  let server: TestServer;
  let creator: { id: string; token: string };
  const ownKeys = async (fileId: string) => (await s3.keys()).filter((k) => k.split('/')[2] === fileId);

  beforeAll(async () => {
    // Listening on the port its signed URLs name, so they are fetched over HTTP as a browser would.
    const port = await freePort();
    server = await startTestServer({ ...s3.env, API_PORT: String(port), API_ENDPOINT: `http://127.0.0.1:${port}` });
    await server.app.listen({ port, host: '127.0.0.1' });
    const c = await createPerformerWithToken(server.app);
    creator = { id: c.user.id, token: c.token };
  });
  afterAll(() => server?.close());

  it('a video with its image: stored in the bucket, transcoded there, served through signed URLs, deleted with the video', async () => {
    const res = await uploadVideo(server.app, creator.token, { title: 'On S3', access: 'free' }, {
      video: { content: await sampleVideo(), filename: 'clip.mp4', contentType: 'video/mp4' },
      thumbnail: { content: await jpegWithExif(), filename: 'cover.jpg', contentType: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(200);
    const uploaded = res.json().data as Video;
    const videoId = uploaded.video!._id;
    const imageId = uploaded.thumbnail!._id;
    // The image is re-encoded in the request; the video waits for its job, its original in the bucket.
    expect(uploaded.thumbnail!.status).toBe('ready');
    expect(await ownKeys(imageId)).toEqual([`media/${creator.id}/${imageId}/main.jpg`, `media/${creator.id}/${imageId}/preview.webp`, `media/${creator.id}/${imageId}/thumb.webp`]);
    await server.app.media.whenIdle();
    // Transcoded from the bucket into the bucket; the original is gone and nothing was kept on local disk.
    expect(await ownKeys(videoId)).toEqual([`media/${creator.id}/${videoId}/main.mp4`, `media/${creator.id}/${videoId}/preview.webp`, `media/${creator.id}/${videoId}/thumb.webp`]);
    expect(await storedMediaKeys(server.dataDir)).toEqual([]);

    // Anyone may watch a free video: the public detail hands out signed URLs, fetched over HTTP.
    const detail = (await (await fetch(`${server.config.apiEndpoint}/performer-assets/videos/${uploaded._id}`)).json()).data as Video;
    expect(detail.video).toMatchObject({ status: 'ready', mimeType: 'video/mp4' });
    const videoUrl = detail.video!.url!;
    expect(videoUrl).toMatch(new RegExp(`^${server.config.apiEndpoint}/files/media/`));
    const stored = (await s3.object(`media/${creator.id}/${videoId}/main.mp4`))!.body;

    const whole = await fetch(videoUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await whole.arrayBuffer()).equals(stored)).toBe(true);
    const head = await fetch(videoUrl, { headers: { range: 'bytes=0-7' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-7/${stored.length}`);
    expect(Buffer.from(await head.arrayBuffer()).toString('latin1', 4, 8)).toBe('ftyp');
    const rest = await fetch(videoUrl, { headers: { range: `bytes=${stored.length - 100}-` } });
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer()).equals(stored.subarray(stored.length - 100))).toBe(true);
    const outside = await fetch(videoUrl, { headers: { range: `bytes=${stored.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${stored.length}`);
    // The signature covers the key: another file under the same signature is refused.
    const forged = await fetch(videoUrl.replace('/main.mp4', '/thumb.webp'));
    expect(forged.status).toBe(403);

    const imageUrl = detail.thumbnail!.url!;
    const image = await fetch(imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await image.arrayBuffer());
    expect(jpeg.equals((await s3.object(`media/${creator.id}/${imageId}/main.jpg`))!.body)).toBe(true);
    // Re-encoded on the way in: the EXIF block of the upload is gone.
    expect((await sharp(jpeg).metadata()).exif).toBeUndefined();

    const removed = await server.app.inject({ method: 'DELETE', url: `/performer/performer-assets/videos/${uploaded._id}`, headers: auth(creator.token) });
    expect(removed.statusCode).toBe(200);
    for (let i = 0; i < 50 && (await ownKeys(videoId)).length + (await ownKeys(imageId)).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect([...(await ownKeys(videoId)), ...(await ownKeys(imageId))]).toEqual([]);
    expect((await fetch(videoUrl)).status).toBe(404);
  });

  it('keeps public uploads (an avatar) in the bucket and serves them', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#a33' } }).png().toBuffer();
    const body = await multipart({}, { avatar: { content: png, filename: 'me.png' } });
    const res = await server.app.inject({ method: 'POST', url: '/users/avatar/upload', ...body, headers: { ...body.headers, authorization: creator.token } });
    expect(res.statusCode).toBe(200);
    const url = res.json().data.avatar as string;
    const key = url.slice(`${server.config.apiEndpoint}/files/`.length);
    expect((await s3.object(key))?.contentType).toBe('image/webp');
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(256);
  });
});
