import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { performers } from './performers';

/** A fan (any account) following a performer. */
export const follows = pgTable(
  'follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    followerId: uuid('follower_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => performers.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follows_pair_key').on(t.followerId, t.performerId),
    index('follows_performer_idx').on(t.performerId, t.createdAt),
  ],
);

/**
 * Likes and bookmarks on any object. `objectType` names the table of `objectId` (performer here;
 * the content issue adds feed, video, gallery, product), so there is no foreign key on objectId.
 */
export const reactions = pgTable(
  'reactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    objectType: text('object_type').notNull(),
    objectId: uuid('object_id').notNull(),
    action: text('action', { enum: ['like', 'bookmark'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reactions_unique_key').on(t.userId, t.objectType, t.objectId, t.action),
    index('reactions_user_idx').on(t.userId, t.objectType, t.action, t.createdAt),
    index('reactions_object_idx').on(t.objectType, t.objectId, t.action),
  ],
);

/** A performer's own block list of accounts (spec: POST/GET /block/users). */
export const blockedUsers = pgTable(
  'blocked_users',
  {
    performerId: uuid('performer_id').notNull().references(() => performers.userId, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.userId] }), index('blocked_users_user_idx').on(t.userId)],
);

/** A performer's own blocked countries (ISO 3166-1 alpha-2, upper case). */
export const blockedCountries = pgTable(
  'blocked_countries',
  {
    performerId: uuid('performer_id').notNull().references(() => performers.userId, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.country] }), index('blocked_countries_country_idx').on(t.country)],
);
