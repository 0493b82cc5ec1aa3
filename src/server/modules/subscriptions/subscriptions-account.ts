import type { Executor } from '../../db/client';
import { subscriptionsAccountRepository as repo } from './subscriptions-account.repository';
import { subscriptionsRepository } from './subscriptions.repository';

export interface ExportedSubscription {
  id: string;
  /** `fan`: the person subscribes; `creator`: a fan subscribes to the person. */
  side: 'fan' | 'creator';
  fanId: string;
  fanUsername: string | null;
  creatorId: string;
  creatorUsername: string | null;
  type: string;
  status: string;
  priceCents: number;
  startedAt: Date;
  expiresAt: Date;
  cancelledAt: Date | null;
}

/** Subscriptions as an account's data export and its deletion see them. */
export const subscriptionsAccount = {
  async export(db: Executor, userId: string): Promise<ExportedSubscription[]> {
    return (await repo.bothSides(db, userId)).map(({ subscription: s, fanUsername, creatorUsername }) => ({
      id: s.id,
      side: s.userId === userId ? 'fan' : 'creator',
      fanId: s.userId,
      fanUsername,
      creatorId: s.performerId,
      creatorUsername,
      type: s.type,
      status: s.status,
      priceCents: s.priceCents,
      startedAt: s.startedAt,
      expiresAt: s.expiresAt,
      cancelledAt: s.cancelledAt,
    }));
  },

  /** Subscriptions giving access now, as fan and as creator (the deletion check). */
  active: (db: Executor, userId: string) => repo.countWithAccess(db, userId),

  /**
   * A deleted account's subscriptions stop at once on both sides (no renewal is charged, no access
   * remains) and the creators' subscriber counts are recounted, in the caller's transaction.
   * Answers the gateway subscriptions (Stripe bills renewals itself) to stop after the commit.
   */
  async endAll(tx: Executor, userId: string): Promise<{ gateway: string; id: string }[]> {
    const rows = await repo.endAll(tx, userId);
    for (const performerId of new Set(rows.map((r) => r.performerId))) await subscriptionsRepository.recountSubscribers(tx, performerId);
    return rows.flatMap((r) => (r.gateway && r.gatewaySubscriptionId ? [{ gateway: r.gateway, id: r.gatewaySubscriptionId }] : []));
  },
};
