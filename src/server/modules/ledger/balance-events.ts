import type { FastifyInstance } from 'fastify';
import { fromCents } from '../../../common/lib/money';

/**
 * Pushes `balance_updated` to the owner of every wallet a committed posting changed. Call it
 * after the database transaction commits (never inside it: a rollback would have lied).
 * `balances` is `ledgerRepository.post(...).balances`, keyed `kind:ownerId`.
 */
export function notifyWalletBalances(app: FastifyInstance, balances: Map<string, number>): void {
  for (const [key, cents] of balances) {
    const [kind, ownerId] = key.split(':');
    if (kind === 'wallet' && ownerId) app.realtime.toUser(ownerId, 'balance_updated', { balance: fromCents(cents) });
  }
}
