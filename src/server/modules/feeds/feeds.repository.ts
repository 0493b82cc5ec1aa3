import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, not, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { rowsOf } from '../../db/rows';
import { feedFiles, feeds, follows, mediaFiles, performers, reactions, subscriptions, users } from '../../db/schema';
import type { FeedStatusFilter, FeedType } from '../../../common/contract/feeds';
import type { MediaFileRow } from '../media/media.repository';
import type { SqlViewer } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { visibleContent } from '../content/content-access.repository';
import { recountCreatorStats, recountPostsPublishedBetween } from '../content/creator-stats.repository';
import { readViewer, viewerColumns } from './feed-presentation.repository';

/**
 * A post's columns but its search vector: PostgreSQL keeps that for the search and nothing reads it
 * back, so a page of posts does not send and parse it.
 */
const { searchVector: _searchVector, ...feedColumns } = getTableColumns(feeds);
export { feedColumns };
export type FeedRow = Omit<typeof feeds.$inferSelect, 'searchVector'>;
export type NewFeed = typeof feeds.$inferInsert;
export type FeedPatch = Partial<Omit<NewFeed, 'id' | 'performerId' | 'createdAt'>>;
export interface FeedFileRow {
  feedId: string;
  position: number;
  file: MediaFileRow;
}
export interface Page {
  offset: number;
  limit: number;
}

const hasFile = (purpose?: string) =>
  purpose
    ? sql`exists (select 1 from ${feedFiles} inner join ${mediaFiles} on ${mediaFiles.id} = ${feedFiles.fileId} where ${feedFiles.feedId} = ${feeds.id} and ${mediaFiles.purpose} = ${purpose})`
    : sql`exists (select 1 from ${feedFiles} where ${feedFiles.feedId} = ${feeds.id})`;

/** The SQL twin of `feedTypeOf` (feed.dto.ts): a video wins over photos, photos over audio, any file over a poll. */
function feedTypeIs(type: FeedType): SQL {
  const video = hasFile('feed-video');
  const photo = hasFile('feed-photo');
  switch (type) {
    case 'video': return video;
    case 'photo': return and(not(video), photo)!;
    case 'audio': return and(not(video), not(photo), hasFile('feed-audio'))!;
    case 'poll': return and(not(hasFile()), isNotNull(feeds.pollId))!;
    case 'text': return and(not(hasFile()), isNull(feeds.pollId))!;
  }
}

/** The creator's list filter on publication state. */
function feedStatusIs(status: FeedStatusFilter): SQL {
  if (status === 'draft') return eq(feeds.status, 'draft');
  if (status === 'scheduled') return and(eq(feeds.status, 'active'), sql`${feeds.publishAt} > now()`)!;
  return and(eq(feeds.status, 'active'), sql`${feeds.publishAt} <= now()`)!;
}

/** Words of the text, markup left out; `%`, `_` and `\` taken literally. */
function feedTextMatches(q: string): SQL {
  const pattern = `%${q.trim().replace(/[\\%_]/g, '\\$&')}%`;
  return sql`regexp_replace(${feeds.text}, '<[^>]*>', ' ', 'g') ilike ${pattern}`;
}

/** Published: active, and its publish time has come (the timeline never shows drafts or scheduled posts, not even one's own). */
const publishedFeed = () => and(eq(feeds.status, 'active'), sql`${feeds.publishAt} <= now()`)!;

/**
 * The posts of a fan's timeline: of creators they follow or hold an active subscription to (paid
 * period not over), and their own. Both lists are subqueries, so the page walks the publish-time
 * index once, however many creators the fan follows.
 */
function timelineAuthors(userId: string | Placeholder): SQL {
  return or(
    eq(feeds.performerId, userId),
    inArray(feeds.performerId, sql`(select ${follows.performerId} from ${follows} where ${follows.followerId} = ${userId})`),
    inArray(
      feeds.performerId,
      sql`(select ${subscriptions.performerId} from ${subscriptions} where ${subscriptions.userId} = ${userId} and ${subscriptions.status} in ('active', 'cancelled') and ${subscriptions.expiresAt} > now())`,
    ),
  )!;
}

/** The publish time at full (microsecond) precision, as keyset cursors need it. */
const cursorTime = sql<string>`to_char(${feeds.publishAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Pinned first (newest pin first), then newest. */
const pinnedThenNewest = () => [desc(feeds.isPinned), sql`${feeds.pinnedAt} desc nulls last`, desc(feeds.publishAt), desc(feeds.id)];

const OWN_SORT_COLUMNS = { updatedAt: feeds.updatedAt, createdAt: feeds.createdAt, publishAt: feeds.publishAt } as const;
export interface OwnFilter {
  q?: string;
  type?: FeedType;
  status?: FeedStatusFilter;
  sortBy: keyof typeof OWN_SORT_COLUMNS;
  sort: 'asc' | 'desc';
}

async function pageOf(db: Executor, where: SQL | undefined, order: SQL[], page: Page): Promise<{ rows: FeedRow[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db.select(feedColumns).from(feeds).where(where).orderBy(...order).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(feeds).where(where),
  ]);
  return { rows, total: Number(total) };
}

function buildTimelineQuery(admin: boolean, country: boolean, cursor: boolean) {
  const viewer: SqlViewer = { userId: sql.placeholder('viewer'), role: admin ? 'admin' : 'user', country: country ? sql.placeholder('country') : null };
  const position = cursor
    ? sql`(${feeds.publishAt}, ${feeds.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
    : undefined;
  return preparedQuery((db) =>
    db.select({ feed: feedColumns, cursorAt: cursorTime, ...viewerColumns }).from(feeds)
      .innerJoin(users, eq(users.id, feeds.performerId))
      .where(and(publishedFeed(), timelineAuthors(sql.placeholder('viewer')), visibleContent('feed', viewer), position))
      .orderBy(desc(feeds.publishAt), desc(feeds.id))
      .limit(sql.placeholder('limit'))
      .prepare(`feeds_timeline${admin ? '_admin' : ''}${country ? '_country' : ''}${cursor ? '_after' : ''}`),
  );
}
/** `timeline`'s statements: [viewer][country][cursor], each false then true. */
const timelineQueries = [false, true].map((admin) => [false, true].map((country) => [false, true].map((cursor) => buildTimelineQuery(admin, country, cursor))));

export const feedsRepository = {
  /**
   * Row-locks the creator's profile until the transaction ends. Every post write of a creator
   * takes it first, so the pin limit and the total_posts recount see the other writes of the same
   * creator committed. `no key update` does not conflict with the `key share` follows take.
   */
  async lockCreator(db: Executor, performerId: string): Promise<void> {
    await db.select({ id: performers.userId }).from(performers).where(eq(performers.userId, performerId)).for('no key update');
  },

  async insert(db: Executor, values: NewFeed): Promise<FeedRow> {
    const [row] = await db.insert(feeds).values(values).returning(feedColumns);
    return row;
  },

  /**
   * Claims the posts whose publish time has come and whose creator's subscribers were not told yet
   * (scheduled posts, drafts made active), marking them announced: each post is announced once,
   * whichever API instance runs the job (the claim skips rows another one holds). Answers them with
   * whether they may be announced now: visible (not hidden by an operator), of an active creator,
   * and published at most `freshHours` ago (older ones were written outside the API or while it
   * was down that long: marked without telling anyone).
   */
  async claimUnannounced(db: Executor, freshHours: number, limit: number) {
    const result = await db.execute(sql`
      with claimed as (
        update ${feeds} set announced_at = now()
        where id in (
          select id from ${feeds}
          where announced_at is null and status = 'active' and publish_at <= now()
          order by publish_at limit ${limit}
          for update skip locked)
        returning id, performer_id, text, publish_at, hidden_at
      )
      select c.id, c.performer_id, c.text,
        (c.hidden_at is null and u.status = 'active' and c.publish_at > now() - make_interval(hours => ${freshHours}::int)) as announce
      from claimed c join users u on u.id = c.performer_id`);
    const rows = rowsOf(result);
    return rows.map((r) => ({ id: String(r.id), performerId: String(r.performer_id), text: String(r.text ?? ''), announce: Boolean(r.announce) }));
  },

  async update(db: Executor, id: string, patch: FeedPatch): Promise<void> {
    await db.update(feeds).set({ ...patch, updatedAt: sql`now()` }).where(eq(feeds.id, id));
  },

  async findById(db: Executor, id: string): Promise<FeedRow | null> {
    const [row] = await db.select(feedColumns).from(feeds).where(eq(feeds.id, id)).limit(1);
    return row ?? null;
  },

  /** The post row-locked: its counters cannot move under a deletion. */
  async lockById(db: Executor, id: string): Promise<FeedRow | null> {
    const [row] = await db.select(feedColumns).from(feeds).where(eq(feeds.id, id)).limit(1).for('update');
    return row ?? null;
  },

  async findByIds(db: Executor, ids: readonly string[]): Promise<FeedRow[]> {
    if (!ids.length) return [];
    return db.select(feedColumns).from(feeds).where(inArray(feeds.id, [...ids]));
  },

  async findByPoll(db: Executor, pollId: string): Promise<FeedRow | null> {
    const [row] = await db.select(feedColumns).from(feeds).where(eq(feeds.pollId, pollId)).limit(1);
    return row ?? null;
  },

  async remove(db: Executor, id: string): Promise<void> {
    await db.delete(feeds).where(eq(feeds.id, id));
  },

  /** Replaces a post's file list, in the given order. */
  async setFiles(db: Executor, feedId: string, fileIds: readonly string[]): Promise<void> {
    await db.delete(feedFiles).where(eq(feedFiles.feedId, feedId));
    if (fileIds.length) await db.insert(feedFiles).values(fileIds.map((fileId, position) => ({ feedId, fileId, position })));
  },

  /** The files of these posts with their media rows, in post order: one query. */
  async filesOf(db: Executor, feedIds: readonly string[]): Promise<FeedFileRow[]> {
    if (!feedIds.length) return [];
    return db
      .select({ feedId: feedFiles.feedId, position: feedFiles.position, file: mediaFiles })
      .from(feedFiles)
      .innerJoin(mediaFiles, eq(mediaFiles.id, feedFiles.fileId))
      .where(inArray(feedFiles.feedId, [...feedIds]))
      .orderBy(asc(feedFiles.feedId), asc(feedFiles.position));
  },

  /** Among `fileIds`, those another post already holds. */
  async filesUsedElsewhere(db: Executor, fileIds: readonly string[], exceptFeedId: string | null): Promise<Set<string>> {
    if (!fileIds.length) return new Set();
    const rows = await db.select({ fileId: feedFiles.fileId }).from(feedFiles).where(and(
      inArray(feedFiles.fileId, [...fileIds]),
      exceptFeedId ? ne(feedFiles.feedId, exceptFeedId) : undefined,
    ));
    return new Set(rows.map((r) => r.fileId));
  },

  /** Another post already uses this file as its thumbnail or teaser. */
  async coverUsedElsewhere(db: Executor, fileId: string, exceptFeedId: string | null): Promise<boolean> {
    const rows = await db.select({ id: feeds.id }).from(feeds).where(and(
      or(eq(feeds.thumbnailFileId, fileId), eq(feeds.teaserFileId, fileId)),
      exceptFeedId ? ne(feeds.id, exceptFeedId) : undefined,
    )).limit(1);
    return rows.length > 0;
  },

  async pollUsedElsewhere(db: Executor, pollId: string, exceptFeedId: string | null): Promise<boolean> {
    const rows = await db.select({ id: feeds.id }).from(feeds)
      .where(and(eq(feeds.pollId, pollId), exceptFeedId ? ne(feeds.id, exceptFeedId) : undefined)).limit(1);
    return rows.length > 0;
  },

  async countPinned(db: Executor, performerId: string, exceptFeedId: string | null): Promise<number> {
    const [{ n }] = await db.select({ n: count() }).from(feeds).where(and(
      eq(feeds.performerId, performerId),
      eq(feeds.isPinned, true),
      exceptFeedId ? ne(feeds.id, exceptFeedId) : undefined,
    ));
    return Number(n);
  },

  /** performers.total_posts = the creator's published active posts (scheduled, drafts and hidden posts not counted), recounted. */
  async recountPosts(db: Executor, performerId: string): Promise<void> {
    await recountCreatorStats(db, 'feed', performerId);
  },

  /** Recounts the creators whose scheduled posts were published in (from, to]; how many creators. */
  recountPublishedBetween: recountPostsPublishedBetween,

  /** The creator's own posts (drafts and scheduled included), filtered and sorted, and how many. */
  async listOwn(db: Executor, performerId: string, filter: OwnFilter, page: Page) {
    const where = and(
      eq(feeds.performerId, performerId),
      filter.q?.trim() ? feedTextMatches(filter.q) : undefined,
      filter.type ? feedTypeIs(filter.type) : undefined,
      filter.status ? feedStatusIs(filter.status) : undefined,
    );
    const column = OWN_SORT_COLUMNS[filter.sortBy];
    const order = filter.sort === 'asc' ? [asc(column), asc(feeds.id)] : [desc(column), desc(feeds.id)];
    return pageOf(db, where, order, page);
  },

  /** One creator's posts that `visible` lets through, pinned first then newest, and how many. */
  async listByCreator(db: Executor, performerId: string, visible: SQL | undefined, type: FeedType | undefined, page: Page) {
    const where = and(eq(feeds.performerId, performerId), visible, type ? feedTypeIs(type) : undefined);
    return pageOf(db, where, pinnedThenNewest(), page);
  },

  /**
   * Up to `limit` published timeline posts of this fan that they may see, after the keyset
   * position (publish time, id), newest first, each with its exact cursor time and what presenting
   * it needs of this fan (feed-presentation.repository.ts `viewerColumns`): the page is one
   * statement, walked in index order, so only the rows returned are looked up. Prepared: one statement per shape
   * (operator or not, country known or not, first page or not).
   */
  async timeline(db: Executor, viewer: Viewer & { userId: string }, after: { at: string; id: string } | null, limit: number) {
    const query = timelineQueries[Number(viewer.role === 'admin')][Number(Boolean(viewer.country))][Number(Boolean(after))](db);
    const rows = await query.execute({ viewer: viewer.userId, country: viewer.country, afterAt: after?.at ?? null, afterId: after?.id ?? null, limit });
    return rows.map((r) => ({ feed: r.feed, cursorAt: r.cursorAt, viewer: readViewer(r) }));
  },

  /** The viewer's bookmarked posts matching `where`, newest bookmark first, and how many. */
  async bookmarked(db: Executor, userId: string, where: SQL | undefined, page: Page) {
    const mine = and(eq(reactions.userId, userId), eq(reactions.objectType, 'feed'), eq(reactions.action, 'bookmark'), where);
    const [rows, [{ total }]] = await Promise.all([
      db.select({ feed: feedColumns }).from(reactions).innerJoin(feeds, eq(feeds.id, reactions.objectId)).where(mine)
        .orderBy(desc(reactions.createdAt), desc(reactions.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(reactions).innerJoin(feeds, eq(feeds.id, reactions.objectId)).where(mine),
    ]);
    return { rows: rows.map((r) => r.feed), total: Number(total) };
  },
};
