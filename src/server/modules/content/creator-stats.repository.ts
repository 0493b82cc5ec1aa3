import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { feeds, galleries, performers, photos, videos } from '../../db/schema';
import type { ContentType } from '../../../common/contract/content';

/**
 * The creator's public content counters, recounted with a subquery in the transaction of every
 * write that can change them (create, edit, delete, and an operator hiding or unhiding an item).
 * They count what fans can see: active items (drafts not) that no operator hid. Products have no
 * counter.
 * - `total_posts`: active posts already published: a scheduled post counts from its publish time,
 *   when `recountPostsPublishedBetween` (run each minute by the feeds module) recounts its creator;
 * - `total_videos`: active videos;
 * - `total_photos`: photos in active galleries.
 */
/**
 * The count `total_posts` holds for a creator (a column or a value). The statement's time, not
 * now(): now() is the transaction's start, before the post written in the same transaction.
 */
const publishedPostsOf = (performerId: unknown) => sql`(select count(*) from ${feeds} where ${feeds.performerId} = ${performerId}
  and ${feeds.status} = 'active' and ${feeds.hiddenAt} is null and ${feeds.publishAt} <= statement_timestamp())`;

/**
 * Recounts `total_posts` of the creators with an active post whose publish time fell in (from, to]:
 * scheduled posts that have become visible since the last run. Returns how many creators.
 */
export async function recountPostsPublishedBetween(db: Executor, from: Date, to: Date): Promise<number> {
  const due = db.selectDistinct({ id: feeds.performerId }).from(feeds)
    .where(and(eq(feeds.status, 'active'), gt(feeds.publishAt, from), lte(feeds.publishAt, to)));
  const rows = await db.update(performers)
    .set({ totalPosts: publishedPostsOf(performers.userId) })
    .where(inArray(performers.userId, due))
    .returning({ id: performers.userId });
  return rows.length;
}

export async function recountCreatorStats(db: Executor, type: ContentType, performerId: string): Promise<void> {
  if (type === 'feed') {
    await db.update(performers)
      .set({ totalPosts: publishedPostsOf(performerId) })
      .where(eq(performers.userId, performerId));
  } else if (type === 'video') {
    await db.update(performers)
      .set({ totalVideos: sql`(select count(*) from ${videos} where ${videos.performerId} = ${performerId} and ${videos.status} = 'active' and ${videos.hiddenAt} is null)` })
      .where(eq(performers.userId, performerId));
  } else if (type === 'gallery') {
    await db.update(performers)
      .set({
        totalPhotos: sql`(select count(*) from ${photos} inner join ${galleries} on ${galleries.id} = ${photos.galleryId}
          where ${galleries.performerId} = ${performerId} and ${galleries.status} = 'active' and ${galleries.hiddenAt} is null)`,
      })
      .where(eq(performers.userId, performerId));
  }
}
