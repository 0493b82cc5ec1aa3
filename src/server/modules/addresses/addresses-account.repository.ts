import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addresses } from '../../db/schema';

export const addressesAccountRepository = {
  all: (db: Executor, userId: string) => db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt)),
  async removeAll(db: Executor, userId: string): Promise<void> {
    await db.delete(addresses).where(eq(addresses.userId, userId));
  },
};
