import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toCents } from '../../src/common/lib/money';
import { ledgerRepository, walletOf, type AccountRef } from '../../src/server/modules/ledger/ledger.repository';
import { topUpPosting } from '../../src/server/modules/ledger/postings';
import { checkLedger } from '../../src/server/modules/ledger/ledger-check.repository';

/**
 * Puts `tokens` in a fan's wallet as a confirmed top-up would (gateway clearing → wallet), for
 * tests whose subject is spending rather than paying by card.
 */
export async function fundWallet(app: FastifyInstance, userId: string, tokens: number): Promise<void> {
  await app.db.transaction((tx) => ledgerRepository.post(tx, topUpPosting(userId, toCents(tokens), crypto.randomUUID())));
}

/** A balance in tokens. */
export async function balanceOf(app: FastifyInstance, account: AccountRef): Promise<number> {
  return (await ledgerRepository.balance(app.db, account)) / 100;
}

export const walletBalance = (app: FastifyInstance, userId: string) => balanceOf(app, walletOf(userId));

/** Fails the test with every breach when a ledger invariant does not hold. */
export async function expectLedgerSound(app: FastifyInstance): Promise<void> {
  const result = await checkLedger(app.db);
  if (!result.ok) throw new Error(`Ledger check failed:\n${result.breaches.join('\n')}`);
}
