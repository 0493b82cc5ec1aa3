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

/** What presenting one post to one viewer needs besides the post's own row. */
export interface FeedPresentationRow {
  author: PublicUserColumns;
  /** The viewer holds a subscription to its creator that opens subscribers-only content now. */
  isSubscribed: boolean;
  /** An item for sale the viewer bought (false for any other access). */
  isBought: boolean;
  isLiked: boolean;
  isBookmarked: boolean;
  /** Its photos, videos and audio in order. */
  files: MediaFileRow[];
  thumbnail: MediaFileRow | null;
  teaser: MediaFileRow | null;
  poll: (PollWithOptions & { voted: string | null }) | null;
}

const viewer = sql.placeholder('viewer');
const mediaRow = jsonRowReader(mediaFiles);
const pollRow = jsonRowReader(polls);
const optionRow = jsonRowReader(pollOptions);
const fileJson = (id: AnyPgColumn) => sql<Json | null>`(select row_to_json(${mediaFiles}) from ${mediaFiles} where ${mediaFiles.id} = ${id})`;

/**
 * Everything a page of posts is presented with, for one viewer (a row per post): the author, the
 * viewer's subscription, purchase, likes and bookmarks, the files in order, the covers, the poll
 * with its options and the viewer's vote. Related rows travel as JSON and are read back through
 * their tables' columns. For a select from `feeds` inner-joined to its author in `users`, with the
 * viewer as the `viewer` placeholder (may be null): the timeline selects them with its page, so a
 * page is one statement (feeds.repository.ts).
 */
export const presentationColumns = {
  author: publicUserColumns(users),
  isSubscribed: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${viewer}::uuid and ${subscriptions.performerId} = ${feeds.performerId} and ${hasAccessSql})`,
  isBought: sql<boolean>`(${feeds.access} = 'sale' and exists (select 1 from ${entitlements} where ${entitlements.userId} = ${viewer}::uuid and ${entitlements.objectType} = 'feed' and ${entitlements.objectId} = ${feeds.id}))`,
  reactions: sql<string[]>`array(select ${reactions.action} from ${reactions} where ${reactions.userId} = ${viewer}::uuid and ${reactions.objectType} = 'feed' and ${reactions.objectId} = ${feeds.id})`,
  // Each file by its key: as a join, PostgreSQL hashed the whole media table for every post.
  files: sql<Json[]>`coalesce((select json_agg(${fileJson(feedFiles.fileId)} order by ${feedFiles.position}) from ${feedFiles} where ${feedFiles.feedId} = ${feeds.id}), '[]')`,
  thumbnail: fileJson(feeds.thumbnailFileId),
  teaser: fileJson(feeds.teaserFileId),
  poll: sql<{ poll: Json; options: Json[]; voted: string | null } | null>`(select json_build_object(
    'poll', row_to_json(${polls}),
    'options', coalesce((select json_agg(row_to_json(${pollOptions}) order by ${pollOptions.position}) from ${pollOptions} where ${pollOptions.pollId} = ${polls.id}), '[]'),
    'voted', (select ${pollVotes.optionId} from ${pollVotes} where ${pollVotes.pollId} = ${polls.id} and ${pollVotes.userId} = ${viewer}::uuid)
  ) from ${polls} where ${polls.id} = ${feeds.pollId})`,
};

/**
 * A page of posts by id, presented in one statement. A fixed shape (`= any($ids)`), so it is
 * prepared once per connection however long the page is.
 */
const presentationQuery = preparedQuery((db) =>
  db.select({ id: feeds.id, ...presentationColumns })
    .from(feeds)
    .innerJoin(users, eq(users.id, feeds.performerId))
    .where(sql`${feeds.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('feed_presentation'),
);

/** The columns of `presentationColumns` as the driver answers them. */
type PresentationColumnsRow = Omit<Awaited<ReturnType<ReturnType<typeof presentationQuery>['execute']>>[number], 'id'>;

/** One row's `presentationColumns` read back. */
export function readPresentation(r: PresentationColumnsRow): FeedPresentationRow {
  return {
    author: r.author,
    isSubscribed: r.isSubscribed,
    isBought: r.isBought,
    isLiked: r.reactions.includes('like'),
    isBookmarked: r.reactions.includes('bookmark'),
    files: r.files.map(mediaRow),
    thumbnail: r.thumbnail ? mediaRow(r.thumbnail) : null,
    teaser: r.teaser ? mediaRow(r.teaser) : null,
    poll: r.poll ? { poll: pollRow(r.poll.poll), options: r.poll.options.map(optionRow), voted: r.poll.voted } : null,
  };
}

export const feedPresentationRepository = {
  /** By post id; a post that no longer exists is absent. */
  async load(db: Executor, viewerId: string | null, feedIds: readonly string[]): Promise<Map<string, FeedPresentationRow>> {
    if (!feedIds.length) return new Map();
    const rows = await presentationQuery(db).execute({ ids: [...new Set(feedIds)], viewer: viewerId });
    return new Map(rows.map((r) => [r.id, readPresentation(r)]));
  },
};
