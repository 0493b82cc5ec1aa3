import { and, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dataExports } from '../../db/schema';

export type DataExportRow = typeof dataExports.$inferSelect;

/** The data_exports table: one row per export a person asked for. */
export const accountDataRepository = {
  async latest(db: Executor, userId: string): Promise<DataExportRow | null> {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(1);
    return row ?? null;
  },

  async find(db: Executor, id: string): Promise<DataExportRow | null> {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
    return row ?? null;
  },

  async insert(db: Executor, userId: string): Promise<DataExportRow> {
    const [row] = await db.insert(dataExports).values({ userId }).returning();
    return row;
  },

  /** Only a pending row is finished: a job that ran twice, or an export deleted meanwhile, writes nothing. */
  async finish(db: Executor, id: string, patch: Pick<DataExportRow, 'status' | 'fileKey' | 'sizeBytes' | 'error' | 'readyAt' | 'expiresAt'>) {
    const [row] = await db.update(dataExports).set(patch).where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending'))).returning();
    return row ?? null;
  },

  async pendingIds(db: Executor): Promise<string[]> {
    const rows = await db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.status, 'pending'));
    return rows.map((r) => r.id);
  },

  async allOf(db: Executor, userId: string): Promise<DataExportRow[]> {
    return db.select().from(dataExports).where(eq(dataExports.userId, userId));
  },

  /** Deletes the rows and answers them, so their files can go after the commit. */
  async remove(db: Executor, ids: string[]): Promise<void> {
    for (const id of ids) await db.delete(dataExports).where(eq(dataExports.id, id));
  },

  async expired(db: Executor, now: Date): Promise<DataExportRow[]> {
    return db.select().from(dataExports).where(lt(dataExports.expiresAt, now));
  },
};
