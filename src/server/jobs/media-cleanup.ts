import fsp from 'node:fs/promises';
import path from 'node:path';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Storage } from '../storage/storage';
import { mediaRepository } from '../modules/media/media.repository';
import { keysOf } from '../media/media-keys';

export interface CleanupDeps {
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
  /** DATA_DIR/tmp: uploads and job folders a crash left behind are swept too. */
  tmpDir: string;
}

/** A file uploaded and never attached (an abandoned post form) is kept this long, then removed. */
export const UNREFERENCED_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Deletes media files that no content row names and that are older than a day: the rows, then
 * their stored objects (a failed object delete is logged; the key is simply orphaned). Returns
 * how many rows went.
 */
export async function cleanUpUnreferencedMedia(deps: CleanupDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNREFERENCED_MAX_AGE_MS);
  let removed = 0;
  for (;;) {
    const rows = await mediaRepository.removeUnreferenced(deps.db, before, BATCH);
    removed += rows.length;
    for (const key of rows.flatMap(keysOf)) {
      await deps.storage.delete(key).catch((err) => deps.log.warn({ err, key }, 'could not delete an unreferenced media object'));
    }
    if (rows.length < BATCH) break;
  }
  await sweepTmp(deps.tmpDir, before);
  if (removed) deps.log.info({ removed }, 'removed unreferenced media files');
  return removed;
}

async function sweepTmp(tmpDir: string, before: Date) {
  const entries = await fsp.readdir(tmpDir).catch(() => [] as string[]);
  for (const name of entries) {
    const entry = path.join(tmpDir, name);
    const stat = await fsp.stat(entry).catch(() => null);
    if (stat && stat.mtime < before) await fsp.rm(entry, { recursive: true, force: true });
  }
}

/**
 * Runs the clean-up at the top of every hour, and `alsoHourly` beside it (in-process mode re-queues
 * files whose worker died); returns the stop function. A run still going when the next is due is
 * not started twice.
 */
export function scheduleMediaCleanup(deps: CleanupDeps, alsoHourly?: () => Promise<void>): () => void {
  const job = new Cron('0 * * * *', { protect: true, unref: true }, async () => {
    try {
      await cleanUpUnreferencedMedia(deps);
      await alsoHourly?.();
    } catch (err) {
      deps.log.error({ err }, 'media clean-up failed');
    }
  });
  return () => job.stop();
}
