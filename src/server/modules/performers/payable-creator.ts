import type { FastifyInstance } from 'fastify';
import { NOT_VERIFIED_MESSAGE, type VerificationStatus } from '../../../common/constants/verification';
import type { Executor } from '../../db/client';
import { notFound, unprocessable } from '../../lib/http-error';
import { performersRepository } from './performers.repository';

/**
 * The payable-creator check (DESIGN.md section 4, Operators): the one place that decides whether
 * money may go to a creator. Every way of paying one (tips, pay-per-view, products, paid messages,
 * stream tickets, subscriptions free or paid and their resumption and renewal, payout requests)
 * calls `requirePayableCreator` inside the transaction that moves the money, with the rule read
 * before that transaction opens (`readPayableRule`; on PGlite a settings read queued behind an open
 * transaction would wait for it).
 */
export interface PayableRule {
  /** The site's `requireCreatorVerification`: only approved creators may be paid. */
  verificationRequired: boolean;
}

export interface CreatorStanding {
  role: 'user' | 'performer' | 'admin';
  status: 'active' | 'inactive' | 'suspended';
  verificationStatus: VerificationStatus;
}

export type PayableVerdict = 'payable' | 'unavailable' | 'unverified';

export async function readPayableRule(settings: FastifyInstance['settings']): Promise<PayableRule> {
  return { verificationRequired: await settings.get('requireCreatorVerification') };
}

/**
 * The rule itself: an active performer account (not suspended, not inactive) and, while the site
 * requires it, approved documents. `payableCreatorSql` in performers.repository.ts says the same in
 * SQL for jobs that scan many rows.
 */
export function payableVerdict(standing: CreatorStanding | null, rule: PayableRule): PayableVerdict {
  if (!standing || standing.role !== 'performer' || standing.status !== 'active') return 'unavailable';
  if (rule.verificationRequired && standing.verificationStatus !== 'approved') return 'unverified';
  return 'payable';
}

/**
 * Inside the paying transaction: locks the creator's profile row ('key share', see
 * `performersRepository.lockStanding`) and refuses a creator who may not be paid. A missing,
 * inactive or suspended creator keeps the answer each route already gave (`notFoundMessage`,
 * 404), so a suspended creator looks as absent here as everywhere else; an unverified one is the
 * 422 'This creator is not verified yet'.
 */
export async function requirePayableCreator(
  tx: Executor,
  performerId: string,
  rule: PayableRule,
  notFoundMessage = 'Performer not found',
): Promise<void> {
  const verdict = payableVerdict(await performersRepository.lockStanding(tx, performerId), rule);
  if (verdict === 'unavailable') throw notFound(notFoundMessage);
  if (verdict === 'unverified') throw unprocessable(NOT_VERIFIED_MESSAGE);
}

/** Outside a payment (the renewal job deciding whether to charge at all): the same verdict, no error. */
export async function isPayableCreator(db: Executor, performerId: string, rule: PayableRule): Promise<boolean> {
  return payableVerdict(await performersRepository.lockStanding(db, performerId), rule) === 'payable';
}
