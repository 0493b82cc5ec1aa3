import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { follows } from '../../db/schema';

export const followsAccountRepository = {
  /** Deletes every follow of creator `performerId` (the creator's account is being deleted). */
  async removeFollowersOf(db: Executor, performerId: string): Promise<void> {
    await db.delete(follows).where(eq(follows.performerId, performerId));
  },
};
