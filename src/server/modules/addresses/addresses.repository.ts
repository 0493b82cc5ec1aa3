import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addresses, users } from '../../db/schema';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Pick<typeof addresses.$inferInsert, 'name' | 'country' | 'state' | 'city' | 'streetAddress' | 'postalCode' | 'phone' | 'description'>;

/** A fan's delivery addresses; every query is scoped to the owner, so others' ids simply miss. */
export const addressesRepository = {
  /**
   * Locks the owner's user row until the transaction ends, so two creations at once count each
   * other (the per-user limit holds under concurrency). `no key update` leaves foreign keys alone.
   */
  async lockOwner(tx: Executor, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  },

  async countOf(db: Executor, userId: string): Promise<number> {
    const [row] = await db.select({ total: count() }).from(addresses).where(eq(addresses.userId, userId));
    return Number(row.total);
  },

  async insert(db: Executor, userId: string, values: AddressValues): Promise<AddressRow> {
    const [row] = await db.insert(addresses).values({ ...values, userId }).returning();
    return row;
  },

  async update(db: Executor, userId: string, id: string, patch: Partial<AddressValues>): Promise<AddressRow | null> {
    const [row] = await db.update(addresses).set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId))).returning();
    return row ?? null;
  },

  async findOwn(db: Executor, userId: string, id: string): Promise<AddressRow | null> {
    const [row] = await db.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    return row ?? null;
  },

  async remove(db: Executor, userId: string, id: string): Promise<boolean> {
    const rows = await db.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId))).returning({ id: addresses.id });
    return rows.length > 0;
  },

  async list(db: Executor, userId: string, page: { offset: number; limit: number }) {
    const where = eq(addresses.userId, userId);
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(addresses).where(where).orderBy(desc(addresses.createdAt), desc(addresses.id)).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(addresses).where(where),
    ]);
    return { rows, total: Number(total) };
  },
};
