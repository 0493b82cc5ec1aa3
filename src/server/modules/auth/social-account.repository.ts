import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { socialAccounts } from '../../db/schema';

export type SocialProvider = 'google' | 'twitter';

export const socialAccountRepository = {
  async findUserId(db: Executor, provider: SocialProvider, providerUserId: string): Promise<string | null> {
    const [row] = await db
      .select({ userId: socialAccounts.userId })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, providerUserId)))
      .limit(1);
    return row?.userId ?? null;
  },

  async link(db: Executor, userId: string, provider: SocialProvider, providerUserId: string) {
    await db.insert(socialAccounts).values({ userId, provider, providerUserId });
  },
};
