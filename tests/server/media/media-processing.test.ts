import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startTestServer } from '../../support/server';
import { createUserWithToken } from '../../support/db';
import { multipart } from '../../support/multipart';
import {
  corruptMp4, corruptOgg, ffmpegMake, startMediaTestServer, storedMediaKeys, tinyAudio, tinyVideo, tmpEntries, topLevelBoxes,
  type MediaTestServer,
} from '../../support/media-fixtures';
import type { MediaFileRow } from '../../../src/server/modules/media/media.repository';
import { mediaRepository } from '../../../src/server/modules/media/media.repository';

jest.setTimeout(120_000);

let server: MediaTestServer;
const processed: MediaFileRow[] = [];
beforeAll(async () => {
  server = await startMediaTestServer();
  server.app.media.onProcessed((row) => processed.push(row));
});
afterAll(() => server.close());

const upload = async (kinds: string, content: Buffer, filename: string, purpose = 'feed-video') => {
  const body = await multipart({}, { file: { content, filename } });
  const res = await server.app.inject({ method: 'POST', url: `/test-upload?kinds=${kinds}&purpose=${purpose}`, ...body });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; file: { status: string } };
};
const fetchUrl = (url: string) => server.app.inject({ method: 'GET', url: url.slice(server.config.apiEndpoint.length) });
const row = async (id: string) => (await mediaRepository.findById(server.app.db, id))!;

/** Polls the row until the job is done, recording every status it passed through. */
async function watch(id: string): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < 3000; i++) {
    const { status } = await row(id);
    if (seen[seen.length - 1] !== status) seen.push(status);
    if (status === 'ready' || status === 'failed') return seen;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`file ${id} never finished: ${seen.join(' → ')}`);
}

describe('video', () => {
  it('goes pending → processing → ready: faststart H.264/AAC MP4, poster thumbnail and blurred preview, duration', async () => {
    const source = await tinyVideo('mp4');
    expect(topLevelBoxes(source).indexOf('moov')).toBeGreaterThan(topLevelBoxes(source).indexOf('mdat'));
    const { id, file } = await upload('video', source, 'holiday.mp4');
    expect(file.status).toBe('pending');
    const seen = await watch(id);
    // The job may have started before the first poll lands; the order is what matters.
    expect(['pending', 'processing', 'ready'].filter((s) => seen.includes(s))).toEqual(seen);
    expect(seen.slice(-2)).toEqual(['processing', 'ready']);
    await server.app.media.whenIdle();

    const done = await row(id);
    expect(done).toMatchObject({ status: 'ready', failureReason: null, originalKey: null, mainContentType: 'video/mp4', width: 320, height: 240 });
    expect(done.durationMs).toBeGreaterThanOrEqual(900);
    expect(done.durationMs).toBeLessThanOrEqual(1200);
    expect(processed.find((r) => r.id === id)).toMatchObject({ status: 'ready' });

    const view = server.app.media.present(done, { unlocked: true });
    expect(view).toMatchObject({ status: 'ready', kind: 'video', mimeType: 'video/mp4', width: 320, height: 240, duration: done.durationMs! / 1000 });
    const mp4 = (await fetchUrl(view.url!)).rawPayload;
    expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');
    const boxes = topLevelBoxes(mp4);
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(mp4.length).toBe(done.sizeBytes);

    expect(await sharp((await fetchUrl(view.thumbnails[0])).rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(await sharp((await fetchUrl(view.preview!)).rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480 });
    // The upload itself is gone; only what viewers get stays.
    const prefix = `media/${server.ownerId}/${id}/`;
    expect((await storedMediaKeys(server.dataDir)).filter((k) => k.startsWith(prefix))).toEqual([`${prefix}main.mp4`, `${prefix}preview.webp`, `${prefix}thumb.webp`]);
    expect(await tmpEntries(server.dataDir)).toEqual([]);
  });

  it('turns WebM (VP8/Vorbis) into MP4 too', async () => {
    const { id } = await upload('video', await tinyVideo('webm'), 'clip.webm');
    await server.app.media.whenIdle();
    expect(await row(id)).toMatchObject({ status: 'ready', mainContentType: 'video/mp4', width: 320, height: 240 });
  });

  it('scales to even sides within 1080p, portrait kept portrait (QuickTime in)', async () => {
    const { id } = await upload('video', await tinyVideo('mov'), 'portrait.mov');
    await server.app.media.whenIdle();
    expect(await row(id)).toMatchObject({ status: 'ready', width: 240, height: 320 });
    const big = await ffmpegMake(['-f', 'lavfi', '-i', 'color=c=red:size=2500x1500:duration=0.3:rate=5', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'], 'mp4');
    const large = await upload('video', big, 'big.mp4');
    await server.app.media.whenIdle();
    expect(await row(large.id)).toMatchObject({ status: 'ready', width: 1800, height: 1080 });
  });

  it('ends failed with a reason a creator can act on when the bytes are not a playable video', async () => {
    const { id, file } = await upload('video', corruptMp4(), 'broken.mp4');
    expect(file.status).toBe('pending');
    await server.app.media.whenIdle();
    const failed = await row(id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'The video could not be read: it may be damaged or in an unsupported format',
      mainKey: null,
      originalKey: null,
    });
    expect(processed.find((r) => r.id === id)).toMatchObject({ status: 'failed' });
    expect(server.app.media.present(failed, { unlocked: true })).toMatchObject({ url: null, thumbnails: [], status: 'failed', failureReason: failed.failureReason });
    expect(server.app.media.present(failed, { unlocked: false }).failureReason).toBeNull();
    expect((await storedMediaKeys(server.dataDir)).filter((k) => k.includes(id))).toEqual([]);
  });
});

describe('audio', () => {
  it.each([
    ['mp3', 'audio/mpeg', 'main.mp3'],
    ['m4a', 'audio/mp4', 'main.m4a'],
    ['ogg', 'audio/mp4', 'main.m4a'],
    ['wav', 'audio/mp4', 'main.m4a'],
    ['flac', 'audio/mp4', 'main.m4a'],
  ] as const)('%s becomes ready as %s with its duration and no thumbnail', async (format, mimeType, name) => {
    const source = await tinyAudio(format);
    const { id } = await upload('audio', source, `song.${format}`, 'feed-audio');
    await server.app.media.whenIdle();
    const done = await row(id);
    expect(done).toMatchObject({ status: 'ready', kind: 'audio', mainContentType: mimeType, thumbnailKey: null, previewKey: null, originalKey: null });
    expect(done.mainKey).toBe(`media/${server.ownerId}/${id}/${name}`);
    expect(done.durationMs).toBeGreaterThanOrEqual(900);
    expect(done.durationMs).toBeLessThanOrEqual(1200);
    const view = server.app.media.present(done, { unlocked: true });
    expect(view).toMatchObject({ thumbnails: [], preview: null, mimeType });
    const bytes = (await fetchUrl(view.url!)).rawPayload;
    // MP3 is kept as uploaded; the rest is AAC in an M4A container.
    if (format === 'mp3') expect(bytes.equals(source)).toBe(true);
    else expect(bytes.toString('latin1', 4, 12)).toMatch(/^ftyp/);
  });

  it('a corrupt file ends failed with a readable reason', async () => {
    const { id } = await upload('audio', corruptOgg(), 'song.ogg', 'feed-audio');
    await server.app.media.whenIdle();
    expect(await row(id)).toMatchObject({ status: 'failed', failureReason: 'The audio could not be read: it may be damaged or in an unsupported format' });
  });
});

describe('a server-side problem', () => {
  it('fails the file with a reason that does not blame it, and never shows the error', async () => {
    const broken = await startMediaTestServer({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
    try {
      const file = await broken.app.media.ingestBuffer({ ownerId: broken.ownerId, kinds: ['video'], purpose: 'video', buffer: await tinyVideo('mp4'), filename: 'a.mp4' });
      await broken.app.media.whenIdle();
      const failed = (await mediaRepository.findById(broken.app.db, file.id))!;
      expect(failed).toMatchObject({ status: 'failed', failureReason: 'The video could not be processed because of a problem on our side: please upload it again' });
      expect(failed.failureReason).not.toMatch(/nonexistent|ENOENT|Error/);
    } finally {
      await broken.close();
    }
  });
});

describe('remove', () => {
  it('deletes the rows and their stored objects', async () => {
    const image = await server.app.media.ingestBuffer({ ownerId: server.ownerId, kinds: ['image'], purpose: 'feed-photo', buffer: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer(), filename: 'a.png' });
    const prefix = `media/${server.ownerId}/${image.id}/`;
    expect((await storedMediaKeys(server.dataDir)).filter((k) => k.startsWith(prefix))).toHaveLength(3);
    await server.app.media.remove([image.id]);
    expect(await mediaRepository.findById(server.app.db, image.id)).toBeNull();
    expect((await storedMediaKeys(server.dataDir)).filter((k) => k.startsWith(prefix))).toEqual([]);
  });
});

describe('start-up recovery (in-process queue)', () => {
  it('re-queues files left pending or processing by a previous run', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-media-restart-'));
    // On-disk PGlite in a shared data directory: the second server sees what the first left.
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
    try {
      const first = await startTestServer(env);
      const { user } = await createUserWithToken(first.app);
      const video = await tinyVideo('mp4');
      const ids: string[] = [];
      for (const status of ['pending', 'processing'] as const) {
        const id = crypto.randomUUID();
        const originalKey = `media/${user.id}/${id}/original.mp4`;
        await first.app.storage.put(originalKey, video, 'video/mp4');
        await mediaRepository.insert(first.app.db, { id, ownerId: user.id, kind: 'video', purpose: 'video', status, originalKey, sizeBytes: video.length });
        ids.push(id);
      }
      await first.close();

      const second = await startTestServer(env);
      try {
        await second.app.media.whenIdle();
        for (const id of ids) expect(await mediaRepository.findById(second.app.db, id)).toMatchObject({ status: 'ready', originalKey: null });
      } finally {
        await second.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
