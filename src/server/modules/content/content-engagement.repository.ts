import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { comments, galleries, performers, products, reactions } from '../../db/schema';
import type { Viewer } from '../blocking/viewer';
import { visibleContent } from './content-access.repository';
import type { ContentType } from '../../../common/contract/content';

/**
 * What a deleted item leaves behind outside its own rows: reactions and comments point at content
 * without a foreign key, so they go explicitly, and the item's likes leave the creator's
 * `total_likes`. Call in the deleting transaction, with the (locked) row as it was.
 */
export async function removeItemEngagement(
  db: Executor,
  type: ContentType,
  item: { id: string; performerId: string; totalLikes: number },
): Promise<void> {
  await db.delete(reactions).where(and(eq(reactions.objectType, type), eq(reactions.objectId, item.id)));
  await db.delete(comments).where(and(eq(comments.objectType, type), eq(comments.objectId, item.id)));
  if (item.totalLikes) {
    await db.update(performers)
      .set({ totalLikes: sql`greatest(${performers.totalLikes} - ${item.totalLikes}, 0)` })
      .where(eq(performers.userId, item.performerId));
  }
}

/**
 * The items of one table the viewer bookmarked and may still see, newest bookmark first, with the
 * total: the bookmark tabs of galleries and products.
 */
export async function listBookmarkedItems<T extends typeof galleries | typeof products>(
  db: Executor,
  table: T,
  type: 'gallery' | 'product',
  viewer: Viewer & { userId: string },
  page: { offset: number; limit: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const bookmarked = and(
    eq(reactions.objectId, table.id),
    eq(reactions.userId, viewer.userId),
    eq(reactions.objectType, type),
    eq(reactions.action, 'bookmark'),
  );
  const where = visibleContent(type, viewer);
  const [rows, [totals]] = await Promise.all([
    (db as Database).select({ item: table as typeof galleries }).from(table as typeof galleries).innerJoin(reactions, bookmarked).where(where)
      .orderBy(desc(reactions.createdAt), desc(reactions.id)).offset(page.offset).limit(page.limit),
    (db as Database).select({ total: count() }).from(table as typeof galleries).innerJoin(reactions, bookmarked).where(where),
  ]);
  return { rows: rows.map((r) => r.item as T['$inferSelect']), total: Number(totals?.total ?? 0) };
}
