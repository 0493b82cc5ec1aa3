import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { jsonRowReader } from '../../db/json-rows';
import { preparedQuery } from '../../db/prepared';
import {
  entitlements, feedFiles, hasAccessSql, feeds, mediaFiles, pollOptions, polls, pollVotes, publicUserColumns, reactions, subscriptions, users,
} from '../../db/schema';
import type { MediaFileRow } from '../media/media.repository';
import type { PublicUserColumns } from '../users/user-public.dto';
import type { PollWithOptions } from './polls.repository';

type Json = Record<string, unknown>;

/** What presenting one post to one viewer needs of that viewer, besides the post's own row. */
export interface FeedViewerRow {
  author: PublicUserColumns;
  /** The viewer holds a subscription to its creator that opens subscribers-only content now. */
  isSubscribed: boolean;
  /** An item for sale the viewer bought (false for any other access). */
  isBought: boolean;
  isLiked: boolean;
  isBookmarked: boolean;
  /** The option of the post's poll the viewer voted for. */
  voted: string | null;
}

/**
 * A post's parts that are the same for every viewer: its photos, videos and audio in order, its
 * covers, its poll with the options' counts. Kept per process (feed-parts.service.ts) with the ids
 * of the thumbnail, teaser and poll they were read for.
 */
export interface FeedParts {
  thumbnailFileId: string | null;
  teaserFileId: string | null;
  pollId: string | null;
  files: MediaFileRow[];
  thumbnail: MediaFileRow | null;
  teaser: MediaFileRow | null;
  poll: PollWithOptions | null;
}

const viewer = sql.placeholder('viewer');
const mediaRow = jsonRowReader(mediaFiles);
const pollRow = jsonRowReader(polls);
const optionRow = jsonRowReader(pollOptions);
const fileJson = (id: AnyPgColumn) => sql<Json | null>`(select row_to_json(${mediaFiles}) from ${mediaFiles} where ${mediaFiles.id} = ${id})`;

/**
 * What a page of posts needs of its viewer (a row per post): the author, the viewer's subscription,
 * purchase, likes, bookmarks and vote. For a select from `feeds` inner-joined to its author in
 * `users`, with the viewer as the `viewer` placeholder (may be null): the timeline selects them
 * with its page, so a page whose parts are kept is one statement (feeds.repository.ts).
 */
export const viewerColumns = {
  author: publicUserColumns(users),
  isSubscribed: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${viewer}::uuid and ${subscriptions.performerId} = ${feeds.performerId} and ${hasAccessSql})`,
  isBought: sql<boolean>`(${feeds.access} = 'sale' and exists (select 1 from ${entitlements} where ${entitlements.userId} = ${viewer}::uuid and ${entitlements.objectType} = 'feed' and ${entitlements.objectId} = ${feeds.id}))`,
  reactions: sql<string[]>`array(select ${reactions.action} from ${reactions} where ${reactions.userId} = ${viewer}::uuid and ${reactions.objectType} = 'feed' and ${reactions.objectId} = ${feeds.id})`,
  voted: sql<string | null>`(select ${pollVotes.optionId} from ${pollVotes} where ${pollVotes.pollId} = ${feeds.pollId} and ${pollVotes.userId} = ${viewer}::uuid)`,
};

/**
 * The parts of each post, related rows nested as JSON and read back through their tables' columns.
 * For a select from `feeds` left-joined to its poll: with a join drizzle names every column with its
 * table; a select from one table names them bare, and a bare `id` inside a subquery is the
 * subquery's own.
 */
const partColumns = {
  thumbnailFileId: feeds.thumbnailFileId,
  teaserFileId: feeds.teaserFileId,
  pollId: feeds.pollId,
  // Each file by its key: as a join, PostgreSQL hashed the whole media table for every post.
  files: sql<Json[]>`coalesce((select json_agg(${fileJson(feedFiles.fileId)} order by ${feedFiles.position}) from ${feedFiles} where ${feedFiles.feedId} = ${feeds.id}), '[]')`,
  thumbnail: fileJson(feeds.thumbnailFileId),
  teaser: fileJson(feeds.teaserFileId),
  poll: sql<Json | null>`case when ${polls.id} is null then null else row_to_json(${polls}) end`,
  options: sql<Json[]>`coalesce((select json_agg(row_to_json(${pollOptions}) order by ${pollOptions.position}) from ${pollOptions} where ${pollOptions.pollId} = ${polls.id}), '[]')`,
};

// Fixed shapes (`= any($ids)`): each is prepared once per connection however long the page is.
const viewerQuery = preparedQuery((db) =>
  db.select({ id: feeds.id, ...viewerColumns })
    .from(feeds)
    .innerJoin(users, eq(users.id, feeds.performerId))
    .where(sql`${feeds.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('feed_viewer'),
);
const partsQuery = preparedQuery((db) =>
  db.select({ id: feeds.id, ...partColumns })
    .from(feeds)
    .leftJoin(polls, eq(polls.id, feeds.pollId))
    .where(sql`${feeds.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('feed_parts'),
);

/** The columns of `viewerColumns` as the driver answers them. */
type ViewerColumnsRow = Omit<Awaited<ReturnType<ReturnType<typeof viewerQuery>['execute']>>[number], 'id'>;

/** One row's `viewerColumns` read back. */
export function readViewer(r: ViewerColumnsRow): FeedViewerRow {
  return {
    author: r.author,
    isSubscribed: r.isSubscribed,
    isBought: r.isBought,
    isLiked: r.reactions.includes('like'),
    isBookmarked: r.reactions.includes('bookmark'),
    voted: r.voted,
  };
}

export const feedPresentationRepository = {
  /** What the viewer's page needs of them, by post id; a post that no longer exists is absent. */
  async viewerRows(db: Executor, viewerId: string | null, feedIds: readonly string[]): Promise<Map<string, FeedViewerRow>> {
    if (!feedIds.length) return new Map();
    const rows = await viewerQuery(db).execute({ ids: [...new Set(feedIds)], viewer: viewerId });
    return new Map(rows.map((r) => [r.id, readViewer(r)]));
  },

  /** The posts' parts by post id; a post that no longer exists is absent. */
  async parts(db: Executor, feedIds: readonly string[]): Promise<Map<string, FeedParts>> {
    if (!feedIds.length) return new Map();
    const rows = await partsQuery(db).execute({ ids: [...new Set(feedIds)] });
    return new Map(rows.map((r) => [r.id, {
      thumbnailFileId: r.thumbnailFileId,
      teaserFileId: r.teaserFileId,
      pollId: r.pollId,
      files: r.files.map(mediaRow),
      thumbnail: r.thumbnail ? mediaRow(r.thumbnail) : null,
      teaser: r.teaser ? mediaRow(r.teaser) : null,
      poll: r.poll ? { poll: pollRow(r.poll), options: r.options.map(optionRow) } : null,
    }]));
  },
};
