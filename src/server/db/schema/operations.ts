import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every operator write, appended once and never changed: who, what, on which target, the values
 * before and after, when and from where. The actor is kept by id and a copy of their username
 * (no foreign key: a row must outlive any account, and no cascade may ever edit it). A trigger
 * (migration 0008) refuses UPDATE and DELETE, so the rule holds below the code too.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').notNull(),
    actorUsername: text('actor_username').notNull().default(''),
    /** Dotted verb, e.g. `settings.update`, `user.suspend`, `creator.approve`, `sale.refund`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc().nullsFirst()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt.desc().nullsFirst()),
  ],
);

export const CONTACT_MESSAGE_STATUSES = ['new', 'read', 'replied'] as const;

/** A message sent through the contact page (`POST /contact`), for the operators' inbox. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in sender, if any. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    /** Plain text. */
    message: text('message').notNull(),
    ip: text('ip'),
    status: text('status', { enum: CONTACT_MESSAGE_STATUSES }).notNull().default('new'),
    readAt: timestamp('read_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_status_idx').on(t.status, t.createdAt.desc().nullsFirst())],
);

/** A warning an operator gave an account (from a report or by hand); the account page shows it. */
export const accountWarnings = pgTable(
  'account_warnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    reportId: uuid('report_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_warnings_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

/** The result of each ledger check an operator ran from the dashboard (the last one is shown). */
export const ledgerCheckRuns = pgTable(
  'ledger_check_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ok: boolean('ok').notNull(),
    /** The breaches found, as the check words them. */
    problems: jsonb('problems').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    durationMs: integer('duration_ms').notNull(),
    ranBy: uuid('ran_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_check_runs_created_idx').on(t.createdAt.desc().nullsFirst())],
);
