import { and, eq, gt, isNull, ne } from 'drizzle-orm';
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

  async revoke(db: Executor, sessionId: string) {
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  },

  /** Revokes every live session of a user, except `keepSessionId` when given. */
  async revokeAllForUser(db: Executor, userId: string, keepSessionId?: string) {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
    await db.update(sessions).set({ revokedAt: new Date() }).where(and(...conditions));
  },
};
