import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { feedPresentationRepository, type FeedParts } from './feed-presentation.repository';
import type { FeedRow } from './feeds.repository';

type PartsApp = Pick<FastifyInstance, 'db' | 'changeCaches'>;

/**
 * Each post's parts that are the same for every viewer (its files, covers and poll), kept in this
 * process so a page reads only its viewer's part (issue 18: a timeline page was one statement whose
 * nested media and poll rows were half of PostgreSQL's work; parsing and mapping rows were a sixth
 * of the API's). Fed by the database's `post_parts_changed` notices (migration 0020, db/change-cache.ts). Which thumbnail,
 * teaser and poll a post has comes with its own row on every read, and an entry is used only for
 * the ones it was read with, so changing them needs no notice. Reads inside a transaction neither
 * use nor fill the cache: what they see may never commit.
 */
function createFeedParts(app: PartsApp) {
  const cache = app.changeCaches.postParts.create<FeedParts>();
  const fits = (parts: FeedParts, row: FeedRow) =>
    parts.thumbnailFileId === row.thumbnailFileId && parts.teaserFileId === row.teaserFileId && parts.pollId === row.pollId;

  return {
    /** The parts of these posts by id; a post that no longer exists is absent. */
    async of(db: Executor, rows: readonly FeedRow[]): Promise<Map<string, FeedParts>> {
      if (db !== app.db) return feedPresentationRepository.parts(db, rows.map((r) => r.id));
      const found = new Map<string, FeedParts>();
      const missing: string[] = [];
      for (const row of rows) {
        const parts = cache.get(row.id);
        if (parts && fits(parts, row)) found.set(row.id, parts);
        else missing.push(row.id);
      }
      if (!missing.length) return found;
      const mark = cache.mark();
      for (const [id, parts] of await feedPresentationRepository.parts(db, missing)) {
        found.set(id, parts);
        const aliases = [...parts.files.map((f) => f.id), parts.thumbnailFileId, parts.teaserFileId, parts.pollId, ...parts.poll?.options.map((o) => o.id) ?? []];
        cache.set(mark, id, id, parts, { aliases });
      }
      return found;
    },
  };
}

export type FeedPartsService = ReturnType<typeof createFeedParts>;

// One per process: the feed services are made in several modules (routes, search, previews, exports).
const byApp = new WeakMap<object, FeedPartsService>();

export function feedPartsOf(app: PartsApp): FeedPartsService {
  const key = app.changeCaches.postParts;
  let service = byApp.get(key);
  if (!service) {
    service = createFeedParts(app);
    byApp.set(key, service);
  }
  return service;
}
