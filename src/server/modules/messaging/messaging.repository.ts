import { aliasedTable, and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, ne, or, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  blockedUsers,
  conversationMembers,
  conversations,
  entitlements,
  follows,
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

  async attachFiles(db: Executor, messageId: string, fileIds: readonly string[]): Promise<void> {
    if (!fileIds.length) return;
    await db.insert(messageFiles).values(fileIds.map((fileId, position) => ({ messageId, fileId, position })));
  },

  /**
   * After a new message: the conversation's newest message and activity time, both members'
   * activity time, one more unread for everyone but the sender (in SQL, so concurrent sends
   * count exactly), and the sender marked as having written (the other side may answer).
   */
  async recordActivity(db: Executor, message: MessageRow): Promise<void> {
    // One statement (a data-modifying CTE): sending is the hot path, and each round trip inside
    // the transaction holds a pooled connection.
    await db.execute(sql`
      with touched as (
        update ${conversations}
        set last_message_id = ${message.id}, last_message_at = ${message.createdAt}, updated_at = ${message.createdAt}
        where id = ${message.conversationId}
        returning id
      )
      update ${conversationMembers}
      set last_activity_at = ${message.createdAt},
          unread_count = unread_count + case when user_id = ${message.senderId} then 0 else 1 end,
          has_written = has_written or user_id = ${message.senderId}
      where conversation_id = (select id from touched)`);
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
    const [row] = await db.select({ total: sum(conversationMembers.unreadCount) }).from(conversationMembers)
      .where(eq(conversationMembers.userId, userId));
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

  async follows(db: Executor, followerId: string, performerId: string): Promise<boolean> {
    const rows = await db.select({ one: sql`1` }).from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.performerId, performerId))).limit(1);
    return rows.length > 0;
  },

  /** A subscription with access now (active, or cancelled but not over). */
  async subscribes(db: Executor, userId: string, performerId: string): Promise<boolean> {
    const rows = await db.select({ one: sql`1` }).from(subscriptions).where(and(
      eq(subscriptions.userId, userId),
      eq(subscriptions.performerId, performerId),
      inArray(subscriptions.status, ['active', 'cancelled']),
      gt(subscriptions.expiresAt, sql`now()`),
    )).limit(1);
    return rows.length > 0;
  },

  async subscriberIds(db: Executor, performerId: string): Promise<string[]> {
    const rows = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(and(
      eq(subscriptions.performerId, performerId),
      inArray(subscriptions.status, ['active', 'cancelled']),
      gt(subscriptions.expiresAt, sql`now()`),
    )).orderBy(asc(subscriptions.userId));
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
