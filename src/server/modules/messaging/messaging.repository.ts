import { aliasedTable, and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jsonRowReader } from '../../db/json-rows';
import { preparedQuery, preparedSql } from '../../db/prepared';
import type { RefusalCode } from './who-may-write';
import { blockedEitherWaySql, writeRefusalSql } from './who-may-write.repository';
import {
  blockedUsers,
  conversationMembers,
  conversations,
  entitlements,
  hasAccessSql,
  massMessages,
  mediaFiles,
  messageFiles,
  messages,
  messagingSettings,
  subscriptions,
  users,
} from '../../db/schema';
import type { MessageWritePolicy } from '../../../common/contract/messaging';

export type ConversationRow = typeof conversations.$inferSelect;
export type MemberRow = typeof conversationMembers.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type MassMessageRow = typeof massMessages.$inferSelect;

/** The key of a private conversation: its two members, sorted, so either may find it. */
export const pairKeyOf = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const peer = aliasedTable(users, 'peer');
/** Whether the other member has written in the conversation (the sender may then always answer). */
const peerHasWritten = sql<boolean>`coalesce((select pm.has_written from ${conversationMembers} pm
  where pm.conversation_id = ${conversationMembers.conversationId} and pm.user_id = ${conversationMembers.peerId}), false)`;
const last = aliasedTable(messages, 'last_message');

const senderParam = sql`${sql.placeholder('sender')}::uuid`;
const senderRoleParam = sql`${sql.placeholder('senderRole')}::text`;
const countryParam = sql`${sql.placeholder('country')}::text`;

/** Whether the sender may write to one user (and whether either blocked the other), with that user's account. */
const writeVerdictQuery = preparedQuery((db) =>
  db.select({
    recipient: { id: users.id, role: users.role, status: users.status },
    blocked: blockedEitherWaySql(senderParam, sql`${users.id}`),
    refusal: writeRefusalSql({
      sender: senderParam, senderRole: senderRoleParam, senderCountry: countryParam,
      recipient: sql`${users.id}`, recipientRole: sql`${users.role}`, recipientStatus: sql`${users.status}`,
      recipientHasWritten: sql`${sql.placeholder('recipientHasWritten')}::boolean`,
    }),
  })
    .from(users)
    .where(eq(users.id, sql`${sql.placeholder('recipient')}::uuid`))
    .prepare('message_write_verdict'),
);

/**
 * What writing a message moves besides inserting it (`written`), as the CTEs that follow it in one
 * statement: its files in order, the conversation's newest message and activity time, both members'
 * activity time, one more unread for everyone but the sender (in SQL, so concurrent sends count
 * exactly) and the sender marked as having written (the other side may then answer). The members
 * are updated from `touched`, so every send locks the conversation's row before its members' rows:
 * concurrent sends queue on that one row instead of possibly locking the two member rows in
 * opposite orders (a deadlock, which PostgreSQL ends by failing one of them).
 */
const afterWritten = sql`
  attached as (
    insert into ${messageFiles} (message_id, file_id, position)
    select written.id, file.id, file.position - 1
    from written, unnest(${sql.placeholder('fileIds')}::uuid[]) with ordinality as file(id, position)
  ), touched as (
    update ${conversations}
    set last_message_id = written.id, last_message_at = written.created_at, updated_at = written.created_at
    from written where ${conversations.id} = written.conversation_id
    returning ${conversations.id}
  ), members as (
    update ${conversationMembers}
    set last_activity_at = written.created_at,
        unread_count = unread_count + case when user_id = written.sender_id then 0 else 1 end,
        has_written = has_written or user_id = written.sender_id
    from written, touched where ${conversationMembers.conversationId} = touched.id
  )`;
const messageValues = sql`${sql.placeholder('text')}::text, ${sql.placeholder('type')}::text, ${sql.placeholder('priceCents')}::integer`;
const messageRow = jsonRowReader(messages);
type Json = Record<string, unknown>;

/**
 * A message written without a check (the mass-message job, which checked its fans), with what it
 * moves, in one statement: data-modifying CTEs run together, atomically. A mass message already
 * delivered to this conversation writes nothing (its unique key).
 */
const writeStatement = preparedSql<{ row: Json }>('message_write', sql`
  with written as (
    insert into ${messages} (conversation_id, sender_id, text, type, price_cents, mass_message_id)
    values (${sql.placeholder('conversationId')}::uuid, ${senderParam}, ${messageValues}, ${sql.placeholder('massMessageId')}::uuid)
    on conflict do nothing
    returning *
  ), ${afterWritten}
  select row_to_json(written) as row from written`);

/**
 * A member's message, checked and written in one statement: `context` finds the sender's
 * membership and the other member and asks the who-may-write rule; the message is inserted only
 * when the rule lets it (`refusal` null). No context when the sender is not a member or nobody
 * else is (a stream's chat).
 */
const sendStatement = preparedSql<{ context: { peer_id: string; refusal: RefusalCode | null } | null; row: Json | null }>('message_send', sql`
  with context as (
    select peer.id as peer_id, ${writeRefusalSql({
      sender: senderParam, senderRole: senderRoleParam, senderCountry: countryParam,
      recipient: sql`peer.id`, recipientRole: sql`peer.role`, recipientStatus: sql`peer.status`, recipientHasWritten: sql`peer_member.has_written`,
    })} as refusal
    from ${conversationMembers} me
    join ${conversationMembers} peer_member on peer_member.conversation_id = me.conversation_id and peer_member.user_id = me.peer_id
    join ${users} peer on peer.id = peer_member.user_id
    where me.conversation_id = ${sql.placeholder('conversationId')}::uuid and me.user_id = ${senderParam}
  ), written as (
    insert into ${messages} (conversation_id, sender_id, text, type, price_cents)
    select ${sql.placeholder('conversationId')}::uuid, ${senderParam}, ${messageValues} from context where context.refusal is null
    returning *
  ), ${afterWritten}
  select (select row_to_json(context) from context) as context, (select row_to_json(written) from written) as row`);

const totalUnreadQuery = preparedQuery((db) =>
  db.select({ total: sum(conversationMembers.unreadCount) }).from(conversationMembers)
    .where(eq(conversationMembers.userId, sql.placeholder('userId')))
    .prepare('message_total_unread'),
);

export const messagingRepository = {
  async findConversation(db: Executor, id: string): Promise<ConversationRow | null> {
    const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
    return row ?? null;
  },

  async findPair(db: Executor, a: string, b: string): Promise<ConversationRow | null> {
    const [row] = await db.select().from(conversations).where(eq(conversations.pairKey, pairKeyOf(a, b)));
    return row ?? null;
  },

  /**
   * The private conversation of two users, made if absent. The unique pair key decides between
   * concurrent requests: the loser's insert does nothing and it reads the winner's row.
   */
  async findOrCreatePair(db: Executor, a: string, b: string): Promise<{ conversation: ConversationRow; created: boolean }> {
    const pairKey = pairKeyOf(a, b);
    const [made] = await db.insert(conversations).values({ type: 'private', pairKey }).onConflictDoNothing().returning();
    if (made) {
      await db.insert(conversationMembers).values([
        { conversationId: made.id, userId: a, peerId: b, lastActivityAt: made.lastMessageAt },
        { conversationId: made.id, userId: b, peerId: a, lastActivityAt: made.lastMessageAt },
      ]);
      return { conversation: made, created: true };
    }
    const [row] = await db.select().from(conversations).where(eq(conversations.pairKey, pairKey));
    return { conversation: row, created: false };
  },

  async member(db: Executor, conversationId: string, userId: string): Promise<MemberRow | null> {
    const [row] = await db.select().from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
    return row ?? null;
  },

  async members(db: Executor, conversationId: string): Promise<MemberRow[]> {
    return db.select().from(conversationMembers).where(eq(conversationMembers.conversationId, conversationId));
  },

  /** The members with their accounts, in one query (the send path's first read). */
  async membersWithUsers(db: Executor, conversationId: string) {
    return db.select({ member: conversationMembers, user: users }).from(conversationMembers)
      .innerJoin(users, eq(users.id, conversationMembers.userId))
      .where(eq(conversationMembers.conversationId, conversationId));
  },

  /**
   * One member's conversations with the other party and the newest message, newest activity
   * first. The list leaves out conversations nobody has written in yet (opened and left): the
   * other party should not see a visit as a conversation; one conversation by id is always found.
   */
  async listForUser(db: Executor, userId: string, opts: { q?: string; offset: number; limit: number; conversationId?: string }) {
    const where = and(
      eq(conversationMembers.userId, userId),
      opts.conversationId ? eq(conversationMembers.conversationId, opts.conversationId) : isNotNull(conversations.lastMessageId),
      opts.q ? or(ilike(peer.name, likeLiteral(opts.q)), ilike(peer.username, likeLiteral(opts.q))) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select({ member: conversationMembers, conversation: conversations, peer, peerHasWritten, last })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .leftJoin(peer, eq(peer.id, conversationMembers.peerId))
        .leftJoin(last, eq(last.id, conversations.lastMessageId))
        .where(where)
        .orderBy(desc(conversationMembers.lastActivityAt), desc(conversationMembers.conversationId))
        .offset(opts.offset).limit(opts.limit),
      db.select({ total: count() }).from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .leftJoin(peer, eq(peer.id, conversationMembers.peerId))
        .where(where),
    ]);
    return { rows, total };
  },

  async insertMessage(db: Executor, values: typeof messages.$inferInsert): Promise<MessageRow | null> {
    const [row] = await db.insert(messages).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  /** The message written (null when a mass message had already reached this conversation). */
  async writeMessage(
    db: Executor,
    values: { conversationId: string; senderId: string; text: string; type: MessageRow['type']; priceCents: number; massMessageId?: string },
    fileIds: readonly string[],
  ): Promise<MessageRow | null> {
    const [written] = await writeStatement(db, {
      conversationId: values.conversationId, sender: values.senderId, text: values.text, type: values.type,
      priceCents: values.priceCents, massMessageId: values.massMessageId ?? null, fileIds: [...fileIds],
    });
    return written ? messageRow(written.row) : null;
  },

  /**
   * See `sendStatement`: null when the sender is not a member (or has nobody to write to); else
   * the other member and the rule's answer, with the message when it was written.
   */
  async sendMessage(
    db: Executor,
    sender: { userId: string; role: string | null; country: string | null },
    values: { conversationId: string; text: string; type: MessageRow['type']; priceCents: number },
    fileIds: readonly string[],
  ): Promise<{ peerId: string; refusal: RefusalCode | null; message: MessageRow | null } | null> {
    const [result] = await sendStatement(db, {
      ...values, sender: sender.userId, senderRole: sender.role, country: sender.country, fileIds: [...fileIds],
    });
    if (!result?.context) return null;
    return { peerId: result.context.peer_id, refusal: result.context.refusal, message: result.row ? messageRow(result.row) : null };
  },

  /** Whether the sender may write to `recipientId` (and whether a block stands between them), with their account; null when there is no such user. */
  async writeVerdict(
    db: Executor,
    sender: { userId: string; role: string | null; country: string | null },
    recipientId: string,
    recipientHasWritten: boolean,
  ) {
    const [row] = await writeVerdictQuery(db).execute({
      recipient: recipientId, sender: sender.userId, senderRole: sender.role, country: sender.country, recipientHasWritten,
    });
    return row ?? null;
  },

  async listMessages(db: Executor, conversationId: string, page: { offset: number; limit: number }) {
    const where = eq(messages.conversationId, conversationId);
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(messages).where(where)
        .orderBy(desc(messages.createdAt), desc(messages.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(messages).where(where),
    ]);
    return { rows, total };
  },

  async findMessage(db: Executor, id: string, opts: { forUpdate?: boolean } = {}): Promise<MessageRow | null> {
    const query = db.select().from(messages).where(eq(messages.id, id));
    const [row] = opts.forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  /** The files of these messages, in order, with their media rows. */
  async filesOf(db: Executor, messageIds: readonly string[]) {
    if (!messageIds.length) return [];
    return db.select({ messageId: messageFiles.messageId, file: mediaFiles }).from(messageFiles)
      .innerJoin(mediaFiles, eq(mediaFiles.id, messageFiles.fileId))
      .where(inArray(messageFiles.messageId, [...messageIds]))
      .orderBy(asc(messageFiles.position));
  },

  /** Media rows among `ids` that this user uploaded for messages. */
  async ownMessageMedia(db: Executor, ownerId: string, ids: readonly string[]) {
    if (!ids.length) return [];
    return db.select().from(mediaFiles).where(and(
      inArray(mediaFiles.id, [...ids]),
      eq(mediaFiles.ownerId, ownerId),
      inArray(mediaFiles.purpose, ['message-photo', 'message-video']),
    ));
  },

  /** Turns a message into its deleted marker: text emptied, files detached. */
  async markDeleted(db: Executor, id: string): Promise<MessageRow> {
    await db.delete(messageFiles).where(eq(messageFiles.messageId, id));
    const [row] = await db.update(messages).set({ isDeleted: true, text: '', updatedAt: new Date() })
      .where(eq(messages.id, id)).returning();
    return row;
  },

  /** A deleted message the recipients had not read yet no longer counts as unread. */
  async forgetUnread(db: Executor, message: MessageRow): Promise<void> {
    await db.update(conversationMembers)
      .set({ unreadCount: sql`greatest(${conversationMembers.unreadCount} - 1, 0)` })
      .where(and(
        eq(conversationMembers.conversationId, message.conversationId),
        ne(conversationMembers.userId, message.senderId),
        sql`${conversationMembers.lastReadAt} < ${message.createdAt}`,
      ));
  },

  async readAll(db: Executor, conversationId: string, userId: string): Promise<void> {
    await db.update(conversationMembers).set({ unreadCount: 0, lastReadAt: sql`now()` })
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
  },

  async totalUnread(db: Executor, userId: string): Promise<number> {
    const [row] = await totalUnreadQuery(db).execute({ userId });
    return Number(row?.total ?? 0);
  },

  /** Someone paid for this message. */
  async wasBought(db: Executor, messageId: string): Promise<boolean> {
    const rows = await db.select({ one: sql`1` }).from(entitlements)
      .where(and(eq(entitlements.objectType, 'message'), eq(entitlements.objectId, messageId))).limit(1);
    return rows.length > 0;
  },

  /** Either user (as a creator) blocked the other's account. */
  async blockedEitherWay(db: Executor, a: string, b: string): Promise<boolean> {
    const rows = await db.select({ one: sql`1` }).from(blockedUsers).where(or(
      and(eq(blockedUsers.performerId, a), eq(blockedUsers.userId, b)),
      and(eq(blockedUsers.performerId, b), eq(blockedUsers.userId, a)),
    )).limit(1);
    return rows.length > 0;
  },




  async subscriberIds(db: Executor, performerId: string): Promise<string[]> {
    const rows = await db.select({ userId: subscriptions.userId }).from(subscriptions)
      .where(and(eq(subscriptions.performerId, performerId), hasAccessSql))
      .orderBy(asc(subscriptions.userId));
    return rows.map((r) => r.userId);
  },

  async policy(db: Executor, performerId: string): Promise<MessageWritePolicy> {
    const [row] = await db.select({ whoMayWrite: messagingSettings.whoMayWrite }).from(messagingSettings)
      .where(eq(messagingSettings.performerId, performerId));
    return row?.whoMayWrite ?? 'followers';
  },

  async setPolicy(db: Executor, performerId: string, whoMayWrite: MessageWritePolicy): Promise<void> {
    await db.insert(messagingSettings).values({ performerId, whoMayWrite })
      .onConflictDoUpdate({ target: messagingSettings.performerId, set: { whoMayWrite, updatedAt: new Date() } });
  },

  async findUser(db: Executor, id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  },

  async usersByIds(db: Executor, ids: readonly string[]) {
    if (!ids.length) return [];
    return db.select().from(users).where(inArray(users.id, [...ids]));
  },

  async insertMassMessage(db: Executor, values: typeof massMessages.$inferInsert): Promise<MassMessageRow> {
    const [row] = await db.insert(massMessages).values(values).returning();
    return row;
  },

  async findMassMessage(db: Executor, id: string): Promise<MassMessageRow | null> {
    const [row] = await db.select().from(massMessages).where(eq(massMessages.id, id));
    return row ?? null;
  },

  async markMassMessageSent(db: Executor, id: string): Promise<void> {
    await db.update(massMessages).set({ status: 'sent', updatedAt: new Date() }).where(eq(massMessages.id, id));
  },

  async pendingMassMessageIds(db: Executor): Promise<string[]> {
    const rows = await db.select({ id: massMessages.id }).from(massMessages).where(eq(massMessages.status, 'pending'));
    return rows.map((r) => r.id);
  },
};
