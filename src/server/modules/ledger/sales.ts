import type { Executor } from '../../db/client';
import { amountText, fromCents } from '../../../common/lib/money';
import { paymentRequired } from '../../lib/http-error';
import { InsufficientFunds, ledgerRepository } from './ledger.repository';
import { salePosting, type Sale } from './postings';

/**
 * Posts a wallet sale (tip, pay-per-view, product, message, stream) inside the caller's
 * transaction. A wallet that cannot cover it becomes the 402 of DESIGN.md section 3, with the
 * tokens missing in `missingAmount`; the caller's transaction then rolls back, writing nothing.
 * After the commit, pass `balances` to `notifyWalletBalances`.
 */
export async function postSale(tx: Executor, sale: Sale) {
  try {
    return await ledgerRepository.post(tx, salePosting(sale));
  } catch (err) {
    if (err instanceof InsufficientFunds && err.account.kind === 'wallet') {
      throw paymentRequired(`Not enough tokens: ${amountText(err.missingCents)} more needed`, fromCents(err.missingCents));
    }
    throw err;
  }
}
