import { eq, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../common/contract/notifications';
import type { Executor } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

export interface PreferenceRow {
  kind: NotificationKind;
  inApp: boolean;
  email: boolean;
}

/** A person's own choices per kind; kinds without a row keep their defaults (the service fills them in). */
export const notificationPreferencesRepository = {
  async find(db: Executor, userId: string): Promise<PreferenceRow[]> {
    return db.select({ kind: notificationPreferences.kind, inApp: notificationPreferences.inApp, email: notificationPreferences.email })
      .from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  },

  /** Writes these kinds' whole choice (both channels), one statement. */
  async save(db: Executor, userId: string, rows: PreferenceRow[]): Promise<void> {
    if (!rows.length) return;
    await db.insert(notificationPreferences).values(rows.map((r) => ({ userId, ...r })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: sql`now()` },
      });
  },

  async eraseAllOf(db: Executor, userId: string): Promise<void> {
    await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  },
};
