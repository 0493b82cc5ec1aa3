import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mediaFiles, reactions, users, videos } from '../../db/schema';
import type { OwnVideoQuery, VideoSort } from '../../../common/contract/videos';
import type { Viewer } from '../blocking/viewer';
import { visibleContent } from '../content/content-access.repository';
import { removeItemEngagement } from '../content/content-engagement.repository';
import { recountCreatorStats } from '../content/creator-stats.repository';
import { escapeLike } from '../../shared/like';

export type VideoRow = typeof videos.$inferSelect;
export type NewVideo = typeof videos.$inferInsert;
export type VideoPatch = Partial<Omit<NewVideo, 'id' | 'performerId' | 'createdAt'>>;

interface Page {
  offset: number;
  limit: number;
}
export interface VideoPage {
  rows: VideoRow[];
  total: number;
}

/** The main file is processed and playable. */
const mainFileReady = sql`exists (select 1 from ${mediaFiles} where ${mediaFiles.id} = ${videos.fileId} and ${mediaFiles.status} = 'ready')`;

/**
 * What a viewer may list: the shared visibility rule, and for everyone but the creator and admins
 * only videos whose main file is ready (a video still processing, or whose processing failed, has
 * nothing to play yet, so fans do not see it at all).
 */
export function listableVideos(viewer: Viewer): SQL | undefined {
  const visible = visibleContent('video', viewer);
  if (viewer.role === 'admin') return visible;
  const ready = viewer.userId ? or(eq(videos.performerId, viewer.userId), mainFileReady)! : mainFileReady;
  return and(visible, ready);
}

/** Every word must appear in the title, the description or a tag (case-insensitive, literal). */
function textMatch(q: string | undefined): SQL | undefined {
  const words = (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length) return undefined;
  return and(...words.map((word) => {
    const pattern = `%${escapeLike(word)}%`;
    return or(ilike(videos.title, pattern), ilike(videos.description, pattern), sql`array_to_string(${videos.tags}, ' ') ilike ${pattern}`);
  }));
}

const hasTag = (tag: string | undefined) => (tag ? sql`${videos.tags} @> array[${tag}]::text[]` : undefined);

const PUBLIC_ORDER: Record<VideoSort, SQL[]> = {
  newest: [desc(videos.publishAt), desc(videos.id)],
  popular: [desc(videos.totalViews), desc(videos.publishAt), desc(videos.id)],
  likes: [desc(videos.totalLikes), desc(videos.publishAt), desc(videos.id)],
};
const OWN_SORT_COLUMN = { updatedAt: videos.updatedAt, createdAt: videos.createdAt, title: videos.title, views: videos.totalViews } as const;

async function page(db: Executor, where: SQL | undefined, order: SQL[], p: Page): Promise<VideoPage> {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(videos).where(where).orderBy(...order).offset(p.offset).limit(p.limit),
    db.select({ total: count() }).from(videos).where(where),
  ]);
  return { rows, total };
}

export const videosRepository = {
  async insert(db: Executor, values: NewVideo): Promise<VideoRow> {
    const [row] = await db.insert(videos).values(values).returning();
    return row;
  },

  async findById(db: Executor, id: string): Promise<VideoRow | null> {
    const [row] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
    return row ?? null;
  },

  /** The creator's own video, row-locked until the transaction ends (edits and deletes queue up). */
  async lockOwn(db: Executor, id: string, performerId: string): Promise<VideoRow | null> {
    const [row] = await db.select().from(videos).where(and(eq(videos.id, id), eq(videos.performerId, performerId))).limit(1).for('update');
    return row ?? null;
  },

  async update(db: Executor, id: string, patch: VideoPatch): Promise<VideoRow> {
    const [row] = await db.update(videos).set({ ...patch, updatedAt: sql`now()` }).where(eq(videos.id, id)).returning();
    return row;
  },

  /**
   * Deletes a video with what points at it without a foreign key: its likes and bookmarks, its
   * comments, and its likes' share of the creator's `total_likes`.
   */
  async deleteWithEngagement(db: Executor, row: VideoRow): Promise<void> {
    await removeItemEngagement(db, 'video', row);
    await db.delete(videos).where(eq(videos.id, row.id));
  },

  /** `performers.total_videos` = the creator's active videos (scheduled ones included, hidden ones not), recounted. */
  async recountCreator(db: Executor, performerId: string): Promise<void> {
    await recountCreatorStats(db, 'video', performerId);
  },

  /** The creator's own videos, drafts, scheduled and unprocessed ones included. */
  async searchOwn(db: Executor, performerId: string, q: OwnVideoQuery & Page): Promise<VideoPage> {
    const status = q.status === 'draft'
      ? eq(videos.status, 'draft')
      : q.status === 'scheduled'
        ? and(eq(videos.status, 'active'), sql`${videos.publishAt} > now()`)
        : q.status === 'active'
          ? and(eq(videos.status, 'active'), sql`${videos.publishAt} <= now()`)
          : undefined;
    const where = and(eq(videos.performerId, performerId), status, textMatch(q.q), hasTag(q.tag));
    const column = OWN_SORT_COLUMN[q.sortBy ?? 'updatedAt'];
    const dir = q.sort === 'asc' ? asc : desc;
    return page(db, where, [dir(column), dir(videos.id)], q);
  },

  /** Videos the viewer may list, of one creator (by id or username) or of all. */
  async searchVisible(
    db: Executor,
    viewer: Viewer,
    q: Page & { performerId?: string; username?: string; q?: string; tag?: string; sortBy?: VideoSort },
  ): Promise<VideoPage> {
    const byCreator = q.performerId
      ? eq(videos.performerId, q.performerId)
      : q.username
        ? sql`${videos.performerId} = (select ${users.id} from ${users} where lower(${users.username}) = lower(${q.username}))`
        : undefined;
    const where = and(listableVideos(viewer), byCreator, textMatch(q.q), hasTag(q.tag));
    return page(db, where, PUBLIC_ORDER[q.sortBy ?? 'newest'], q);
  },

  /** The viewer's bookmarked videos that they may still list, newest bookmark first. */
  async bookmarked(db: Executor, viewer: Viewer & { userId: string }, p: Page): Promise<VideoPage> {
    const where = and(
      eq(reactions.userId, viewer.userId),
      eq(reactions.objectType, 'video'),
      eq(reactions.action, 'bookmark'),
      listableVideos(viewer),
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select({ video: videos }).from(reactions).innerJoin(videos, eq(videos.id, reactions.objectId))
        .where(where).orderBy(desc(reactions.createdAt), desc(reactions.id)).offset(p.offset).limit(p.limit),
      db.select({ total: count() }).from(reactions).innerJoin(videos, eq(videos.id, reactions.objectId)).where(where),
    ]);
    return { rows: rows.map((r) => r.video), total };
  },

  /** One more view, in SQL (concurrent views never overwrite each other); null when the video is gone. */
  async addView(db: Executor, id: string): Promise<number | null> {
    const [row] = await db.update(videos).set({ totalViews: sql`${videos.totalViews} + 1` }).where(eq(videos.id, id)).returning({ views: videos.totalViews });
    return row?.views ?? null;
  },
};
