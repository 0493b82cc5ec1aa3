import { and, count, desc, eq, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { conversationMembers, conversations, messageFiles, messages, streams, streamSettings, users } from '../../db/schema';
import { visibleToViewer } from '../blocking/blocking.repository';
import { verifiedCreatorSql } from '../performers/performers.repository';
import type { Viewer } from '../blocking/viewer';

export type StreamRow = typeof streams.$inferSelect;
export type StreamSettingsRow = typeof streamSettings.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export interface StreamWithCreator {
  stream: StreamRow;
  user: UserRow;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The creator's account is an active performer (others' streams are invisible, as their profiles are). */
const activeCreator = and(eq(users.role, 'performer'), eq(users.status, 'active'))!;

function withCreator(db: Executor, where: SQL | undefined) {
  return db.select({ stream: streams, user: users }).from(streams)
    .innerJoin(users, eq(users.id, streams.performerId))
    .where(and(activeCreator, where));
}

export const streamingRepository = {
  async settings(db: Executor, performerId: string): Promise<StreamSettingsRow | null> {
    const [row] = await db.select().from(streamSettings).where(eq(streamSettings.performerId, performerId));
    return row ?? null;
  },

  /** Saves the defaults; the upsert row-locks them, so two "go live" of one creator take turns. */
  async saveSettings(db: Executor, values: Omit<StreamSettingsRow, 'updatedAt' | 'privateShowPriceCents'>): Promise<StreamSettingsRow> {
    const { performerId, ...rest } = values;
    const [row] = await db.insert(streamSettings).values(values)
      .onConflictDoUpdate({ target: streamSettings.performerId, set: { ...rest, updatedAt: new Date() } })
      .returning();
    void performerId;
    return row;
  },

  async byId(db: Executor, id: string): Promise<StreamWithCreator | null> {
    const [row] = await withCreator(db, eq(streams.id, id));
    return row ?? null;
  },

  /** A stream with its creator whatever the creator's account status (the creator's own routes, the job). */
  async byIdAnyCreator(db: Executor, id: string): Promise<StreamWithCreator | null> {
    const [row] = await db.select({ stream: streams, user: users }).from(streams)
      .innerJoin(users, eq(users.id, streams.performerId)).where(eq(streams.id, id));
    return row ?? null;
  },

  async byConversation(db: Executor, conversationId: string): Promise<StreamWithCreator | null> {
    const [row] = await withCreator(db, eq(streams.conversationId, conversationId));
    return row ?? null;
  },

  /** The running stream of an active creator, by id or username (case-insensitive). */
  async runningOf(db: Executor, by: { username: string; id?: string }): Promise<StreamWithCreator | null> {
    const who = by.id ? or(eq(users.id, by.id), eq(sql`lower(${users.username})`, by.username)) : eq(sql`lower(${users.username})`, by.username);
    const [row] = await withCreator(db, and(eq(streams.isStreaming, true), who));
    return row ?? null;
  },

  /** The creator's own running stream, whatever their account status (their own pages). */
  async ownRunning(db: Executor, performerId: string): Promise<StreamWithCreator | null> {
    const [row] = await db.select({ stream: streams, user: users }).from(streams)
      .innerJoin(users, eq(users.id, streams.performerId))
      .where(and(eq(streams.performerId, performerId), eq(streams.isStreaming, true)));
    return row ?? null;
  },

  /**
   * A new stream with its public conversation (the creator its only member: the chat is open to
   * whoever may watch, members or not). The partial unique index refuses a second running stream;
   * the caller holds the creator's settings row, so that only happens across a crash.
   */
  async create(
    db: Executor,
    values: Pick<StreamRow, 'performerId' | 'title' | 'description' | 'access' | 'priceCents'> & Partial<Pick<StreamRow, 'privateViewerId'>>,
  ): Promise<StreamRow> {
    const [conversation] = await db.insert(conversations).values({ type: 'public' }).returning();
    await db.insert(conversationMembers).values({ conversationId: conversation.id, userId: values.performerId, lastActivityAt: conversation.lastMessageAt });
    const [row] = await db.insert(streams).values({ ...values, conversationId: conversation.id }).returning();
    return row;
  },

  async update(db: Executor, id: string, set: Partial<Pick<StreamRow, 'title' | 'description' | 'isChatClosed' | 'durationSeconds' | 'lastHeartbeatAt'>>): Promise<StreamRow | null> {
    const [row] = await db.update(streams).set({ ...set, updatedAt: new Date() }).where(eq(streams.id, id)).returning();
    return row ?? null;
  },

  /** Ends a running stream; null when it had ended already (only one caller ends it). */
  async end(db: Executor, id: string): Promise<StreamRow | null> {
    const [row] = await db.update(streams)
      .set({ isStreaming: false, endedAt: sql`now()`, viewerCount: 0, updatedAt: new Date() })
      .where(and(eq(streams.id, id), eq(streams.isStreaming, true))).returning();
    return row ?? null;
  },

  /** Ends every running stream silent for `seconds` (no heartbeat, or none since it started); one statement, so two instances never end one twice. */
  async endStale(db: Executor, seconds: number): Promise<StreamRow[]> {
    return db.update(streams)
      .set({ isStreaming: false, endedAt: sql`now()`, viewerCount: 0, updatedAt: new Date() })
      .where(and(
        eq(streams.isStreaming, true),
        lt(sql`coalesce(${streams.lastHeartbeatAt}, ${streams.startedAt})`, sql`now() - make_interval(secs => ${seconds})`),
      )).returning();
  },

  async setViewerCount(db: Executor, id: string, viewerCount: number): Promise<void> {
    await db.update(streams).set({ viewerCount }).where(and(eq(streams.id, id), eq(streams.isStreaming, true)));
  },

  /** Running public streams of active creators the viewer may see (private shows never listed), most watched first, then newest. */
  async searchLive(db: Executor, viewer: Viewer, opts: { q?: string; offset: number; limit: number; verifiedOnly?: boolean }) {
    const where = and(
      activeCreator,
      isNull(streams.privateViewerId),
      opts.verifiedOnly ? verifiedCreatorSql(streams.performerId) : undefined,
      eq(streams.isStreaming, true),
      visibleToViewer(streams.performerId, viewer),
      opts.q ? or(ilike(users.name, likeLiteral(opts.q)), ilike(users.username, likeLiteral(opts.q)), ilike(streams.title, likeLiteral(opts.q))) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select({ stream: streams, user: users }).from(streams).innerJoin(users, eq(users.id, streams.performerId))
        .where(where).orderBy(desc(streams.viewerCount), desc(streams.startedAt), desc(streams.id))
        .offset(opts.offset).limit(opts.limit),
      db.select({ total: count() }).from(streams).innerJoin(users, eq(users.id, streams.performerId)).where(where),
    ]);
    return { rows, total };
  },

  /** Clears a chat: every message becomes a deleted marker (files detached). */
  async clearMessages(db: Executor, conversationId: string): Promise<void> {
    await db.delete(messageFiles).where(sql`${messageFiles.messageId} in (select id from ${messages} where ${messages.conversationId} = ${conversationId})`);
    await db.update(messages).set({ isDeleted: true, text: '', updatedAt: new Date() })
      .where(and(eq(messages.conversationId, conversationId), eq(messages.isDeleted, false)));
  },
};
