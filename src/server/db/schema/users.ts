import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const USER_ROLES = ['user', 'performer', 'admin'] as const;
export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    name: text('name').notNull().default(''),
    /** Lower-cased; null until the account is completed (social sign-in may not give one). */
    username: text('username'),
    /** Lower-cased; null when a social provider gave none. */
    email: text('email'),
    /** argon2id; null for accounts created through social sign-in. */
    passwordHash: text('password_hash'),
    avatarPath: text('avatar_path'),
    coverPath: text('cover_path'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** `suspended` by an operator (reason, optional end): sessions revoked, sign-in refused, not payable. */
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    suspendedReason: text('suspended_reason'),
    /** Null: until an operator reactivates the account. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    index('users_created_idx').on(t.createdAt.desc()),
  ],
);

/** A signed-in device. The JWT names its session so logout and password changes revoke it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId).where(sql`${t.revokedAt} is null`)],
);

/** One-time links: email verification and password reset. Only a hash of the token is kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify-email', 'reset-password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash)],
);

/** Links an account to a social provider identity (Google subject, Twitter user id). */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'twitter'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_accounts_provider_key').on(t.provider, t.providerUserId)],
);
