import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { feeds, galleries, products, videos } from '../../db/schema';
import type { ContentType } from '../../../common/contract/content';

export interface ContentRef {
  type: ContentType;
  id: string;
  /** Title, product name, or a post's rich text (the service makes it plain). */
  label: string;
}

const LABELS = {
  feed: { table: feeds, label: feeds.text },
  video: { table: videos, label: videos.title },
  gallery: { table: galleries, label: galleries.title },
  product: { table: products, label: products.name },
} as const;

/** Reads of a creator's own content for their dashboard; nothing here writes. */
export const creatorContentStatsRepository = {
  /** Views counted on the creator's videos and galleries (the content with view counters). */
  async totalViews(db: Executor, performerId: string): Promise<number> {
    const [row] = await db.select({
      total: sql<string>`(select coalesce(sum(${videos.totalViews}), 0) from ${videos} where ${videos.performerId} = ${performerId})
        + (select coalesce(sum(${galleries.totalViews}), 0) from ${galleries} where ${galleries.performerId} = ${performerId})`,
    }).from(sql`(select 1) as one`);
    return Number(row?.total ?? 0);
  },

  /** The creator's most liked items of every kind (not hidden by an operator), most likes first. */
  async topLiked(db: Executor, performerId: string, limit: number): Promise<(ContentRef & { likes: number })[]> {
    // One kind after the other: PGlite has one connection, parallel reads would only queue.
    const perType: (ContentRef & { likes: number })[][] = [];
    for (const type of Object.keys(LABELS) as ContentType[]) {
      const { table, label } = LABELS[type];
      const rows = await db.select({ id: table.id, label, likes: table.totalLikes }).from(table)
        .where(and(eq(table.performerId, performerId), gt(table.totalLikes, 0), isNull(table.hiddenAt)))
        .orderBy(desc(table.totalLikes), desc(table.createdAt)).limit(limit);
      perType.push(rows.map((r) => ({ type, id: r.id, label: r.label, likes: r.likes })));
    }
    return perType.flat().sort((a, b) => b.likes - a.likes).slice(0, limit);
  },

  /** Labels of the creator's items among `refs` (another creator's or deleted items are left out). */
  async labels(db: Executor, performerId: string, refs: { type: ContentType; id: string }[]): Promise<ContentRef[]> {
    const out: ContentRef[] = [];
    for (const type of Object.keys(LABELS) as ContentType[]) {
      const ids = refs.filter((r) => r.type === type).map((r) => r.id);
      if (!ids.length) continue;
      const { table, label } = LABELS[type];
      const rows = await db.select({ id: table.id, label }).from(table).where(and(eq(table.performerId, performerId), inArray(table.id, ids)));
      out.push(...rows.map((r) => ({ type, id: r.id, label: r.label })));
    }
    return out;
  },
};
