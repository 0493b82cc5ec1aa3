import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { entitlements, subscriptions } from '../../db/schema';

export type EntitlementObjectType = (typeof entitlements.$inferInsert)['objectType'];
export type SubscriptionType = (typeof subscriptions.$inferInsert)['type'];

/**
 * Reads and writes of who may open what: subscriptions to creators and bought items. The money
 * issue's payments and wallet charges will be the writers; until then tests and seed data grant
 * them here.
 */
export const entitlementsRepository = {
  /** The creators among `performerIds` the user has an active subscription to (paid period not over). */
  async subscribedTo(db: Executor, userId: string, performerIds: readonly string[]): Promise<Set<string>> {
    if (!performerIds.length) return new Set();
    const rows = await db.select({ performerId: subscriptions.performerId }).from(subscriptions).where(and(
      eq(subscriptions.userId, userId),
      inArray(subscriptions.performerId, [...new Set(performerIds)]),
      inArray(subscriptions.status, ['active', 'cancelled']),
      gt(subscriptions.expiresAt, sql`now()`),
    ));
    return new Set(rows.map((r) => r.performerId));
  },

  /** The ids among `objectIds` of this type the user bought. */
  async bought(db: Executor, userId: string, objectType: EntitlementObjectType, objectIds: readonly string[]): Promise<Set<string>> {
    if (!objectIds.length) return new Set();
    const rows = await db.select({ objectId: entitlements.objectId }).from(entitlements).where(and(
      eq(entitlements.userId, userId),
      eq(entitlements.objectType, objectType),
      inArray(entitlements.objectId, [...new Set(objectIds)]),
    ));
    return new Set(rows.map((r) => r.objectId));
  },

  /** Starts or renews a subscription (one row per fan and creator). */
  async grantSubscription(db: Executor, values: { userId: string; performerId: string; type: SubscriptionType; expiresAt: Date }) {
    await db.insert(subscriptions).values({ ...values, status: 'active' }).onConflictDoUpdate({
      target: [subscriptions.userId, subscriptions.performerId],
      set: { type: values.type, status: 'active', expiresAt: values.expiresAt, updatedAt: sql`now()` },
    });
  },

  /** Records a purchase's right of access; false when the user already had it. */
  async grantEntitlement(db: Executor, values: { userId: string; objectType: EntitlementObjectType; objectId: string }): Promise<boolean> {
    const rows = await db.insert(entitlements).values(values).onConflictDoNothing().returning({ id: entitlements.id });
    return rows.length > 0;
  },

  /** Takes a purchase's right of access back (a refunded sale); true when there was one. */
  async revokeEntitlement(db: Executor, values: { userId: string; objectType: EntitlementObjectType; objectId: string }): Promise<boolean> {
    const rows = await db.delete(entitlements).where(and(
      eq(entitlements.userId, values.userId),
      eq(entitlements.objectType, values.objectType),
      eq(entitlements.objectId, values.objectId),
    )).returning({ id: entitlements.id });
    return rows.length > 0;
  },
};
