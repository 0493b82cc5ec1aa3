import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { performers } from './performers';
import { mediaFiles } from './media';

export const CONVERSATION_TYPES = ['private', 'public'] as const;
export const MESSAGE_TYPES = ['text', 'photo', 'video'] as const;
export const MESSAGE_WRITE_POLICIES = ['followers', 'subscribers'] as const;
export const MASS_MESSAGE_STATUSES = ['pending', 'sent'] as const;

/**
 * A conversation. A private one has exactly two members; `pairKey` (the two user ids, sorted,
 * joined by ':') makes "find or create" one row per pair even under concurrent requests.
 * `lastMessageAt` is the newest activity (the list's sort key, copied onto the member rows).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: CONVERSATION_TYPES }).notNull().default('private'),
    pairKey: text('pair_key'),
    lastMessageId: uuid('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('conversations_pair_key').on(t.pairKey)],
);

/**
 * One member of a conversation with what is personal to them: the unread counter (moved in the
 * transaction that writes or reads messages) and the activity time copied from the conversation,
 * so a member's list is one index walk.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The other member (private conversations): the list's search and display read it without a self-join. */
    peerId: uuid('peer_id').references(() => users.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    /** This member has sent a message here: the other side may then always answer. */
    hasWritten: boolean('has_written').notNull().default(false),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_list_idx').on(t.userId, t.lastActivityAt.desc().nullsFirst(), t.conversationId.desc().nullsFirst()),
  ],
);

/**
 * A message. Deleting keeps the row as a marker (`isDeleted`, text emptied, files detached).
 * `priceCents` > 0 makes its files paid: the recipient opens them after buying (an entitlement of
 * type 'message'). `massMessageId` ties the copies of a mass message; unique per conversation, so
 * a re-run job never sends one twice.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    type: text('type', { enum: MESSAGE_TYPES }).notNull().default('text'),
    priceCents: integer('price_cents').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    massMessageId: uuid('mass_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('messages_mass_key').on(t.massMessageId, t.conversationId).where(sql`mass_message_id is not null`),
  ],
);

/** The files of a message, in order (media_files rows made by the upload routes). */
export const messageFiles = pgTable(
  'message_files',
  {
    messageId: uuid('message_id').notNull().references(() => messages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').notNull().references(() => mediaFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.fileId] }), index('message_files_file_idx').on(t.fileId)],
);

/** A creator's message to every subscriber, sent one by one by a background job. */
export const massMessages = pgTable('mass_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  performerId: uuid('performer_id').notNull().references(() => performers.userId, { onDelete: 'cascade' }),
  text: text('text').notNull().default(''),
  priceCents: integer('price_cents').notNull().default(0),
  fileIds: uuid('file_ids').array().notNull().default(sql`'{}'::uuid[]`),
  status: text('status', { enum: MASS_MESSAGE_STATUSES }).notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who may start writing to a creator: `followers` (followers and subscribers) or `subscribers` only. */
export const messagingSettings = pgTable('messaging_settings', {
  performerId: uuid('performer_id').primaryKey().references(() => performers.userId, { onDelete: 'cascade' }),
  whoMayWrite: text('who_may_write', { enum: MESSAGE_WRITE_POLICIES }).notNull().default('followers'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
