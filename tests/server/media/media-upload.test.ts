import sharp from 'sharp';
import { allRows, tables } from '../../support/db';
import { multipart, type FilePart } from '../../support/multipart';
import {
  epub, gif, HTML_AS_JPEG, jpegWithExif, noisyPng, pdf, pngWithAlpha, rawMultipart, startMediaTestServer, storedMediaKeys,
  SVG_WITH_SCRIPT, tiff, tinyAudio, tinyVideo, tmpEntries, webp, zip, type MediaTestServer,
} from '../../support/media-fixtures';

jest.setTimeout(120_000);

let server: MediaTestServer;
beforeAll(async () => {
  server = await startMediaTestServer();
});
afterAll(() => server.close());

const IMAGE_ONLY = 'file must be an image (JPEG, PNG, WebP or GIF)';

const upload = async (kinds: string, files: Record<string, FilePart>, fields: Record<string, string> = {}, query = '') => {
  const body = await multipart(fields, files);
  return server.app.inject({ method: 'POST', url: `/test-upload?kinds=${kinds}${query}`, payload: body.payload, headers: body.headers });
};
const fetchUrl = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: url.slice(server.config.apiEndpoint.length), headers });
const snapshot = async () => ({
  rows: await allRows(server.app, tables.mediaFiles),
  keys: await storedMediaKeys(server.dataDir),
  tmp: await tmpEntries(server.dataDir),
});

describe('accepted kinds', () => {
  it('re-encodes an image into main, thumbnail and blurred preview without EXIF or GPS, ready at once', async () => {
    const original = await jpegWithExif(3000, 2000);
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('secret-exif-copyright');
    const res = await upload('image', { file: { content: original, filename: 'holiday.jpg', contentType: 'image/jpeg' } }, { caption: 'hi' });
    expect(res.statusCode).toBe(200);
    const { file, fields, id } = res.json().data;
    expect(fields).toEqual({ caption: 'hi' });
    // Orientation 6 applied: the 3000x2000 picture stands upright, at most 2048px.
    expect(file).toMatchObject({ _id: id, kind: 'image', type: 'feed-photo', status: 'ready', width: 1365, height: 2048, mimeType: 'image/jpeg', name: 'holiday.jpg', isLocked: false, failureReason: null, duration: null });
    expect(file.thumbnails).toHaveLength(1);

    const main = await fetchUrl(file.url);
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toBe('image/jpeg');
    const mainMeta = await sharp(main.rawPayload).metadata();
    expect(mainMeta).toMatchObject({ format: 'jpeg', width: 1365, height: 2048 });
    expect(mainMeta.exif).toBeUndefined();
    expect(mainMeta.xmp).toBeUndefined();
    expect(main.rawPayload.toString('latin1')).not.toContain('secret-exif-copyright');
    expect(file.size).toBe(main.rawPayload.length);

    const thumb = await sharp((await fetchUrl(file.thumbnails[0])).rawPayload).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 427, height: 640 });
    expect(thumb.exif).toBeUndefined();
    const preview = await sharp((await fetchUrl(file.preview)).rawPayload).metadata();
    expect(preview).toMatchObject({ format: 'webp', width: 480 });
    expect(preview.exif).toBeUndefined();

    // Only derived files are kept: no original, nothing left in tmp.
    const keys = await storedMediaKeys(server.dataDir);
    const prefix = `media/${server.ownerId}/${id}/`;
    expect(keys.filter((k) => k.startsWith(prefix))).toEqual([`${prefix}main.jpg`, `${prefix}preview.webp`, `${prefix}thumb.webp`]);
    expect(await tmpEntries(server.dataDir)).toEqual([]);
  });

  it('keeps transparency as WebP, takes GIF (first frame) and WebP, never enlarges', async () => {
    const png = (await upload('image', { file: { content: await pngWithAlpha(), filename: 'a.png' } })).json().data.file;
    expect(png).toMatchObject({ mimeType: 'image/webp', width: 300, height: 200 });
    expect((await sharp((await fetchUrl(png.url)).rawPayload).metadata()).hasAlpha).toBe(true);
    const g = (await upload('image', { file: { content: await gif(), filename: 'a.gif' } })).json().data.file;
    expect(g).toMatchObject({ status: 'ready', mimeType: 'image/jpeg', width: 64, height: 48 });
    const w = (await upload('image', { file: { content: await webp(), filename: 'wide.webp' } })).json().data.file;
    expect(w).toMatchObject({ width: 2048, height: 1024 });
  });

  it('makes a preview that cannot be turned back into the picture', async () => {
    const original = await noisyPng(256, 256);
    const file = (await upload('image', { file: { content: original, filename: 'noise.png' } })).json().data.file;
    const preview = await sharp((await fetchUrl(file.preview)).rawPayload).resize(256, 256).removeAlpha().raw().toBuffer();
    const pixels = await sharp(original).removeAlpha().raw().toBuffer();
    // Random pixels survive only as their average: every channel of the preview sits near the mean.
    let spread = 0;
    for (let i = 0; i < preview.length; i++) spread = Math.max(spread, Math.abs(preview[i] - 128));
    expect(spread).toBeLessThan(48);
    let diff = 0;
    for (let i = 0; i < pixels.length; i++) diff += Math.abs(pixels[i] - preview[i]);
    expect(diff / pixels.length).toBeGreaterThan(40);
  });

  it('stores documents byte for byte: PDF, ZIP and EPUB', async () => {
    for (const [content, filename, mimeType] of [
      [pdf(), 'guide.pdf', 'application/pdf'],
      [zip({ 'a.txt': 'hello' }), 'pack.zip', 'application/zip'],
      [epub(), 'book.epub', 'application/epub+zip'],
    ] as const) {
      const res = await upload('document', { file: { content, filename } }, {}, '&purpose=product-file');
      expect(res.statusCode).toBe(200);
      const file = res.json().data.file;
      expect(file).toMatchObject({ kind: 'document', type: 'product-file', status: 'ready', mimeType, size: content.length, thumbnails: [], preview: null });
      const got = await fetchUrl(file.url);
      expect(got.headers['content-type']).toBe(mimeType);
      expect(got.rawPayload.equals(content)).toBe(true);
    }
  });

  it('queues videos and audio as pending, whatever they are named', async () => {
    const video = await upload('video', { file: { content: await tinyVideo('webm'), filename: 'clip.txt', contentType: 'text/plain' } });
    expect(video.statusCode).toBe(200);
    expect(video.json().data.file).toMatchObject({ kind: 'video', status: 'pending', url: null, thumbnails: [], preview: null });
    for (const format of ['mp3', 'm4a', 'ogg', 'wav', 'flac'] as const) {
      const audio = await upload('audio', { file: { content: await tinyAudio(format), filename: `song.${format}` } });
      expect(audio.statusCode).toBe(200);
      expect(audio.json().data.file).toMatchObject({ kind: 'audio', status: 'pending' });
    }
    await server.app.media.whenIdle();
  });

  it('takes the first matching kind of several, and text fields after the file too', async () => {
    const body = rawMultipart([
      { name: 'before', value: '1' },
      { name: 'file', filename: 'x.bin', content: pdf() },
      { name: 'after', value: '2' },
    ]);
    const res = await server.app.inject({ method: 'POST', url: '/test-upload?kinds=image,document', ...body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ file: { kind: 'document' }, fields: { before: '1', after: '2' } });
  });
});

describe('refused uploads store nothing', () => {
  const expectRefused = async (res: { statusCode: number; json: () => { message: string; details?: { field: string }[] } }, status: number, message: string | RegExp, field = 'file') => {
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(res.json().details).toEqual([{ field, message: res.json().message }]);
  };

  it.each([
    ['an HTML page named .jpg', HTML_AS_JPEG, 'cat.jpg'],
    ['an SVG with a script', SVG_WITH_SCRIPT, 'logo.svg'],
    ['a TIFF', 'tiff', 'scan.tiff'],
    ['a ZIP uploaded as an image', 'zip', 'photo.jpg'],
    ['a PDF uploaded as an image', 'pdf', 'photo.png'],
    ['a JPEG header over garbage', 'broken-jpeg', 'photo.jpg'],
  ])('%s: 400', async (_label, content, filename) => {
    const before = await snapshot();
    const bytes =
      content === 'tiff' ? await tiff()
        : content === 'zip' ? zip({ 'a.txt': 'x' })
          : content === 'pdf' ? pdf()
            : content === 'broken-jpeg' ? Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(500, 7)])
              : Buffer.from(content);
    await expectRefused(await upload('image', { file: { content: bytes, filename, contentType: 'image/jpeg' } }), 400, IMAGE_ONLY);
    expect(await snapshot()).toEqual(before);
  });

  it('names every allowed kind when none matches', async () => {
    const res = await upload('video,audio', { file: { content: await gif(), filename: 'x.mp4' } });
    await expectRefused(res, 400, 'file must be a video (MP4, MOV, WebM or MKV) or an audio file (MP3, M4A, AAC, Ogg, WAV or FLAC)');
    const doc = await upload('document', { file: { content: await gif(), filename: 'x.pdf' } });
    await expectRefused(doc, 400, 'file must be a PDF, ZIP or EPUB file');
  });

  it('refuses an empty file, a missing file, another file field and a second file', async () => {
    const before = await snapshot();
    await expectRefused(await upload('image', { file: { content: Buffer.alloc(0), filename: 'empty.jpg' } }), 400, 'file is empty');
    await expectRefused(await upload('image', {}, { note: 'no file' }), 400, 'file is required');
    await expectRefused(await upload('image', { other: { content: await gif(), filename: 'a.gif' } }), 400, 'other is not allowed', 'other');
    const two = rawMultipart([
      { name: 'file', filename: 'a.gif', content: await gif() },
      { name: 'file', filename: 'b.gif', content: await gif() },
    ]);
    await expectRefused(await server.app.inject({ method: 'POST', url: '/test-upload?kinds=image', ...two }), 400, 'file must be a single file');
    const notMultipart = await server.app.inject({ method: 'POST', url: '/test-upload', payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['a path', '../../etc/passwd.jpg'],
    ['a folder', 'photos/me.jpg'],
    ['a Windows path', 'C:\\Users\\me.jpg'],
    ['two dots', 'me..jpg'],
    ['a control character', 'me\u0007.jpg'],
    ['a NUL', 'me\u0000.jpg'],
  ])('refuses a file name with %s', async (_label, filename) => {
    const before = await snapshot();
    const body = rawMultipart([{ name: 'file', filename, content: await gif() }]);
    const res = await server.app.inject({ method: 'POST', url: '/test-upload?kinds=image', ...body });
    await expectRefused(res, 400, 'The file name is not allowed');
    expect(await snapshot()).toEqual(before);
  });

  it('applies the size limit of the detected kind from the settings, read per request', async () => {
    await server.app.settings.set({ maxImageUploadMb: 1, maxAudioUploadMb: 1 });
    try {
      const before = await snapshot();
      const big = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
      expect(big.length).toBeGreaterThan(1024 * 1024);
      await expectRefused(await upload('image', { file: { content: big, filename: 'big.png' } }), 413, 'This file is too large: the limit is 1 MB');
      const wav = Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'), Buffer.alloc(1024 * 1024 + 10)]);
      await expectRefused(await upload('audio,image', { file: { content: wav, filename: 'long.wav' } }), 413, 'This file is too large: the limit is 1 MB');
      await expectRefused(
        await server.app.media.ingestBuffer({ ownerId: server.ownerId, kinds: ['image'], purpose: 'feed-photo', buffer: big, filename: 'big.png' }).then(
          () => ({ statusCode: 200, json: () => ({ message: '' }) }),
          (err) => ({ statusCode: err.statusCode, json: () => ({ message: err.message, details: err.details }) }),
        ),
        413,
        'This file is too large: the limit is 1 MB',
      );
      expect(await snapshot()).toEqual(before);
      // The same file under a video limit of 1024 MB is fine: the limit follows the kind, not the route.
      await server.app.settings.set({ maxImageUploadMb: 20 });
      expect((await upload('image', { file: { content: big, filename: 'big.png' } })).statusCode).toBe(200);
    } finally {
      await server.app.settings.set({ maxImageUploadMb: 20, maxAudioUploadMb: 200 });
    }
  });
});

describe('ingestBuffer', () => {
  it('runs the same checks and processing for bytes in memory', async () => {
    const row = await server.app.media.ingestBuffer({ ownerId: server.ownerId, kinds: ['image'], purpose: 'product-image', buffer: await jpegWithExif(), filename: 'p.jpg' });
    expect(row).toMatchObject({ kind: 'image', status: 'ready', purpose: 'product-image', width: 300, height: 400, originalKey: null });
    await expect(
      server.app.media.ingestBuffer({ ownerId: server.ownerId, kinds: ['image'], purpose: 'x', buffer: Buffer.from(HTML_AS_JPEG), filename: 'p.jpg' }),
    ).rejects.toMatchObject({ statusCode: 400, message: IMAGE_ONLY });
    await expect(
      server.app.media.ingestBuffer({ ownerId: server.ownerId, kinds: ['image'], purpose: 'x', buffer: await gif(), filename: '../p.gif' }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'The file name is not allowed' });
  });
});
