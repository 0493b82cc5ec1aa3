import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema';

export const settingsRepository = {
  /** Every stored override as key → value. */
  async all(db: Executor): Promise<Record<string, unknown>> {
    const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  },

  /** Stores several overrides in one statement, so a failure writes none of them. */
  async upsertMany(db: Executor, values: Record<string, unknown>) {
    const rows = Object.entries(values).map(([key, value]) => ({ key, value, updatedAt: new Date() }));
    if (!rows.length) return;
    await db
      .insert(settings)
      .values(rows)
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` } });
  },
};
