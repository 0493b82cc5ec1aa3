import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';

export const sessionRepository = {
  async create(db: Executor, input: { userId: string; expiresAt: Date; userAgent?: string; ip?: string }) {
    const [row] = await db.insert(sessions).values(input).returning({ id: sessions.id });
    return row.id;
  },

  /** The live session and its user, or nothing when expired, revoked or the user is inactive. */
  async findLive(db: Executor, sessionId: string, now = new Date()) {
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .limit(1);
    return row ?? null;
  },

  /** Sets last_seen_at to now unless another request did within `intervalMs`. */
  async touch(db: Executor, sessionId: string, intervalMs: number) {
    const before = new Date(Date.now() - intervalMs);
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, before))));
  },

  /** A user's live sessions, most recently used first. */
  listLive(db: Executor, userId: string, now = new Date()) {
    return db
      .select({ id: sessions.id, userAgent: sessions.userAgent, ip: sessions.ip, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.createdAt));
  },

  /** Revokes one live session of this user; false when it is not theirs, not live or unknown. */
  async revokeOwn(db: Executor, userId: string, sessionId: string, now = new Date()) {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  },

  /** Like revokeAllForUser, answering the ids it revoked (their sockets are closed after the commit). */
  async revokeOthers(db: Executor, userId: string, keepSessionId: string) {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  },

  async revoke(db: Executor, sessionId: string) {
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  },

  /** Revokes every live session of a user, except `keepSessionId` when given. */
  async revokeAllForUser(db: Executor, userId: string, keepSessionId?: string): Promise<string[]> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
    const rows = await db.update(sessions).set({ revokedAt: new Date() }).where(and(...conditions)).returning({ id: sessions.id });
    return rows.map((r) => r.id);
  },
};
