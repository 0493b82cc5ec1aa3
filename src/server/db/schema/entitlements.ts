import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { performers } from './performers';

export const SUBSCRIPTION_TYPES = ['monthly', 'yearly', 'free'] as const;
/**
 * `cancelled` stops renewal but keeps access until `expiresAt`; `expired` has none. A paid
 * subscription whose renewal failed stays `active` until `grace_until`, then expires.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired'] as const;

/**
 * A fan's subscription to a creator: one row per pair, renewed in place. Access to
 * subscribers-only content holds while the status is active or cancelled and `expiresAt` is
 * ahead (or, after a failed renewal, `grace_until`). Written by payments (subscriptions module).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => performers.userId, { onDelete: 'cascade' }),
    type: text('type', { enum: SUBSCRIPTION_TYPES }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Price of one period in token cents (0 for free); renewals charge it in USD at the rate. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    gateway: text('gateway'),
    gatewaySubscriptionId: text('gateway_subscription_id'),
    /** After a failed renewal, access lasts until this moment, then the subscription expires. */
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Set the first time this fan takes a free subscription to this creator: once per pair. */
    freeUsed: boolean('free_used').notNull().default(false),
    /** When the fan was told this period ends without renewal (notification subscription_ending); cleared by a renewal or a new period. */
    endingNotifiedAt: timestamp('ending_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_pair_key').on(t.userId, t.performerId),
    index('subscriptions_performer_idx').on(t.performerId, t.status, t.expiresAt),
    uniqueIndex('subscriptions_gateway_key').on(t.gateway, t.gatewaySubscriptionId),
  ],
);

/** Whether the fan may open subscribers-only content now (the rule of content access, read by every module that asks). */
export const hasAccessSql = sql<boolean>`(${subscriptions.status} in ('active', 'cancelled') and ${subscriptions.expiresAt} > now())`;

export const ENTITLEMENT_OBJECT_TYPES = ['feed', 'video', 'gallery', 'product', 'message', 'stream'] as const;

/**
 * The right to open one paid item, written when it is bought (the money issue's wallet charges;
 * tests and seed data until then). Orders and ledger entries are separate: this is only access.
 */
export const entitlements = pgTable(
  'entitlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    objectType: text('object_type', { enum: ENTITLEMENT_OBJECT_TYPES }).notNull(),
    objectId: uuid('object_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entitlements_key').on(t.userId, t.objectType, t.objectId),
    index('entitlements_object_idx').on(t.objectType, t.objectId),
  ],
);
