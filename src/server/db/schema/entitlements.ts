import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { performers } from './performers';

export const SUBSCRIPTION_TYPES = ['monthly', 'yearly', 'free'] as const;
/** `cancelled` stops renewal but keeps access until `expiresAt`; `expired` has none. */
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired'] as const;

/**
 * A fan's subscription to a creator: one row per pair, renewed in place. Access to
 * subscribers-only content holds while the status is active or cancelled and `expiresAt` is
 * ahead. The money issue writes these through payments; until then tests and seed data do.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_pair_key').on(t.userId, t.performerId),
    index('subscriptions_performer_idx').on(t.performerId, t.status, t.expiresAt),
  ],
);

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
