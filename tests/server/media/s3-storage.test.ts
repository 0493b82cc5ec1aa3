import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createS3Storage } from '../../../src/server/storage/s3-storage';
import { RangeNotSatisfiableError } from '../../../src/server/storage/storage';
import { multipart } from '../../support/multipart';
import { startS3StandIn, startMediaTestServer, storedMediaKeys, tinyVideo, type MediaTestServer, type S3StandIn } from '../../support/media-fixtures';
import { mediaRepository } from '../../../src/server/modules/media/media.repository';

jest.setTimeout(120_000);

const BUCKET = 'cp-media';
let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn(BUCKET);
});
afterAll(() => s3.close());

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe('S3 storage against a stand-in for the object API', () => {
  const storage = () =>
    createS3Storage(
      { bucket: BUCKET, endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'test', secretAccessKey: 'test-secret', forcePathStyle: true },
      { publicBaseUrl: 'http://api.test/files' },
    );

  it('puts buffers and files, reads them whole and by range, deletes them', async () => {
    const store = storage();
    try {
      await store.put('public/a/one.jpg', Buffer.from('hello world'), 'image/jpeg');
      expect(s3.objects.get('public/a/one.jpg')).toMatchObject({ body: Buffer.from('hello world'), contentType: 'image/jpeg' });

      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-s3-'));
      const bytes = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));
      await fs.writeFile(path.join(dir, 'v.mp4'), bytes);
      await store.putFile('media/u/f/main.mp4', path.join(dir, 'v.mp4'), 'video/mp4');
      await fs.rm(dir, { recursive: true });
      expect(s3.objects.get('media/u/f/main.mp4')!.body.equals(bytes)).toBe(true);

      const whole = (await store.get('media/u/f/main.mp4'))!;
      expect(whole).toMatchObject({ contentType: 'video/mp4', size: 100_000, range: null });
      expect((await read(whole.stream)).equals(bytes)).toBe(true);

      const part = (await store.get('media/u/f/main.mp4', { start: 10, end: 19 }))!;
      expect(part).toMatchObject({ size: 100_000, range: { start: 10, end: 19 } });
      expect((await read(part.stream)).equals(bytes.subarray(10, 20))).toBe(true);
      const suffix = (await store.get('media/u/f/main.mp4', { suffix: 5 }))!;
      expect(suffix.range).toEqual({ start: 99_995, end: 99_999 });
      expect(s3.requests.filter((r) => r.method === 'GET').map((r) => r.range)).toEqual([undefined, 'bytes=10-19', 'bytes=-5']);

      await expect(store.get('media/u/f/main.mp4', { start: 100_000 })).rejects.toEqual(new RangeNotSatisfiableError(100_000));
      await expect(store.get('media/u/f/main.mp4', { start: 100_000 })).rejects.toMatchObject({ size: 100_000 });

      expect(await store.get('media/u/f/missing.mp4')).toBeNull();
      expect(await store.get('../escape')).toBeNull();
      await store.delete('media/u/f/main.mp4');
      await store.delete('media/u/f/main.mp4');
      expect(s3.objects.has('media/u/f/main.mp4')).toBe(false);
      expect(store.publicUrl('public/a/one.jpg')).toBe('http://api.test/files/public/a/one.jpg');
      expect(() => store.publicUrl('media/u/f/main.mp4')).toThrow();
    } finally {
      store.close();
    }
  });
});

describe('the API on S3 storage', () => {
  let server: MediaTestServer;
  beforeAll(async () => {
    server = await startMediaTestServer({
      S3_BUCKET: BUCKET, S3_ENDPOINT: s3.endpoint, S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'test', S3_SECRET_ACCESS_KEY: 'test-secret', S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(() => server?.close());

  it('stores uploads, runs jobs and serves signed ranges from the bucket, nothing on local disk', async () => {
    const body = await multipart({}, { file: { content: await tinyVideo('mp4'), filename: 'clip.mp4' } });
    const res = await server.app.inject({ method: 'POST', url: '/test-upload?kinds=video&purpose=video', ...body });
    expect(res.statusCode).toBe(200);
    await server.app.media.whenIdle();
    const row = (await mediaRepository.findById(server.app.db, res.json().data.id))!;
    expect(row.status).toBe('ready');
    const keys = [...s3.objects.keys()].filter((k) => k.includes(row.id)).sort();
    expect(keys).toEqual([`media/${server.ownerId}/${row.id}/main.mp4`, `media/${server.ownerId}/${row.id}/preview.webp`, `media/${server.ownerId}/${row.id}/thumb.webp`]);
    expect(await storedMediaKeys(server.dataDir)).toEqual([]);

    const url = server.app.media.present(row, { unlocked: true }).url!.slice(server.config.apiEndpoint.length);
    const part = await server.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${row.sizeBytes}`);
    expect(part.rawPayload.toString('latin1', 4, 8)).toBe('ftyp');
    const outside = await server.app.inject({ method: 'GET', url, headers: { range: `bytes=${row.sizeBytes}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${row.sizeBytes}`);

    await server.app.media.remove([row.id]);
    expect([...s3.objects.keys()].filter((k) => k.includes(row.id))).toEqual([]);
  });

  it('keeps the existing public uploads working (avatar)', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#a33' } }).png().toBuffer();
    const body = await multipart({}, { avatar: { content: png, filename: 'me.png' } });
    const res = await server.app.inject({ method: 'POST', url: '/users/avatar/upload', ...body, headers: { ...body.headers, authorization: server.ownerToken } });
    expect(res.statusCode).toBe(200);
    const url = res.json().data.avatar as string;
    const key = url.slice(`${server.config.apiEndpoint}/files/`.length);
    expect(s3.objects.get(key)?.contentType).toBe('image/webp');
    const file = await server.app.inject({ method: 'GET', url: url.slice(server.config.apiEndpoint.length) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(256);
  });
});
