import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { hasAccessSql, subscriptions, users } from '../../db/schema';

const fan = alias(users, 'fan');
const creator = alias(users, 'creator');

/** A person's subscriptions on both sides: what their data export lists and their deletion ends. */
export const subscriptionsAccountRepository = {
  async bothSides(db: Executor, userId: string) {
    return db
      .select({ subscription: subscriptions, fanUsername: fan.username, creatorUsername: creator.username })
      .from(subscriptions)
      .leftJoin(fan, eq(fan.id, subscriptions.userId))
      .leftJoin(creator, eq(creator.id, subscriptions.performerId))
      .where(or(eq(subscriptions.userId, userId), eq(subscriptions.performerId, userId)))
      .orderBy(asc(subscriptions.createdAt));
  },

  async countWithAccess(db: Executor, userId: string): Promise<{ asFan: number; asCreator: number }> {
    const [row] = await db
      .select({
        asFan: sql<number>`count(*) filter (where ${subscriptions.userId} = ${userId})::int`,
        asCreator: sql<number>`count(*) filter (where ${subscriptions.performerId} = ${userId})::int`,
      })
      .from(subscriptions)
      .where(and(or(eq(subscriptions.userId, userId), eq(subscriptions.performerId, userId)), hasAccessSql));
    return { asFan: Number(row?.asFan ?? 0), asCreator: Number(row?.asCreator ?? 0) };
  },

  /**
   * Ends every subscription of the person, as fan and as creator, now: no renewal, no access.
   * Returns the ended rows' creators and gateway subscriptions.
   */
  async endAll(db: Executor, userId: string) {
    return db
      .update(subscriptions)
      .set({ status: 'expired', expiresAt: sql`least(${subscriptions.expiresAt}, now())`, graceUntil: null, cancelledAt: sql`coalesce(${subscriptions.cancelledAt}, now())`, updatedAt: sql`now()` })
      .where(and(or(eq(subscriptions.userId, userId), eq(subscriptions.performerId, userId)), inArray(subscriptions.status, ['active', 'cancelled'])))
      .returning({ performerId: subscriptions.performerId, gateway: subscriptions.gateway, gatewaySubscriptionId: subscriptions.gatewaySubscriptionId });
  },
};
