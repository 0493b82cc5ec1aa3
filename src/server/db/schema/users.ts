import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    /** Base32 TOTP secret, sealed with the server key; set at setup, active once `twoFactorEnabledAt` is. */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is good once, even within its 30 seconds. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /** Sign-up consent: age 18+ confirmed and the terms accepted, with the terms' version. */
    ageConfirmedAt: timestamp('age_confirmed_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsVersion: text('terms_version'),
    /** Set when the account was deleted by its owner: personal data erased, the row kept for the books. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    index('users_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * The columns of an account anyone may see (toUserPublic), for statements that read an author or
 * an actor: a full row would carry the password hash and 2FA secret along for nothing.
 */
export const publicUserColumns = <T extends Record<PublicUserKey, unknown>>(t: T): Pick<T, PublicUserKey> => ({
  id: t.id, name: t.name, username: t.username, avatarPath: t.avatarPath, role: t.role, createdAt: t.createdAt,
});
type PublicUserKey = 'id' | 'name' | 'username' | 'avatarPath' | 'role' | 'createdAt';

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
    /** Updated at most once a minute per session (not on every request). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
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
    kind: text('kind', { enum: ['verify-email', 'reset-password', 'change-email', 'undo-email-change'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** What the link acts on: the new address (change-email) or the address to restore (undo-email-change). */
    payload: text('payload'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.tokenHash),
    // The account page reads the newest live link of a kind (a pending email change) on every load.
    index('auth_tokens_user_kind_idx').on(t.userId, t.kind, t.createdAt),
  ],
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

/** Single-use 2FA recovery codes; only a hash of each is kept. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/** Per-account sign-in throttle, independent of the caller's IP: failures in a row and the lock they earned. */
export const loginThrottles = pgTable('login_throttles', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** An account's data export (GET /users/me/export): prepared in the background, downloadable for a while. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'ready', 'failed'] }).notNull().default('pending'),
    /** Private storage key of the ZIP once ready. */
    fileKey: text('file_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);
