import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users';
import { mediaFiles } from './media';
import { moderationColumns, timestamps } from './content-common';

export const COMMENT_OBJECT_TYPES = ['feed', 'video', 'gallery', 'product'] as const;

/** A comment on a feed, video, gallery or product; `parentId` makes it a reply (one level). */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    objectType: text('object_type', { enum: COMMENT_OBJECT_TYPES }).notNull(),
    objectId: uuid('object_id').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Sanitised rich text. */
    text: text('text').notNull(),
    /** One image through the media pipeline (spec 7: PUT /comments/{id} is an upload); null for text only. */
    fileId: uuid('file_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
    totalReplies: integer('total_replies').notNull().default(0),
    ...moderationColumns(),
    ...timestamps(),
  },
  (t) => [
    index('comments_object_idx').on(t.objectType, t.objectId, t.createdAt.desc().nullsFirst()).where(sql`${t.parentId} is null`),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
  ],
);

export const REPORT_TARGET_TYPES = ['feed', 'video', 'gallery', 'product', 'performer', 'comment'] as const;
export const REPORT_REASONS = ['spam', 'harassment', 'nudity_without_consent', 'underage', 'violence', 'hate', 'copyright', 'scam', 'other'] as const;
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
/** What an operator did about a report: dismissed it, hid the item, removed the comment, warned or suspended the author. */
export const REPORT_RESOLUTIONS = ['dismissed', 'hidden', 'comment_removed', 'warned', 'suspended'] as const;

/** A user's report of content or a creator; one open report per user per object. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** The creator the target belongs to, for the moderation queue. */
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    text: text('text').notNull().default(''),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    resolution: text('resolution', { enum: REPORT_RESOLUTIONS }),
    /** The operator's note on the decision (shown to operators; the reporter sees the status). */
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('reports_open_key').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);

/** Static pages (about, terms, privacy) the footer links to: GET /posts/search, /posts/{id}. */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** Sanitised rich text. */
    content: text('content').notNull().default(''),
    type: text('type', { enum: ['page'] }).notNull().default('page'),
    status: text('status', { enum: ['published', 'draft'] }).notNull().default('published'),
    ordering: integer('ordering').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('posts_slug_key').on(t.slug)],
);
