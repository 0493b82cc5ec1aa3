import sharp from 'sharp';
import { multipart } from '../../support/multipart';
import { startMediaTestServer, tinyAudio, tinyVideo, type MediaTestServer } from '../../support/media-fixtures';
import { mediaRepository, type MediaFileRow } from '../../../src/server/modules/media/media.repository';
import { createUrlSigner, EXPIRY_STEP_SECONDS } from '../../../src/server/media/signed-url';

jest.setTimeout(120_000);

let server: MediaTestServer;
let image: MediaFileRow;
let video: MediaFileRow;
beforeAll(async () => {
  server = await startMediaTestServer();
  const { app, ownerId } = server;
  image = await app.media.ingestBuffer({
    ownerId, kinds: ['image'], purpose: 'gallery-photo', filename: 'Été "à la plage".png',
    buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#48c' } }).png().toBuffer(),
  });
  const pending = await app.media.ingestBuffer({ ownerId, kinds: ['video'], purpose: 'video', buffer: await tinyVideo('mp4'), filename: 'clip.mov' });
  await app.media.whenIdle();
  video = (await mediaRepository.findById(app.db, pending.id))!;
});
afterAll(() => server.close());

const path = (url: string) => url.slice(server.config.apiEndpoint.length);
const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url: path(url), headers });
const withParam = (url: string, name: string, value: string | null) => {
  const u = new URL(url);
  if (value === null) u.searchParams.delete(name);
  else u.searchParams.set(name, value);
  return u.toString();
};

describe('present', () => {
  it('unlocked: main URL, the thumbnail, and the blurred preview; all signed, none public', () => {
    const view = server.app.media.present(image, { unlocked: true });
    expect(view).toMatchObject({ _id: image.id, type: 'gallery-photo', kind: 'image', status: 'ready', isLocked: false, width: 800, height: 600 });
    const base = `${server.config.apiEndpoint}/files/media/${server.ownerId}/${image.id}/`;
    expect(view.url).toMatch(new RegExp(`^${base}main\\.jpg\\?exp=\\d+&sig=[\\w-]{43}$`));
    expect(view.thumbnails).toEqual([expect.stringMatching(new RegExp(`^${base}thumb\\.webp\\?exp=`))]);
    expect(view.preview).toMatch(new RegExp(`^${base}preview\\.webp\\?exp=`));
  });

  it('locked: no main URL and no thumbnail other than the blurred preview', () => {
    for (const row of [image, video]) {
      const view = server.app.media.present(row, { unlocked: false });
      expect(view.url).toBeNull();
      expect(view.isLocked).toBe(true);
      expect(view.thumbnails).toEqual([view.preview]);
      expect(view.preview).toContain('/preview.webp?');
      expect(JSON.stringify(view)).not.toMatch(/main\.|thumb\.webp/);
    }
  });

  it('hands out the same URL for a while: the expiry is rounded up to 15 minutes, at least the TTL ahead', () => {
    const a = server.app.media.present(image, { unlocked: true }).url!;
    const b = server.app.media.present(image, { unlocked: true }).url!;
    expect(a).toBe(b);
    const exp = Number(new URL(a).searchParams.get('exp'));
    expect(exp % EXPIRY_STEP_SECONDS).toBe(0);
    const now = Date.now() / 1000;
    expect(exp - now).toBeGreaterThanOrEqual(server.config.media.urlTtlSeconds - 1);
    expect(exp - now).toBeLessThanOrEqual(server.config.media.urlTtlSeconds + EXPIRY_STEP_SECONDS);
  });
});

describe('createUrlSigner', () => {
  it('signs a plain URL once per expiry step and again once the step moves on; downloads are signed each time', () => {
    let clock = 1_000_000_000_000;
    const signer = createUrlSigner({ secret: new Uint8Array(32).fill(7), ttlSeconds: 3600, baseUrl: 'https://api.example', now: () => clock });
    const hmac = jest.spyOn(require('node:crypto'), 'createHmac');
    const first = signer.url('media/a/b/main.jpg');
    expect(signer.url('media/a/b/main.jpg')).toBe(first);
    expect(hmac).toHaveBeenCalledTimes(1);
    signer.url('media/a/b/main.jpg', { download: 'x.jpg' });
    signer.url('media/a/b/main.jpg', { download: 'x.jpg' });
    expect(hmac).toHaveBeenCalledTimes(3);
    expect(signer.check('media/a/b/main.jpg', Object.fromEntries(new URL(first).searchParams))).toBe('valid');
    hmac.mockClear();
    clock += EXPIRY_STEP_SECONDS * 1000;
    const later = signer.url('media/a/b/main.jpg');
    expect(later).not.toBe(first);
    expect(Number(new URL(later).searchParams.get('exp'))).toBe(Number(new URL(first).searchParams.get('exp')) + EXPIRY_STEP_SECONDS);
    expect(hmac).toHaveBeenCalledTimes(1);
    hmac.mockRestore();
  });
});

describe('GET /files/media/*', () => {
  it('serves a valid link privately, cached only until it expires', async () => {
    const url = server.app.media.present(image, { unlocked: true }).url!;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))![1]);
    expect(Math.abs(maxAge - (Number(new URL(url).searchParams.get('exp')) - Date.now() / 1000))).toBeLessThan(5);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    const head = await server.app.inject({ method: 'HEAD', url: path(url) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('refuses a tampered signature, another key under the same signature, a changed expiry and a missing signature', async () => {
    const url = server.app.media.present(image, { unlocked: true }).url!;
    const sig = new URL(url).searchParams.get('sig')!;
    const tampered = withParam(url, 'sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    const otherKey = url.replace('/main.jpg?', '/thumb.webp?');
    const later = withParam(url, 'exp', String(Number(new URL(url).searchParams.get('exp')) + EXPIRY_STEP_SECONDS));
    const addedDownload = withParam(url, 'dl', 'x.jpg');
    for (const bad of [tampered, otherKey, later, addedDownload, withParam(url, 'sig', null), withParam(url, 'exp', null), url.split('?')[0], withParam(url, 'exp', 'soon')]) {
      const res = await get(bad);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, message: 'This link is not valid' });
    }
  });

  it('refuses an expired link', async () => {
    const key = image.mainKey!;
    const exp = Math.floor(Date.now() / 1000) - 60;
    const sig = server.app.media.signer.sign(key, exp);
    const res = await server.app.inject({ method: 'GET', url: `/files/media/${key.slice('media/'.length)}?exp=${exp}&sig=${sig}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This link has expired');
  });

  it('refuses path traversal and keys outside media/', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    for (const rest of ['..%2Fpublic%2Fx.jpg', `${server.ownerId}/%2E%2E/%2E%2E/jwt-secret`, '%2e%2e/%2e%2e/jwt-secret', 'a//b.jpg', '.hidden']) {
      const key = `media/${decodeURIComponent(rest)}`;
      const res = await server.app.inject({ method: 'GET', url: `/files/media/${rest}?exp=${exp}&sig=${server.app.media.signer.sign(key, exp)}` });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    // A public or private key is never reachable through the media route, even signed.
    const signer = server.app.media.signer;
    expect(() => signer.url('private/id-documents/x.jpg')).toThrow();
    // Nor the media key through the public route (whether `..` is resolved before routing or not).
    for (const url of [`/files/public/../${image.mainKey}`, `/files/public/%2E%2E/${image.mainKey}`]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect([403, 404]).toContain(res.statusCode);
    }
  });

  it('answers byte ranges with exactly those bytes, and 416 outside the file', async () => {
    const url = server.app.media.present(video, { unlocked: true }).url!;
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    const size = whole.rawPayload.length;
    expect(Number(whole.headers['content-length'])).toBe(size);

    const part = await get(url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);

    const open = await get(url, { range: `bytes=${size - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);
    const suffix = await get(url, { range: 'bytes=-16' });
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 16}-${size - 1}/${size}`);
    expect(suffix.rawPayload.equals(whole.rawPayload.subarray(size - 16))).toBe(true);
    const clamped = await get(url, { range: `bytes=0-${size + 1000}` });
    expect(clamped.statusCode).toBe(206);
    expect(clamped.rawPayload.length).toBe(size);

    const outside = await get(url, { range: `bytes=${size}-${size + 10}` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${size}`);
    expect(outside.json().message).toBe('The requested range is outside the file');
    // A header that is not one valid byte range is ignored: the whole file.
    for (const ignored of ['bytes=5-2', 'items=0-1', 'bytes=0-1,5-6']) {
      const res = await get(url, { range: ignored });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(size);
    }
  });

  it('ranges work for audio too', async () => {
    const row = await server.app.media.ingestBuffer({ ownerId: server.ownerId, kinds: ['audio'], purpose: 'feed-audio', buffer: await tinyAudio('mp3'), filename: 'a.mp3' });
    await server.app.media.whenIdle();
    const ready = (await mediaRepository.findById(server.app.db, row.id))!;
    const res = await get(server.app.media.present(ready, { unlocked: true }).url!, { range: 'bytes=0-9' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.length).toBe(10);
  });

  it('downloads under the uploaded name (with the served extension) when the link says so, the name being signed', async () => {
    for (const url of [server.app.media.downloadUrl(image)!, server.app.media.present(image, { unlocked: true, download: true }).url!]) {
      expect(new URL(url).searchParams.get('dl')).toBe('Été "à la plage".jpg');
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="_t_ __ la plage_.jpg"; filename*=UTF-8''%C3%89t%C3%A9%20%22%C3%A0%20la%20plage%22.jpg`);
      const renamed = await get(withParam(url, 'dl', 'other.exe'));
      expect(renamed.statusCode).toBe(403);
    }
    expect(server.app.media.downloadUrl(video)).toContain('dl=clip.mp4');
  });

  it('answers 404 for a signed key with no file behind it', async () => {
    const key = `media/${server.ownerId}/00000000-0000-4000-8000-000000000000/main.jpg`;
    const res = await get(server.app.media.signer.url(key));
    expect(res.statusCode).toBe(404);
  });

  it('a pending file has no URL yet; a signer with another secret makes links this server refuses', async () => {
    const body = await multipart({}, { file: { content: await tinyVideo('webm'), filename: 'x.webm' } });
    const res = await server.app.inject({ method: 'POST', url: '/test-upload?kinds=video&purpose=video', ...body });
    expect(res.json().data.file).toMatchObject({ status: 'pending', url: null });
    await server.app.media.whenIdle();
    const foreign = createUrlSigner({ secret: new TextEncoder().encode('another-secret-another-secret-xx'), ttlSeconds: 3600, baseUrl: `${server.config.apiEndpoint}/files/media` });
    expect((await get(foreign.url(image.mainKey!))).statusCode).toBe(403);
  });
});
