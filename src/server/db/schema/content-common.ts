import { customType, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type (GIN-indexed search columns). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Who may open a piece of content (DESIGN.md section 4: access to content). */
export const ACCESS_LEVELS = ['free', 'subscribers', 'sale'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** `draft` items are seen by their creator only; `active` ones from `publishAt` on (scheduled until then). */
export const CONTENT_STATUSES = ['active', 'draft'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Columns every feed, gallery and video shares: who sees it, from when, and at what price. */
export const accessColumns = () => ({
  access: text('access', { enum: ACCESS_LEVELS }).notNull().default('free'),
  /** Token price in cents; 0 unless `access` is `sale`. */
  priceCents: integer('price_cents').notNull().default(0),
  status: text('status', { enum: CONTENT_STATUSES }).notNull().default('active'),
  /** When it becomes visible to others; a future time means scheduled. */
  publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Engagement counters, kept in the same transaction as the rows they count. */
export const counterColumns = () => ({
  totalLikes: integer('total_likes').notNull().default(0),
  totalBookmarks: integer('total_bookmarks').notNull().default(0),
  totalComments: integer('total_comments').notNull().default(0),
});

/**
 * An operator's moderation: a hidden item answers 404 to everyone but its creator and operators,
 * whatever its own status; the creator is told `hiddenReason`.
 */
export const moderationColumns = () => ({
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  hiddenReason: text('hidden_reason'),
});

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
