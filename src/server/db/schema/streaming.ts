import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ACCESS_LEVELS } from './content-common';
import { performers } from './performers';
import { conversations } from './messaging';
import { users } from './users';
import { ledgerTransactions } from './ledger';

/**
 * One live session of a creator. Its chat is a `public` conversation; its Agora channel is its
 * id. At most one runs per creator: the partial unique index on `performer_id where is_streaming`
 * is the last word when two "go live" requests race. `viewerCount` is the socket count of the
 * stream's room as last measured (on join/leave), kept here so lists can sort by it in SQL.
 * `priceCents` is the ticket price when `access` is `sale`, else 0; both are fixed once live.
 * `privateViewerId` makes it a private show (see `privateShowRequests`): only that fan and the
 * creator see it, join it or get a video token for it.
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
    privateViewerId: uuid('private_viewer_id').references(() => users.id, { onDelete: 'cascade' }),
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
    index('streams_live_idx').on(t.viewerCount.desc().nullsFirst(), t.startedAt.desc().nullsFirst()).where(sql`is_streaming`),
  ],
);

/** A creator's defaults for the next time they go live (`PUT /streaming/update`, saved by `POST /streaming/live`). */
export const streamSettings = pgTable('stream_settings', {
  performerId: uuid('performer_id').primaryKey().references(() => performers.userId, { onDelete: 'cascade' }),
  title: text('title').notNull().default(''),
  description: text('description').notNull().default(''),
  access: text('access', { enum: ACCESS_LEVELS }).notNull().default('free'),
  priceCents: integer('price_cents').notNull().default(0),
  /** Price of one private show in token cents; null: the creator takes no private show requests. */
  privateShowPriceCents: integer('private_show_price_cents'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const PRIVATE_SHOW_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'started', 'ended', 'refunded'] as const;

/**
 * A fan's request for a private one-to-one show, in the fan's conversation with the creator.
 * pending → accepted (the creator opened the private stream `streamId`) | declined | cancelled;
 * accepted → started (the fan, ticket paid, took the video) | cancelled | refunded (ended or
 * cancelled after the fan paid, before it started); started → ended. `saleTransactionId` is the
 * ticket sale, `refundTransactionId` its reversal. One open request per fan and creator.
 */
export const privateShowRequests = pgTable(
  'private_show_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fanId: uuid('fan_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => performers.userId, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PRIVATE_SHOW_STATUSES }).notNull().default('pending'),
    priceCents: integer('price_cents').notNull(),
    message: text('message').notNull().default(''),
    streamId: uuid('stream_id').references(() => streams.id, { onDelete: 'set null' }),
    saleTransactionId: uuid('sale_transaction_id').references(() => ledgerTransactions.id),
    refundTransactionId: uuid('refund_transaction_id').references(() => ledgerTransactions.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('private_show_requests_one_open').on(t.fanId, t.performerId).where(sql`status in ('pending', 'accepted', 'started')`),
    uniqueIndex('private_show_requests_stream_key').on(t.streamId),
    index('private_show_requests_performer_idx').on(t.performerId, t.createdAt.desc().nullsFirst()),
    index('private_show_requests_fan_idx').on(t.fanId, t.createdAt.desc().nullsFirst()),
    index('private_show_requests_conversation_idx').on(t.conversationId),
    check('private_show_requests_price_positive', sql`${t.priceCents} > 0`),
  ],
);
