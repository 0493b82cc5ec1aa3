import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { GRACE_DAYS } from './subscription-periods';
import { hasAccessSql, paymentTransactions, performers, subscriptions, users } from '../../db/schema';
import { escapeLike } from '../../shared/like';
import { payableCreatorSql } from '../performers/performers.repository';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type UserRow = typeof users.$inferSelect;

export interface SubscriptionWithParties {
  subscription: SubscriptionRow;
  user: UserRow;
  performer: UserRow;
}

const fan = alias(users, 'subscription_fan');
const creator = alias(users, 'subscription_creator');


export interface SubscriptionSearch {
  userId?: string;
  performerId?: string;
  status?: SubscriptionRow['status'];
  type?: SubscriptionRow['type'];
  q?: string;
  offset: number;
  limit: number;
  sort: 'asc' | 'desc';
}

const SORTS = { asc, desc };

export const subscriptionsRepository = {
  async findWithParties(db: Executor, id: string): Promise<SubscriptionWithParties | null> {
    const [row] = await db
      .select({ subscription: subscriptions, user: fan, performer: creator })
      .from(subscriptions)
      .innerJoin(fan, eq(fan.id, subscriptions.userId))
      .innerJoin(creator, eq(creator.id, subscriptions.performerId))
      .where(eq(subscriptions.id, id));
    return row ?? null;
  },

  /** The row, locked until the transaction ends (a concurrent renewal of it waits, or is seen committed). */
  async lock(tx: Executor, id: string): Promise<SubscriptionRow | null> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1).for('update');
    return row ?? null;
  },

  async find(db: Executor, id: string): Promise<SubscriptionRow | null> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row ?? null;
  },

  async findByGatewaySubscription(db: Executor, gateway: string, gatewaySubscriptionId: string): Promise<SubscriptionRow | null> {
    const [row] = await db.select().from(subscriptions)
      .where(and(eq(subscriptions.gateway, gateway), eq(subscriptions.gatewaySubscriptionId, gatewaySubscriptionId)));
    return row ?? null;
  },

  async setGatewaySubscription(db: Executor, id: string, gatewaySubscriptionId: string) {
    await db.update(subscriptions).set({ gatewaySubscriptionId, updatedAt: sql`now()` })
      .where(and(eq(subscriptions.id, id), isNull(subscriptions.gatewaySubscriptionId)));
  },

  /**
   * Active paid subscriptions at `gateway` whose creator may not be paid now (the payable-creator
   * rule as SQL): their renewals are to stop, access running to the end of the period.
   */
  async activeWithUnpayableCreator(db: Executor, gateway: string, verificationRequired: boolean, limit: number): Promise<SubscriptionRow[]> {
    return db.select().from(subscriptions).where(and(
      eq(subscriptions.status, 'active'), eq(subscriptions.gateway, gateway), inArray(subscriptions.type, ['monthly', 'yearly']),
      not(payableCreatorSql(subscriptions.performerId, verificationRequired)),
    )).orderBy(asc(subscriptions.expiresAt)).limit(limit);
  },

  /** Active paid subscriptions at a gateway that bills renewals itself, not yet set up there. */
  async withoutGatewaySubscription(db: Executor, gateway: string, limit: number): Promise<SubscriptionRow[]> {
    return db.select().from(subscriptions).where(and(
      eq(subscriptions.status, 'active'), eq(subscriptions.gateway, gateway), isNull(subscriptions.gatewaySubscriptionId),
      inArray(subscriptions.type, ['monthly', 'yearly']), sql`${subscriptions.expiresAt} > now()`,
    )).limit(limit);
  },

  async findPair(db: Executor, userId: string, performerId: string): Promise<SubscriptionRow | null> {
    const [row] = await db.select().from(subscriptions).where(and(eq(subscriptions.userId, userId), eq(subscriptions.performerId, performerId)));
    return row ?? null;
  },

  async search(db: Executor, s: SubscriptionSearch): Promise<{ rows: SubscriptionWithParties[]; total: number }> {
    const text = s.q?.trim();
    const where = and(
      s.userId ? eq(subscriptions.userId, s.userId) : undefined,
      s.performerId ? eq(subscriptions.performerId, s.performerId) : undefined,
      s.status ? eq(subscriptions.status, s.status) : undefined,
      s.type ? eq(subscriptions.type, s.type) : undefined,
      text ? or(ilike(fan.name, `%${escapeLike(text)}%`), ilike(fan.username, `%${escapeLike(text)}%`)) : undefined,
    );
    const [rows, [totals]] = await Promise.all([
      db
        .select({ subscription: subscriptions, user: fan, performer: creator })
        .from(subscriptions)
        .innerJoin(fan, eq(fan.id, subscriptions.userId))
        .innerJoin(creator, eq(creator.id, subscriptions.performerId))
        .where(where)
        .orderBy(SORTS[s.sort](subscriptions.updatedAt), SORTS[s.sort](subscriptions.id))
        .offset(s.offset)
        .limit(s.limit),
      db.select({ n: count() }).from(subscriptions).innerJoin(fan, eq(fan.id, subscriptions.userId)).where(where),
    ]);
    return { rows, total: totals?.n ?? 0 };
  },

  /**
   * Starts a free subscription in one statement: only when the fan never had a free one with
   * this creator and has no access now, so concurrent requests start at most one. Null when refused.
   */
  async startFree(tx: Executor, userId: string, performerId: string, expiresAt: Date): Promise<string | null> {
    const rows = await tx
      .insert(subscriptions)
      .values({ userId, performerId, type: 'free', status: 'active', expiresAt, freeUsed: true, priceCents: 0 })
      .onConflictDoUpdate({
        target: [subscriptions.userId, subscriptions.performerId],
        set: {
          type: 'free', status: 'active', startedAt: sql`now()`, expiresAt, freeUsed: true, priceCents: 0,
          gateway: null, gatewaySubscriptionId: null, graceUntil: null, cancelledAt: null, endingNotifiedAt: null, updatedAt: sql`now()`,
        },
        setWhere: sql`${subscriptions.freeUsed} = false and not ${hasAccessSql}`,
      })
      .returning({ id: subscriptions.id });
    return rows[0]?.id ?? null;
  },

  /**
   * Starts or extends a paid subscription after its payment succeeded: a new period begins at the
   * end of the current one when access continues, at the paid-up end during grace, else now.
   */
  async startPaid(
    tx: Executor,
    values: { userId: string; performerId: string; type: 'monthly' | 'yearly'; priceCents: number; gateway: string; periodDays: number },
  ): Promise<string> {
    const periodEnd = (from: SQL) => sql`${from} + make_interval(days => ${values.periodDays})`;
    const rows = await tx
      .insert(subscriptions)
      .values({
        userId: values.userId, performerId: values.performerId, type: values.type, status: 'active',
        expiresAt: sql`${periodEnd(sql`now()`)}` as unknown as Date, priceCents: values.priceCents, gateway: values.gateway,
      })
      .onConflictDoUpdate({
        target: [subscriptions.userId, subscriptions.performerId],
        set: {
          type: values.type, status: 'active', priceCents: values.priceCents, gateway: values.gateway,
          startedAt: sql`case when ${hasAccessSql} and ${subscriptions.graceUntil} is null then ${subscriptions.startedAt} else now() end`,
          // In grace the paid-up end is graceUntil less the grace: the new period runs from it (or
          // from now if that passed), so a late payment neither loses paid days nor gets the gap free.
          expiresAt: sql`case when ${subscriptions.graceUntil} is not null
            then ${periodEnd(sql`greatest(${subscriptions.graceUntil} - make_interval(days => ${GRACE_DAYS}), now())`)}
            when ${hasAccessSql} then ${periodEnd(sql`${subscriptions.expiresAt}`)} else ${periodEnd(sql`now()`)} end`,
          // A renewal or a new period: its end is told about again when it comes (subscription_ending).
          graceUntil: null, cancelledAt: null, endingNotifiedAt: null, updatedAt: sql`now()`,
        },
      })
      .returning({ id: subscriptions.id });
    return rows[0]!.id;
  },

  /** A failed renewal: access continues until `graceUntil`, then the subscription expires. True when it entered grace now. */
  async enterGrace(tx: Executor, id: string, graceUntil: Date): Promise<boolean> {
    const rows = await tx.update(subscriptions).set({ graceUntil, expiresAt: graceUntil, updatedAt: sql`now()` })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active'), isNull(subscriptions.graceUntil)))
      .returning({ id: subscriptions.id });
    return rows.length > 0;
  },

  /**
   * Claims the subscriptions that will not renew (cancelled ones, free ones) and end within
   * `withinDays`, whose fan was not told yet this period: marks them told and answers them with
   * the creator's username. Several API instances may run this at once: the conditional UPDATE
   * gives each row to one of them.
   */
  async claimEnding(tx: Executor, withinDays: number, limit: number) {
    const result = await tx.execute(sql`
      with claimed as (
        update ${subscriptions} set ending_notified_at = now()
        where id in (
          select id from ${subscriptions}
          where ending_notified_at is null and expires_at > now() and expires_at <= now() + make_interval(days => ${withinDays}::int)
            and (status = 'cancelled' or (status = 'active' and type = 'free'))
          order by expires_at limit ${limit}
          for update skip locked)
        returning id, user_id, performer_id, expires_at
      )
      select c.id, c.user_id, c.performer_id, c.expires_at, u.username
      from claimed c join ${users} u on u.id = c.performer_id`);
    const rows = rowsOf(result);
    return rows.map((r) => ({
      id: String(r.id), userId: String(r.user_id), performerId: String(r.performer_id),
      expiresAt: r.expires_at instanceof Date ? r.expires_at : new Date(String(r.expires_at)), creatorUsername: (r.username as string | null) ?? null,
    }));
  },

  /** Active → cancelled (renewal stops, access stays until `expiresAt`); false when it was not active. */
  async cancel(tx: Executor, id: string): Promise<boolean> {
    const rows = await tx
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active')))
      .returning({ id: subscriptions.id });
    return rows.length > 0;
  },

  /**
   * Renewals we charge ourselves (the sandbox; Stripe bills its own): active paid subscriptions
   * whose period ends within `leadMs`, and those in grace not tried for a day.
   */
  async dueForRenewal(db: Executor, gateway: string, leadMs: number, limit: number): Promise<SubscriptionRow[]> {
    return db.select().from(subscriptions).where(and(
      eq(subscriptions.status, 'active'),
      inArray(subscriptions.type, ['monthly', 'yearly']),
      eq(subscriptions.gateway, gateway),
      or(
        and(isNull(subscriptions.graceUntil), lte(subscriptions.expiresAt, new Date(Date.now() + leadMs))),
        and(isNotNull(subscriptions.graceUntil), lte(subscriptions.updatedAt, sql`now() - interval '1 day'`)),
      ),
    )).orderBy(asc(subscriptions.expiresAt)).limit(limit);
  },

  /** Marks a renewal attempt (so a subscription in grace is tried again a day later, not at once). */
  async touch(db: Executor, id: string) {
    await db.update(subscriptions).set({ updatedAt: sql`now()` }).where(eq(subscriptions.id, id));
  },

  /** Ends every subscription whose access is over; answers the creators concerned. */
  async expireLapsed(db: Executor): Promise<string[]> {
    const rows = await db
      .update(subscriptions)
      .set({ status: 'expired', graceUntil: null, updatedAt: sql`now()` })
      .where(and(inArray(subscriptions.status, ['active', 'cancelled']), lte(subscriptions.expiresAt, sql`now()`)))
      .returning({ performerId: subscriptions.performerId });
    return [...new Set(rows.map((r) => r.performerId))];
  },

  /** Subscriptions (fan and creator pairs, free ones included) giving access now, site-wide: the console's figure. */
  async countWithAccess(db: Executor): Promise<number> {
    const [row] = await db.select({ total: count() }).from(subscriptions).where(hasAccessSql);
    return Number(row?.total ?? 0);
  },

  /**
   * A creator's subscribers: with access now; started (or started again) at or after `since`; and
   * lapsed, whose access (expiry, or the grace after a failed renewal) ended between `since` and now.
   */
  async creatorCounts(db: Executor, performerId: string, since: Date): Promise<{ active: number; new: number; lapsed: number }> {
    const accessEnd = sql`coalesce(${subscriptions.graceUntil}, ${subscriptions.expiresAt})`;
    const [row] = await db
      .select({
        active: sql<number>`count(*) filter (where ${hasAccessSql})::int`,
        recent: sql<number>`count(*) filter (where ${subscriptions.startedAt} >= ${since})::int`,
        lapsed: sql<number>`count(*) filter (where not ${hasAccessSql} and ${accessEnd} >= ${since} and ${accessEnd} <= now())::int`,
      })
      .from(subscriptions)
      .where(eq(subscriptions.performerId, performerId));
    return { active: Number(row?.active ?? 0), new: Number(row?.recent ?? 0), lapsed: Number(row?.lapsed ?? 0) };
  },

  /** Sets a creator's subscriber count to the fans with access now (exact, whatever happened before). */
  async recountSubscribers(db: Executor, performerId: string) {
    await db.update(performers).set({
      totalSubscribers: sql`(select count(*)::int from ${subscriptions} where ${subscriptions.performerId} = ${performerId} and ${hasAccessSql})`,
    }).where(eq(performers.userId, performerId));
  },
};


/** What a creator offers: prices (token cents) and the free-subscription toggle. */
export async function creatorOffer(db: Executor, performerId: string) {
  const [row] = await db
    .select({ monthlyPriceCents: performers.monthlyPriceCents, yearlyPriceCents: performers.yearlyPriceCents, isFreeSubscription: performers.isFreeSubscription })
    .from(performers)
    .where(eq(performers.userId, performerId));
  return row ?? null;
}

/** Points a confirmed subscription payment at the subscription it paid for. */
export async function linkPayment(tx: Executor, paymentId: string, subscriptionId: string) {
  await tx.update(paymentTransactions).set({ subscriptionId, updatedAt: sql`now()` }).where(eq(paymentTransactions.id, paymentId));
}

/** The card of the subscription's last successful payment (what a renewal charges). */
export async function lastPaidCard(db: Executor, subscriptionId: string): Promise<string | null> {
  const [row] = await db
    .select({ cardId: paymentTransactions.cardId })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.subscriptionId, subscriptionId), eq(paymentTransactions.status, 'succeeded')))
    .orderBy(desc(paymentTransactions.createdAt))
    .limit(1);
  return row?.cardId ?? null;
}

/** A cancelled subscription still running is switched back on (renewal resumes, nothing charged now). */
export async function reactivate(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx
    .update(subscriptions)
    .set({ status: 'active', cancelledAt: null, updatedAt: sql`now()` })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'cancelled'), sql`${subscriptions.expiresAt} > now()`))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

export async function userRow(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}
