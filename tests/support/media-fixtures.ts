import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { startTestServer, type TestServer } from './server';
import { createUserWithToken } from './db';
import type { MediaKind } from '../../src/server/db/schema/media';

/**
 * Real files of every kind the media pipeline takes (made with sharp and the bundled ffmpeg), bad
 * ones it must refuse, a raw multipart encoder for names FormData would not send, and a test
 * server with an upload route. (A real S3-compatible server for tests: s3-server.ts.)
 */

const run = promisify(execFile);
export const FFMPEG = ffmpegInstaller.path;

// --- images -------------------------------------------------------------------------------------

/** A JPEG with EXIF (a copyright line and GPS position) and orientation 6 (rotated 90°). */
export const jpegWithExif = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: 'secret-exif-copyright' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();

export const pngWithAlpha = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();
export const gif = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#f80' } }).gif().toBuffer();
export const webp = () => sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#123' } }).webp().toBuffer();
export const tiff = () => sharp({ create: { width: 32, height: 32, channels: 3, background: '#123' } }).tiff().toBuffer();

/** A picture with detail (noise), so a preview that kept it would be measurably close to the original. */
export const noisyPng = (width = 256, height = 256) =>
  sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png().toBuffer();

export const HTML_AS_JPEG = '<html><body><script>alert(1)</script></body></html>';
export const SVG_WITH_SCRIPT = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';

// --- documents ----------------------------------------------------------------------------------

export const pdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A stored (uncompressed) ZIP archive of the given entries, first entry first. */
export function zip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

export const epub = () =>
  zip({ mimetype: 'application/epub+zip', 'META-INF/container.xml': '<container/>', 'book.xhtml': '<html/>' });

// --- video and audio ----------------------------------------------------------------------------

/** Runs the bundled ffmpeg (argument array, as the server does) and returns the file it wrote. */
export async function ffmpegMake(args: string[], ext: string): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-media-fixture-'));
  const out = path.join(dir, `out.${ext}`);
  try {
    await run(FFMPEG, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args, '-y', out]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const TEST_PICTURE = ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=10'];
const TEST_TONE = ['-f', 'lavfi', '-i', 'sine=duration=1'];

/** One second of test picture and tone: MP4 (H.264/AAC, not faststart), WebM (VP8/Vorbis) or a portrait MOV. */
export const tinyVideo = (format: 'mp4' | 'webm' | 'mov' = 'mp4') => {
  if (format === 'webm') return ffmpegMake([...TEST_PICTURE, ...TEST_TONE, '-c:v', 'libvpx', '-c:a', 'libvorbis', '-shortest'], 'webm');
  if (format === 'mov') {
    return ffmpegMake(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=241x321:rate=10', '-c:v', 'mjpeg', '-an'], 'mov');
  }
  return ffmpegMake([...TEST_PICTURE, ...TEST_TONE, '-c:v', 'libx264', '-pix_fmt', 'yuv444p', '-c:a', 'aac', '-shortest'], 'mp4');
};

/** One second of tone in each audio format the pipeline takes. */
export const tinyAudio = (format: 'mp3' | 'm4a' | 'ogg' | 'wav' | 'flac') => {
  const codec: Record<typeof format, string[]> = {
    mp3: ['-c:a', 'libmp3lame', '-f', 'mp3'],
    m4a: ['-c:a', 'aac', '-f', 'ipod'],
    ogg: ['-c:a', 'libvorbis', '-f', 'ogg'],
    wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
    flac: ['-c:a', 'flac', '-f', 'flac'],
  };
  return ffmpegMake([...TEST_TONE, ...codec[format]], format);
};

/** A valid `ftyp` header over random bytes: passes the byte check, fails in ffmpeg. */
export const corruptMp4 = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1'), crypto.randomBytes(8000)]);
export const corruptOgg = () => Buffer.concat([Buffer.from('OggS', 'latin1'), crypto.randomBytes(4000)]);

/** The top-level MP4 boxes in order (`ftyp`, `moov`, `mdat`...): `moov` before `mdat` means faststart. */
export function topLevelBoxes(file: Buffer): string[] {
  const boxes: string[] = [];
  let at = 0;
  while (at + 8 <= file.length) {
    let size = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(file.readBigUInt64BE(at + 8));
    if (size === 0) size = file.length - at;
    if (size < 8) break;
    boxes.push(type);
    at += size;
  }
  return boxes;
}

// --- multipart ----------------------------------------------------------------------------------

/**
 * A multipart body written byte for byte, for file names a browser's FormData would escape or
 * strip (`../x`, control characters). Parts go in the order given.
 */
export function rawMultipart(parts: ({ name: string; value: string } | { name: string; filename: string; content: Buffer | string; contentType?: string })[]) {
  const boundary = `----cp-test-${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="`, 'latin1'));
      chunks.push(Buffer.from(part.filename, 'utf8'));
      chunks.push(Buffer.from(`"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// --- a test server with an upload route ---------------------------------------------------------

export interface MediaTestServer extends TestServer {
  ownerId: string;
  ownerToken: string;
}

/**
 * The real app plus `POST /test-upload?kinds=image,video&purpose=feed-photo[&field=file]`: ingests
 * the upload for a fresh owner and answers `{ data: { file: present(unlocked), fields, id } }`.
 * No public content route exists yet; the features that add them call the same functions.
 */
export async function startMediaTestServer(env: Record<string, string> = {}): Promise<MediaTestServer> {
  let owner = '';
  const server = await startTestServer(env, {
    setup(app: FastifyInstance) {
      app.post<{ Querystring: { kinds?: string; purpose?: string; field?: string; download?: string } }>('/test-upload', async (request) => {
        const kinds = (request.query.kinds ?? 'image').split(',') as MediaKind[];
        const { file, fields } = await app.media.ingestUpload(request, {
          ownerId: owner,
          kinds,
          purpose: request.query.purpose ?? 'feed-photo',
          field: request.query.field,
        });
        return { data: { id: file.id, file: app.media.present(file, { unlocked: true, download: request.query.download === '1' }), fields } };
      });
    },
  });
  const { user, token } = await createUserWithToken(server.app, { role: 'performer' });
  owner = user.id;
  return { ...server, ownerId: user.id, ownerToken: token };
}

/** Every stored object under DATA_DIR/uploads/media, as keys. */
export async function storedMediaKeys(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const found = await fs.readdir(path.join(root, 'media'), { recursive: true, withFileTypes: true }).catch(() => []);
  return found
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Files left in DATA_DIR/tmp (uploads and job folders must never stay behind). */
export const tmpEntries = (dataDir: string) => fs.readdir(path.join(dataDir, 'tmp')).catch(() => [] as string[]);
