import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authTokens, loginThrottles, socialAccounts, twoFactorRecoveryCodes } from '../../db/schema';

/** Every way into a deleted account that is not a session (sessions are revoked by `app.tokens`). */
export async function eraseSignInRows(db: Executor, userId: string): Promise<void> {
  await db.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
  await db.delete(loginThrottles).where(eq(loginThrottles.userId, userId));
}
