import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { VerificationStatus } from '../../../common/constants/verification';
import type { Executor } from '../../db/client';
import { performers, users, type VerificationStatus as ColumnStatus } from '../../db/schema';

// The contract's list (src/common) and the column's are one list written twice: this fails to
// compile the day they differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _statusesMatch: Same<VerificationStatus, ColumnStatus> = true;

const reviewer = alias(users, 'verification_reviewer');

export type VerificationRow = {
  user: typeof users.$inferSelect;
  performer: typeof performers.$inferSelect;
  reviewerUsername: string | null;
};

/**
 * The queue's order per status: waiting creators oldest submission first (nobody waits behind
 * newer ones), decisions newest first, creators without documents newest account first. Every
 * order ends on the id so pages never overlap.
 */
function ordering(status: VerificationStatus): SQL[] {
  switch (status) {
    case 'pending':
      return [sql`${performers.verificationSubmittedAt} asc nulls last`, asc(performers.userId)];
    case 'approved':
    case 'rejected':
      return [sql`${performers.verificationReviewedAt} desc nulls last`, asc(performers.userId)];
    default:
      return [desc(performers.createdAt), asc(performers.userId)];
  }
}

const isCreator = (status: VerificationStatus) => and(eq(users.role, 'performer'), eq(performers.verificationStatus, status));

/** Creators' identity checks: the operators' queue and their decisions. */
export const creatorVerificationRepository = {
  async list(db: Executor, status: VerificationStatus, page: { offset: number; limit: number }) {
    const where = isCreator(status);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ user: users, performer: performers, reviewerUsername: reviewer.username })
        .from(performers)
        .innerJoin(users, eq(users.id, performers.userId))
        .leftJoin(reviewer, eq(reviewer.id, performers.verificationReviewedBy))
        .where(where)
        .orderBy(...ordering(status))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ total: count() }).from(performers).innerJoin(users, eq(users.id, performers.userId)).where(where),
    ]);
    return { rows: rows as VerificationRow[], total: Number(total) };
  },

  async find(db: Executor, performerId: string): Promise<VerificationRow | null> {
    const [row] = await db
      .select({ user: users, performer: performers, reviewerUsername: reviewer.username })
      .from(performers)
      .innerJoin(users, eq(users.id, performers.userId))
      .leftJoin(reviewer, eq(reviewer.id, performers.verificationReviewedBy))
      .where(and(eq(performers.userId, performerId), eq(users.role, 'performer')))
      .limit(1);
    return row ?? null;
  },

  /**
   * The creator's profile row locked FOR UPDATE until the decision commits: a payment in flight
   * (which holds it 'key share') finishes first, a new one waits and then sees the decision, and a
   * document upload racing the decision (which locks it too) comes strictly before or after.
   */
  async lockForDecision(tx: Executor, performerId: string) {
    const [row] = await tx
      .select({ user: users, performer: performers })
      .from(performers)
      .innerJoin(users, eq(users.id, performers.userId))
      .where(and(eq(performers.userId, performerId), eq(users.role, 'performer')))
      .for('update', { of: performers });
    return row ?? null;
  },

  async decide(
    tx: Executor,
    performerId: string,
    values: { status: 'approved' | 'rejected'; note: string | null; reviewerId: string },
  ): Promise<void> {
    await tx
      .update(performers)
      .set({
        verificationStatus: values.status,
        verificationNote: values.note,
        verificationReviewedAt: new Date(),
        verificationReviewedBy: values.reviewerId,
      })
      .where(eq(performers.userId, performerId));
  },
};
