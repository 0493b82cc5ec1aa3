import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { performers } from './performers';
import { mediaFiles } from './media';
import { accessColumns, counterColumns, timestamps, moderationColumns, tsvector } from './content-common';

/** A poll a creator attaches to a feed post (POST /performer/feeds/polls, then the feed names it). */
export const polls = pgTable(
  'polls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    performerId: uuid('performer_id').notNull().references(() => performers.userId, { onDelete: 'cascade' }),
    question: text('question').notNull().default(''),
    /** Votes are refused from this time on; null = open until the post is deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    totalVotes: integer('total_votes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('polls_performer_idx').on(t.performerId)],
);

export const pollOptions = pgTable(
  'poll_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pollId: uuid('poll_id').notNull().references(() => polls.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    totalVotes: integer('total_votes').notNull().default(0),
  },
  (t) => [index('poll_options_poll_idx').on(t.pollId, t.position)],
);

/** One vote per user per poll (the primary key makes a second one a conflict). */
export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: uuid('poll_id').notNull().references(() => polls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id').notNull().references(() => pollOptions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] })],
);

/** A creator's post: sanitised rich text with photos, videos or audio, a teaser, a thumbnail or a poll. */
export const feeds = pgTable(
  'feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    performerId: uuid('performer_id').notNull().references(() => performers.userId, { onDelete: 'cascade' }),
    /** Sanitised rich text (src/common/lib/rich-text.ts). */
    text: text('text').notNull().default(''),
    ...accessColumns(),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
    teaserFileId: uuid('teaser_file_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
    pollId: uuid('poll_id').references(() => polls.id, { onDelete: 'set null' }),
    /** Pinned posts lead the creator's own feed, newest pin first. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    isPinned: boolean('is_pinned').notNull().default(false),
    /**
     * When its creator's subscribers were told about it (notification creator_posted): at publishing,
     * or by the minute job once a scheduled post's time comes. Null until then, so each post is announced once.
     */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /** The distinct hashtags of `text`, normalised (src/common/lib/hashtags.ts); written with the text. */
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The words of `text` without markup or entities, 'simple' configuration (no stemming: posts
     * come in any language; the search adds prefix matching instead). Kept by PostgreSQL itself.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, regexp_replace(regexp_replace(text, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g'))`,
    ),
    ...counterColumns(),
    ...moderationColumns(),
    ...timestamps(),
  },
  (t) => [
    // A creator's feed and the fans' timeline walk publish time newest first, keyset by id.
    index('feeds_performer_publish_idx').on(t.performerId, t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('feeds_publish_idx').on(t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('feeds_search_idx').using('gin', t.searchVector),
    index('feeds_hashtags_idx').using('gin', t.hashtags),
    index('feeds_unannounced_idx').on(t.publishAt).where(sql`${t.announcedAt} is null`),
  ],
);

/** The photos, videos and audio of a post, in order. */
export const feedFiles = pgTable(
  'feed_files',
  {
    feedId: uuid('feed_id').notNull().references(() => feeds.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').notNull().references(() => mediaFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.fileId] }), index('feed_files_file_idx').on(t.fileId)],
);
