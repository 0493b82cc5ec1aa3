import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { comments, performers, reactions } from '../../db/schema';
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
