import { and, asc, count, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sitePromos } from '../../db/schema';

export type SitePromoRow = typeof sitePromos.$inferSelect;
export type NewSitePromo = typeof sitePromos.$inferInsert;
export type SitePromoPatch = Partial<Omit<NewSitePromo, 'id' | 'createdAt' | 'updatedAt'>>;

export const PROMO_SORTS = ['updatedAt', 'createdAt', 'ordering', 'title', 'position'] as const;
export type PromoSort = (typeof PROMO_SORTS)[number];

interface Page {
  offset: number;
  limit: number;
}

export const sitePromosRepository = {
  /** Switched on and inside its window at `now`; display order is the operator's `ordering`, newest first on ties. */
  async listLive(db: Executor, now: Date, position: string | undefined, page: Page) {
    const where = and(
      eq(sitePromos.active, true),
      or(isNull(sitePromos.startsAt), lte(sitePromos.startsAt, now)),
      or(isNull(sitePromos.endsAt), gt(sitePromos.endsAt, now)),
      position ? eq(sitePromos.position, position as SitePromoRow['position']) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(sitePromos).where(where)
        .orderBy(asc(sitePromos.ordering), desc(sitePromos.createdAt), asc(sitePromos.id))
        .offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(sitePromos).where(where),
    ]);
    return { rows, total: Number(total) };
  },

  async listAll(db: Executor, sortBy: PromoSort, sort: 'asc' | 'desc', page: Page) {
    const dir = sort === 'asc' ? asc : desc;
    const order: SQL[] = [dir(sitePromos[sortBy]), dir(sitePromos.id)];
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(sitePromos).orderBy(...order).offset(page.offset).limit(page.limit),
      db.select({ total: count() }).from(sitePromos),
    ]);
    return { rows, total: Number(total) };
  },

  async findById(db: Executor, id: string): Promise<SitePromoRow | null> {
    const [row] = await db.select().from(sitePromos).where(eq(sitePromos.id, id)).limit(1);
    return row ?? null;
  },

  /** The row as it is now, locked until the transaction ends (an edit records what it replaced). */
  async lock(tx: Executor, id: string): Promise<SitePromoRow | null> {
    const [row] = await tx.select().from(sitePromos).where(eq(sitePromos.id, id)).limit(1).for('update');
    return row ?? null;
  },

  async insert(db: Executor, values: NewSitePromo): Promise<SitePromoRow> {
    const [row] = await db.insert(sitePromos).values(values).returning();
    return row;
  },

  async update(db: Executor, id: string, patch: SitePromoPatch): Promise<SitePromoRow | null> {
    const [row] = await db.update(sitePromos).set({ ...patch, updatedAt: new Date() }).where(eq(sitePromos.id, id)).returning();
    return row ?? null;
  },

  async remove(db: Executor, id: string): Promise<SitePromoRow | null> {
    const [row] = await db.delete(sitePromos).where(eq(sitePromos.id, id)).returning();
    return row ?? null;
  },
};
