import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { feeds, galleries, performers, photos, videos } from '../../db/schema';
import type { ContentType } from '../../../common/contract/content';

/**
 * The creator's public content counters, recounted with a subquery in the transaction of every
 * write that can change them (create, edit, delete, and an operator hiding or unhiding an item).
 * They count what fans can see: active items (scheduled ones included, drafts not) that no
 * operator hid. Products have no counter.
 * - `total_posts`: active posts;
 * - `total_videos`: active videos;
 * - `total_photos`: photos in active galleries.
 */
export async function recountCreatorStats(db: Executor, type: ContentType, performerId: string): Promise<void> {
  if (type === 'feed') {
    await db.update(performers)
      .set({ totalPosts: sql`(select count(*) from ${feeds} where ${feeds.performerId} = ${performerId} and ${feeds.status} = 'active' and ${feeds.hiddenAt} is null)` })
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
