import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Storage } from '../storage/storage';
import { mediaRepository, type MediaFileRow, type MediaFilePatch } from '../modules/media/media.repository';
import { FfmpegError, type FfmpegRun } from './ffmpeg';
import { encodeImageVariants } from './image-variants';
import { MAIN, mediaKey, PREVIEW, THUMBNAIL } from './media-keys';
import { MediaProcessingError } from './processing-error';
import { transcodeVideo } from './video-transcode';
import { transcodeAudio } from './audio-transcode';

export interface ProcessorDeps {
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
  tmpDir: string;
  ffmpegPath: () => Promise<string>;
  timeoutMs: number;
  /** A `processing` row untouched since this time lost its worker and may be taken again (null: any). */
  staleBefore: () => Date | null;
  onProcessed: (row: MediaFileRow) => void;
}

/** How often a running job marks its row alive (`updatedAt`); see `staleBefore`. */
export const HEARTBEAT_MS = 60_000;

/** The job was stopped because the API is shutting down; the file goes back to `pending`. */
export class JobAbortedError extends Error {
  constructor() {
    super('Media job stopped by shutdown');
    this.name = 'JobAbortedError';
  }
}

const noun = (row: MediaFileRow) => (row.kind === 'video' ? 'video' : 'audio');

/** The reason a creator reads: ours when we have one, never ffmpeg's output or a stack trace. */
function failureReason(row: MediaFileRow, err: unknown): string {
  if (err instanceof MediaProcessingError) return err.message;
  if (err instanceof FfmpegError && err.reason === 'timeout') {
    return `The ${noun(row)} took too long to process: please upload a shorter or smaller file`;
  }
  if (err instanceof FfmpegError && err.reason === 'failed') {
    return `The ${noun(row)} could not be read: it may be damaged or in an unsupported format`;
  }
  return `The ${noun(row)} could not be processed because of a problem on our side: please upload it again`;
}

/**
 * The background job for one video or audio file: takes the row (`processing`), fetches the
 * upload into a work folder, transcodes it, stores the derived files, and marks the row `ready`
 * (the upload itself is deleted) or `failed` with a reason. Listeners hear about both outcomes.
 */
export function createMediaProcessor(deps: ProcessorDeps) {
  const { db, storage, log } = deps;

  async function fetchOriginal(row: MediaFileRow, workDir: string): Promise<string> {
    const object = row.originalKey ? await storage.get(row.originalKey) : null;
    if (!object) throw new MediaProcessingError(`The uploaded ${noun(row)} is missing: please upload it again`);
    const file = path.join(workDir, `original${path.extname(row.originalKey!)}`);
    await pipeline(object.stream, fs.createWriteStream(file));
    return file;
  }

  /** Stores what the transcoder made; returns the row's new columns. */
  async function transcode(row: MediaFileRow, input: string, workDir: string, run: FfmpegRun): Promise<MediaFilePatch> {
    const key = (name: string) => mediaKey(row.ownerId, row.id, name);
    if (row.kind === 'audio') {
      const audio = await transcodeAudio(input, path.extname(input).slice(1), workDir, run);
      await storage.putFile(key(MAIN(audio.ext)), audio.mainPath, audio.contentType);
      const { size } = await fsp.stat(audio.mainPath);
      return { mainKey: key(MAIN(audio.ext)), mainContentType: audio.contentType, sizeBytes: size, durationMs: audio.durationMs };
    }
    const video = await transcodeVideo(input, workDir, run);
    await storage.putFile(key(MAIN('mp4')), video.mainPath, 'video/mp4');
    const patch: MediaFilePatch = {
      mainKey: key(MAIN('mp4')),
      mainContentType: 'video/mp4',
      sizeBytes: (await fsp.stat(video.mainPath)).size,
      width: video.width,
      height: video.height,
      durationMs: video.durationMs,
    };
    if (video.posterPath) {
      const { thumbnail, preview } = await encodeImageVariants(video.posterPath);
      await storage.put(key(THUMBNAIL), thumbnail.buffer, thumbnail.contentType);
      await storage.put(key(PREVIEW), preview.buffer, preview.contentType);
      Object.assign(patch, { thumbnailKey: key(THUMBNAIL), previewKey: key(PREVIEW) });
    }
    return patch;
  }

  async function deleteKeys(keys: (string | null | undefined)[]) {
    for (const key of keys) {
      if (key) await storage.delete(key).catch((err) => log.warn({ err, key }, 'could not delete a media object'));
    }
  }

  return async function processMediaFile(fileId: string, signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw new JobAbortedError();
    const row = await mediaRepository.claim(db, fileId, deps.staleBefore());
    // Done already, taken by another worker, or deleted: nothing to do.
    if (!row) return;
    await fsp.mkdir(deps.tmpDir, { recursive: true });
    const workDir = await fsp.mkdtemp(path.join(deps.tmpDir, `job-${row.id}-`));
    const heartbeat = setInterval(() => void mediaRepository.touch(db, row.id).catch(() => undefined), HEARTBEAT_MS);
    heartbeat.unref();
    const key = (name: string) => mediaKey(row.ownerId, row.id, name);
    // Whatever a failed run may have stored already (deleting a missing key is not an error).
    const derived = [MAIN('mp4'), MAIN('m4a'), MAIN('mp3'), THUMBNAIL, PREVIEW].map(key);
    try {
      const run: FfmpegRun = { ffmpegPath: await deps.ffmpegPath(), timeoutMs: deps.timeoutMs, signal };
      const input = await fetchOriginal(row, workDir);
      const patch = await transcode(row, input, workDir, run);
      const done = await mediaRepository.update(db, row.id, { ...patch, status: 'ready', failureReason: null, originalKey: null });
      if (!done) {
        // Deleted while we worked: what we stored belongs to nobody.
        await deleteKeys([...derived, row.originalKey]);
        return;
      }
      await deleteKeys([row.originalKey]);
      deps.onProcessed(done);
    } catch (err) {
      if (signal.aborted) {
        await mediaRepository.update(db, row.id, { status: 'pending' }).catch(() => undefined);
        throw new JobAbortedError();
      }
      const reason = failureReason(row, err);
      log.warn({ err, fileId: row.id, kind: row.kind, stderr: (err as FfmpegError).stderr?.slice(-2000) }, 'media processing failed');
      await deleteKeys(derived);
      // The upload cannot be played; keeping it would only hold space until the clean-up.
      const failed = await mediaRepository.update(db, row.id, { status: 'failed', failureReason: reason, originalKey: null });
      await deleteKeys([row.originalKey]);
      if (failed) deps.onProcessed(failed);
    } finally {
      clearInterval(heartbeat);
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  };
}
