import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ACCESS_LEVELS } from './content-common';
import { performers } from './performers';
import { conversations } from './messaging';

/**
 * One live session of a creator. Its chat is a `public` conversation; its Agora channel is its
 * id. At most one runs per creator: the partial unique index on `performer_id where is_streaming`
 * is the last word when two "go live" requests race. `viewerCount` is the socket count of the
 * stream's room as last measured (on join/leave), kept here so lists can sort by it in SQL.
 * `priceCents` is the ticket price when `access` is `sale`, else 0; both are fixed once live.
 */
export const streams = pgTable(
  'streams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    performerId: uuid('performer_id').notNull().references(() => performers.userId, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    access: text('access', { enum: ACCESS_LEVELS }).notNull().default('free'),
    priceCents: integer('price_cents').notNull().default(0),
    isStreaming: boolean('is_streaming').notNull().default(true),
    isChatClosed: boolean('is_chat_closed').notNull().default(false),
    conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    viewerCount: integer('viewer_count').notNull().default(0),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('streams_one_live_per_performer').on(t.performerId).where(sql`is_streaming`),
    uniqueIndex('streams_conversation_key').on(t.conversationId),
    index('streams_live_idx').on(t.viewerCount.desc(), t.startedAt.desc()).where(sql`is_streaming`),
  ],
);

/** A creator's defaults for the next time they go live (`PUT /streaming/update`, saved by `POST /streaming/live`). */
export const streamSettings = pgTable('stream_settings', {
  performerId: uuid('performer_id').primaryKey().references(() => performers.userId, { onDelete: 'cascade' }),
  title: text('title').notNull().default(''),
  description: text('description').notNull().default(''),
  access: text('access', { enum: ACCESS_LEVELS }).notNull().default('free'),
  priceCents: integer('price_cents').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
