import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { twoFactorRecoveryCodes, users } from '../../db/schema';

export const twoFactorRepository = {
  async find(db: Executor, userId: string) {
    const [row] = await db
      .select({
        secret: users.twoFactorSecret,
        enabledAt: users.twoFactorEnabledAt,
        lastStep: users.twoFactorLastStep,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  },

  /** Stores a new (sealed) secret while 2FA is off; false when it is on. */
  async setPendingSecret(db: Executor, userId: string, sealedSecret: string) {
    const rows = await db
      .update(users)
      .set({ twoFactorSecret: sealedSecret, twoFactorLastStep: null })
      .where(and(eq(users.id, userId), isNull(users.twoFactorEnabledAt)))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /** Turns 2FA on for exactly this pending secret (a parallel setup replacing it makes this false). */
  async enable(db: Executor, userId: string, sealedSecret: string, step: number, now = new Date()) {
    const rows = await db
      .update(users)
      .set({ twoFactorEnabledAt: now, twoFactorLastStep: step })
      .where(and(eq(users.id, userId), isNull(users.twoFactorEnabledAt), eq(users.twoFactorSecret, sealedSecret)))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /** Accepts a TOTP time step once: false when this step (or a later one) was already used. */
  async advanceStep(db: Executor, userId: string, step: number) {
    const rows = await db
      .update(users)
      .set({ twoFactorLastStep: step })
      .where(
        and(
          eq(users.id, userId),
          isNotNull(users.twoFactorEnabledAt),
          or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step)),
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0;
  },

  async replaceRecoveryCodes(db: Executor, userId: string, codeHashes: string[]) {
    await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  },

  /** Marks an unused code used; false when there is none with this hash (or it was used already). */
  async useRecoveryCode(db: Executor, userId: string, codeHash: string, now = new Date()) {
    const rows = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, codeHash),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return rows.length > 0;
  },

  async countUnusedCodes(db: Executor, userId: string) {
    const [row] = await db
      .select({ n: count() })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  },

  async disable(db: Executor, userId: string) {
    await db
      .update(users)
      .set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null })
      .where(eq(users.id, userId));
    await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  },
};
