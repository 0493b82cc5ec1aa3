import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { hashtagsOf } from '../modules/feeds/feed-input';
import {
  feedFiles, feeds, galleries, performers, photos, pollOptions, polls, productImages, products, videos,
} from '../db/schema';

type NewFeed = typeof feeds.$inferInsert;
type NewGallery = typeof galleries.$inferInsert;
type NewVideo = typeof videos.$inferInsert;
type NewProduct = typeof products.$inferInsert;

/** Bulk writes of the demo content; features write these rows one at a time through their own services. */
export const demoContentRepository = {
  async insertPoll(db: Executor, performerId: string, question: string, options: string[], createdAt: Date): Promise<string> {
    const [poll] = await db.insert(polls).values({ performerId, question, createdAt }).returning({ id: polls.id });
    await db.insert(pollOptions).values(options.map((text, position) => ({ pollId: poll.id, text, position })));
    return poll.id;
  },

  async insertFeed(db: Executor, values: NewFeed, fileIds: string[]): Promise<string> {
    // Past posts count as announced to subscribers (notification creator_posted); a scheduled one is announced when its time comes.
    const publishAt = values.publishAt ?? new Date();
    const announcedAt = publishAt.getTime() <= Date.now() ? publishAt : null;
    const [row] = await db.insert(feeds).values({ hashtags: hashtagsOf(values.text ?? ''), announcedAt, ...values }).returning({ id: feeds.id });
    if (fileIds.length) await db.insert(feedFiles).values(fileIds.map((fileId, position) => ({ feedId: row.id, fileId, position })));
    return row.id;
  },

  async insertGallery(db: Executor, values: NewGallery, photoFileIds: string[]): Promise<string> {
    const [row] = await db.insert(galleries).values({ ...values, totalPhotos: photoFileIds.length }).returning({ id: galleries.id });
    const inserted = await db.insert(photos)
      .values(photoFileIds.map((fileId, position) => ({ performerId: values.performerId, galleryId: row.id, fileId, position, createdAt: values.createdAt })))
      .returning({ id: photos.id });
    if (inserted.length) await db.update(galleries).set({ coverPhotoId: inserted[0].id }).where(sql`${galleries.id} = ${row.id}`);
    return row.id;
  },

  async insertVideo(db: Executor, values: NewVideo): Promise<string> {
    const [row] = await db.insert(videos).values(values).returning({ id: videos.id });
    return row.id;
  },

  async insertProduct(db: Executor, values: NewProduct, imageFileIds: string[]): Promise<string> {
    const [row] = await db.insert(products).values(values).returning({ id: products.id });
    await db.insert(productImages).values(imageFileIds.map((fileId, position) => ({ productId: row.id, fileId, position })));
    return row.id;
  },

  /** Creator stats from the rows, as the content services keep them: active posts, photos in active galleries, active videos. */
  async recountStats(db: Executor): Promise<void> {
    await db.update(performers).set({
      totalPosts: sql`(select count(*)::int from ${feeds} where ${feeds.performerId} = ${performers.userId} and ${feeds.status} = 'active' and ${feeds.publishAt} <= now())`,
      totalPhotos: sql`(select count(*)::int from ${photos} join ${galleries} on ${galleries.id} = ${photos.galleryId}
        where ${galleries.performerId} = ${performers.userId} and ${galleries.status} = 'active')`,
      totalVideos: sql`(select count(*)::int from ${videos} where ${videos.performerId} = ${performers.userId} and ${videos.status} = 'active')`,
    });
  },
};
