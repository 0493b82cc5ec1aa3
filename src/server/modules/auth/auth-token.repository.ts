import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authTokens } from '../../db/schema';

export type AuthTokenKind = 'verify-email' | 'reset-password' | 'change-email' | 'undo-email-change';

export const authTokenRepository = {
  async create(db: Executor, input: { userId: string; kind: AuthTokenKind; tokenHash: string; expiresAt: Date; payload?: string | null }) {
    await db.insert(authTokens).values(input);
  },

  /**
   * Marks a live token used and returns its user. One conditional UPDATE, so two requests racing
   * with the same link cannot both succeed.
   */
  async consume(
    db: Executor,
    kind: AuthTokenKind,
    tokenHash: string,
    now = new Date(),
  ): Promise<{ userId: string; payload: string | null } | null> {
    const [row] = await db
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
      .returning({ userId: authTokens.userId, payload: authTokens.payload });
    return row ?? null;
  },

  /** Retires every unused link of a kind, e.g. older reset links once one was used. */
  async retireAll(db: Executor, userId: string, kind: AuthTokenKind, now = new Date()) {
    await db
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
  },
};
