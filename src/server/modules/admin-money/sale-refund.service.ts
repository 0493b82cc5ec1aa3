import type { FastifyInstance } from 'fastify';
import type { SaleRefundResult, WalletSaleKind } from '../../../common/contract/admin-money';
import { WALLET_SALE_KINDS } from '../../../common/contract/admin-money';
import { amountText, fromCents } from '../../../common/lib/money';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-error';
import { requireUuid } from '../../shared/ids';
import { stripControl } from '../../shared/text';
import type { AuditActor } from '../audit/audit.service';
import { entitlementsRepository } from '../entitlements/entitlements.repository';
import { notifyWalletBalances } from '../ledger/balance-events';
import { earningsOf, InsufficientFunds, ledgerRepository } from '../ledger/ledger.repository';
import { reversalPosting } from '../ledger/postings';
import { createOrdersService } from '../orders/orders.service';
import { adminMoneyRepository, type TransactionRow } from './admin-money.repository';
import type { createTransactionPresenter } from './transactions.service';

const TRANSACTION_NOT_FOUND = 'Transaction not found';
const ALREADY_REFUNDED = 'This sale is already refunded';

/** Why a transaction that is not a wallet sale cannot be refunded here. */
const NOT_REFUNDABLE: Record<string, string> = {
  top_up: 'A top-up is refunded to the card it was paid with: use Card payments',
  subscription: 'Subscription payments are not refunded: cancel the subscription instead (access lasts to the end of the period paid for)',
  refund: 'This is a refund: it cannot be refunded',
};
const PAYOUT_REFUSAL = 'Payout movements are not sales and cannot be refunded';

const DESCRIPTION: Record<Exclude<WalletSaleKind, 'product'>, string> = {
  tip: 'Refund of a tip',
  feed: 'Refund of a post purchase',
  video: 'Refund of a video purchase',
  gallery: 'Refund of a gallery purchase',
  message: 'Refund of a paid message',
  stream: 'Refund of a stream ticket',
};

const isWalletSale = (kind: string): kind is WalletSaleKind => (WALLET_SALE_KINDS as readonly string[]).includes(kind);

/** The operator's reason as stored: plain text, trimmed; blank is a 400. */
export function refundReason(reason: string): string {
  const text = stripControl(reason, { keepLines: true }).trim();
  if (!text) throw badRequest('Give a reason for the refund', [{ field: 'reason', message: 'Give a reason for the refund' }]);
  return text;
}

/**
 * POST /admin/transactions/:id/refund: a wallet sale goes back to the fan's wallet as a reversing
 * ledger transaction, and what was bought goes with it (the entitlement of a post, video, gallery,
 * paid message or stream ticket; a product through the orders module's own refund: restock, the
 * digital download removed). One transaction with the sale row locked, so concurrent refunds make
 * one and the rest get 409; the audit row is written in it; the fan's balance is pushed after.
 */
export function createSaleRefunds(app: FastifyInstance, present: ReturnType<typeof createTransactionPresenter>) {
  const orders = createOrdersService(app);

  /**
   * 422 with the figures when the creator's earnings cannot give back their share (paid out or
   * reserved). Unless the sale was refunded meanwhile: the seller's own refund of an order does not
   * take the sale's row lock, and the earnings it took back are why they look short, so that is
   * the 409 it really is.
   */
  async function notCovered(tx: Executor, sale: TransactionRow, netCents: number) {
    if (await ledgerRepository.reversalOf(tx, sale.id)) return conflict(ALREADY_REFUNDED);
    const creator = sale.performerId ? await adminMoneyRepository.findUser(tx, { id: sale.performerId }) : null;
    const held = sale.performerId ? await ledgerRepository.balance(tx, earningsOf(sale.performerId)) : 0;
    return unprocessable(
      `${creator?.name || 'The creator'}'s earnings no longer cover this refund: they hold ${amountText(held)} of the ${amountText(netCents)} tokens it takes back (the rest was paid out or is reserved for a payout)`,
    );
  }

  return async function refundSale(actor: AuditActor, id: string, rawReason: string): Promise<SaleRefundResult> {
    const saleId = requireUuid(id);
    const reason = refundReason(rawReason);
    const done = await app.db.transaction(async (tx) => {
      const sale = await adminMoneyRepository.lockTransaction(tx, saleId);
      if (!sale) throw notFound(TRANSACTION_NOT_FOUND);
      if (!isWalletSale(sale.kind)) throw unprocessable(NOT_REFUNDABLE[sale.kind] ?? PAYOUT_REFUSAL);
      if (await ledgerRepository.reversalOf(tx, sale.id)) throw conflict(ALREADY_REFUNDED);
      const entries = await ledgerRepository.entriesOf(tx, sale.id);
      const netCents = entries.find((e) => e.kind === 'earnings')?.amountCents ?? 0;
      // Checked first for a message with figures; the ledger's conditional debit is what guarantees it.
      if (sale.performerId && (await ledgerRepository.balance(tx, earningsOf(sale.performerId))) < netCents) {
        throw await notCovered(tx, sale, netCents);
      }

      let refund: { refundId: string; balances: Map<string, number> };
      let order: { orderId: string; orderNumber: string } | null = null;
      try {
        if (sale.kind === 'product') {
          const refunded = await orders.refundSale(tx, sale.id, reason);
          if (!refunded) throw unprocessable('No order belongs to this sale');
          refund = refunded;
          order = { orderId: refunded.orderId, orderNumber: refunded.orderNumber };
        } else {
          if (sale.kind !== 'tip' && sale.userId && sale.objectId) {
            await entitlementsRepository.revokeEntitlement(tx, { userId: sale.userId, objectType: sale.kind, objectId: sale.objectId });
          }
          const posted = await ledgerRepository.post(tx, { ...reversalPosting(sale, entries, DESCRIPTION[sale.kind]), message: reason });
          refund = { refundId: posted.id, balances: posted.balances };
        }
      } catch (err) {
        if (err instanceof InsufficientFunds && err.account.kind === 'earnings') throw await notCovered(tx, sale, netCents);
        throw err;
      }

      await app.audit.record(tx, actor, {
        action: 'sale.refund',
        targetType: 'ledger_transaction',
        targetId: sale.id,
        before: { kind: sale.kind, gross: fromCents(sale.grossCents), refunded: false },
        after: { refunded: true, refundTransactionId: refund.refundId, reason, ...(order ?? {}) },
      });
      return refund;
    });
    notifyWalletBalances(app, done.balances);
    const [sale, refund] = await Promise.all([
      adminMoneyRepository.transactionWithParties(app.db, saleId),
      adminMoneyRepository.transactionWithParties(app.db, done.refundId),
    ]);
    return { sale: present(sale!), refund: present(refund!) };
  };
}
