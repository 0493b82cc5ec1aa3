import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MediaFileStatus, MediaFileView } from '../../common/contract/media';
import { loadJwtSecret } from '../lib/secret';
import { mediaRepository, type MediaFileRow } from '../modules/media/media.repository';
import { createMediaIngest, type FormIngestOptions, type IngestedForm, type IngestOptions } from '../media/media-ingest';
import { createMediaProcessor } from '../media/media-processor';
import { resolveFfmpegPath } from '../media/ffmpeg';
import { createUrlSigner, type UrlSigner } from '../media/signed-url';
import { mediaDownloadUrl, mediaFileStatus, presentMediaFile, type PresentOptions } from '../media/media-view';
import { keysOf } from '../media/media-keys';
import { createJobQueue } from '../jobs/create-job-queue';
import { cleanUpUnreferencedMedia, scheduleMediaCleanup } from '../jobs/media-cleanup';
import { PRIVATE_PREFIX } from '../storage/storage';
import { DOCUMENT_URL_TTL_SECONDS } from '../../common/constants/verification';

export interface MediaService {
  /**
   * Reads a multipart form with several file fields (each with its kinds, purpose and count) and
   * text fields; a refused form leaves no file behind.
   */
  ingestForm(request: FastifyRequest, opts: FormIngestOptions): Promise<IngestedForm>;
  /** Reads a multipart upload (one file part, text fields into `fields`) into a new media_files row. */
  ingestUpload(request: FastifyRequest, opts: IngestOptions): Promise<{ file: MediaFileRow; fields: Record<string, string> }>;
  /** The same for bytes in memory (seed data, tests). */
  ingestBuffer(opts: IngestOptions & { buffer: Buffer; filename: string }): Promise<MediaFileRow>;
  /** The row as a viewer receives it, with signed URLs; locked = blurred preview only. */
  present(row: MediaFileRow, opts: PresentOptions): MediaFileView;
  /** A signed URL that downloads the main file under its uploaded name; null until ready. */
  downloadUrl(row: MediaFileRow): string | null;
  /** What the status endpoints answer while a file is processed. */
  status(row: MediaFileRow): MediaFileStatus;
  /** Deletes the rows, then their stored objects. Call it after your own transaction commits. */
  remove(fileIds: readonly string[]): Promise<void>;
  /** Resolves when no media job is waiting or running. */
  whenIdle(): Promise<void>;
  /** Called with the row once a job made it `ready` or `failed`; returns the unsubscribe function. */
  onProcessed(listener: (row: MediaFileRow) => void): () => void;
  /** Deletes files older than a day that no content row references (hourly outside tests). */
  cleanUp(now?: Date): Promise<number>;
  /** The URL signer behind `present` (the file route checks with it). */
  signer: UrlSigner;
  /**
   * Signs `private/` keys (identity documents) for `/files/private/...`: a few minutes each, with a
   * key of its own, so no content-file signature opens a private file. Operators' answers only.
   */
  privateSigner: UrlSigner;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaService;
  }
}

/** Other instances may still be working on a `processing` row this recent (jobs beat every minute). */
const STALE_AFTER_MS = 5 * 60_000;

/**
 * The media pipeline: ingestion, the job queue for video and audio (in-process, or BullMQ when
 * REDIS_URL is set), signed URLs, and the hourly clean-up. Needs `app.storage`, so the storage
 * plugin registers it.
 */
export default fp(async function media(app: FastifyInstance) {
  const { config, db, storage, log } = app;
  const tmpDir = path.join(config.dataDir, 'tmp');
  const secret = await loadJwtSecret(config.jwtSecret, config.dataDir);
  const signer = createUrlSigner({ secret, ttlSeconds: config.media.urlTtlSeconds, baseUrl: `${config.apiEndpoint}/files/media` });
  const privateSigner = createUrlSigner({
    secret, ttlSeconds: DOCUMENT_URL_TTL_SECONDS, stepSeconds: 1, prefix: PRIVATE_PREFIX, purpose: 'private-url-signature/v1',
    baseUrl: `${config.apiEndpoint}/files/private`,
  });
  const listeners = new Set<(row: MediaFileRow) => void>();
  let ffmpegPath: Promise<string> | null = null;

  // BullMQ runs a job in one worker at a time and hands a dead worker's job to another, so any
  // `processing` row it gives us is ours. In memory: on PGlite (one process per data directory)
  // every `processing` row at start-up was left by a previous run; on PostgreSQL another instance
  // may be working on it, and only a row whose heartbeat stopped is abandoned.
  const staleBefore = config.redisUrl
    ? () => null
    : app.dbHandle.kind === 'pglite'
      ? () => new Date()
      : () => new Date(Date.now() - STALE_AFTER_MS);

  const processor = createMediaProcessor({
    db,
    storage,
    log,
    tmpDir,
    ffmpegPath: () => (ffmpegPath ??= resolveFfmpegPath(config.media.ffmpegPath)),
    timeoutMs: config.media.jobTimeoutSeconds * 1000,
    staleBefore,
    onProcessed(row) {
      if (row.status === 'failed') app.metrics.jobFailed('media');
      for (const listener of listeners) {
        try {
          listener(row);
        } catch (err) {
          log.error({ err, fileId: row.id }, 'media onProcessed listener failed');
        }
      }
    },
  });

  const queue = await createJobQueue(app, processor, { name: 'media', concurrency: config.media.jobConcurrency });
  async function remove(fileIds: readonly string[]) {
    const rows = await mediaRepository.remove(db, fileIds);
    for (const key of rows.flatMap(keysOf)) {
      await storage.delete(key).catch((err) => log.warn({ err, key }, 'could not delete a media object'));
    }
  }
  const ingest = createMediaIngest({ db, storage, settings: app.settings, log, tmpDir, enqueue: (id) => queue.add(id), remove });
  const cleanupDeps = { db, storage, log, tmpDir };

  /** In-process mode keeps no queue across restarts: the rows say what is left to do. */
  async function requeueUnfinished() {
    for (const id of await mediaRepository.findUnfinished(db, staleBefore() ?? new Date())) await queue.add(id);
  }

  const service: MediaService = {
    ingestForm: ingest.ingestForm,
    ingestUpload: ingest.ingestUpload,
    ingestBuffer: ingest.ingestBuffer,
    present: (row, opts) => presentMediaFile(signer, row, opts),
    downloadUrl: (row) => mediaDownloadUrl(signer, row),
    status: mediaFileStatus,
    remove,
    whenIdle: () => queue.whenIdle(),
    onProcessed(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    cleanUp: (now) => cleanUpUnreferencedMedia(cleanupDeps, now),
    signer,
    privateSigner,
  };
  app.decorate('media', service);

  let stopSchedule: (() => void) | null = null;
  app.addHook('onReady', async () => {
    if (!config.redisUrl) await requeueUnfinished();
    // Tests call cleanUp themselves; a timer would fire in the middle of them.
    if (config.env !== 'test') {
      stopSchedule = scheduleMediaCleanup(cleanupDeps, config.redisUrl ? undefined : requeueUnfinished);
    }
  });
  app.addHook('onClose', async () => {
    stopSchedule?.();
    await queue.close();
  });
}, { name: 'media', dependencies: ['db', 'settings', 'metrics'] });
