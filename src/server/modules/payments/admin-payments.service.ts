import type { FastifyInstance } from 'fastify';
import type { AdminPayment } from '../../../common/contract/admin-money';
import { amountText, fromCents } from '../../../common/lib/money';
import { conflict, HttpError, notFound, unprocessable } from '../../lib/http-error';
import { requireUuid } from '../../shared/ids';
import type { AuditActor } from '../audit/audit.service';
import { notifyWalletBalances } from '../ledger/balance-events';
import { InsufficientFunds, ledgerRepository } from '../ledger/ledger.repository';
import { reversalPosting } from '../ledger/postings';
import { toUserPublic } from '../users/user-public.dto';
import { adminPaymentsRepository, type AdminPaymentFilter, type AdminPaymentView } from './admin-payments.repository';
import type { PaymentGateway } from './payment-gateway';
import { paymentDto } from './payment.dto';
import type { PaymentRow } from './payments.repository';
import { PAYMENT_NOT_FOUND } from './payments.service';

export const SUBSCRIPTION_NOT_REFUNDED = 'Subscription payments are not refunded to the card: cancel the subscription instead (access lasts to the end of the period paid for)';

/** What the gateway said, or that it did not answer: the operator sees its words, and nothing changed. */
function gatewayFailure(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const words = err instanceof Error && err.message ? ` (${err.message})` : '';
  return new HttpError(502, `The card gateway did not complete the refund${words}; nothing was changed, try again`);
}

/**
 * Card payments across users for the money console, and the refund of a top-up to its card
 * (issue 13): inside ONE database transaction the payment row is locked, the wallet is debited by
 * the tokens the payment bought (a reversal of the top-up's ledger transaction, whose conditional
 * debit refuses a wallet that spent them: 422 and nothing done), then the gateway refunds the
 * card; if the gateway refuses or fails, the transaction rolls back and the wallet keeps its
 * tokens. The gateway call is keyed `refund:<payment id>`, so a retry after a lost answer never
 * refunds twice at the gateway.
 */
export function createAdminPaymentsService(app: FastifyInstance, gateway: PaymentGateway) {
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };

  const dto = (v: AdminPaymentView): AdminPayment => ({
    ...paymentDto(v),
    user: v.user ? toUserPublic(urls, v.user) : null,
    gatewayIntentId: v.payment.gatewayIntentId,
    refundedAt: v.payment.refundedAt?.toISOString() ?? null,
    refundReason: v.payment.refundReason,
    gatewayRefundId: v.payment.gatewayRefundId,
    refundable: v.payment.kind === 'top_up' && v.payment.status === 'succeeded',
  });

  function refusal(payment: PaymentRow): HttpError | null {
    if (payment.kind !== 'top_up') return unprocessable(SUBSCRIPTION_NOT_REFUNDED);
    if (payment.status === 'refunded') return conflict('This payment is already refunded');
    if (payment.status !== 'succeeded') return unprocessable(`Only a succeeded payment can be refunded: this one is ${payment.status}`);
    if (!payment.ledgerTransactionId) return unprocessable('This payment credited no tokens, so there is nothing to refund');
    if (payment.amountCents - payment.discountCents > 0) {
      if (payment.gateway !== gateway.name) return unprocessable(`This payment went through ${payment.gateway}, which is not the active card gateway`);
      if (!payment.gatewayIntentId) return unprocessable('This payment has no charge at the card gateway to refund');
    }
    return null;
  }

  return {
    async search(filter: AdminPaymentFilter, page: { offset: number; limit: number }) {
      const { rows, total } = await adminPaymentsRepository.search(app.db, filter, page);
      return { data: rows.map(dto), total };
    },

    /** `reason` is the operator's, already cleaned (plain text, not blank). */
    async refund(actor: AuditActor, id: string, reason: string): Promise<AdminPayment> {
      const paymentId = requireUuid(id);
      const balances = await app.db.transaction(async (tx) => {
        const payment = await adminPaymentsRepository.lock(tx, paymentId);
        if (!payment) throw notFound(PAYMENT_NOT_FOUND);
        const refused = refusal(payment);
        if (refused) throw refused;
        const topUpId = payment.ledgerTransactionId!;
        if (await ledgerRepository.reversalOf(tx, topUpId)) throw conflict('This payment is already refunded');

        const entries = await ledgerRepository.entriesOf(tx, topUpId);
        const tokensCents = entries.find((e) => e.kind === 'wallet')?.amountCents ?? payment.tokensCents;
        // The top-up's transaction as topUpPosting wrote it: the fan's, about this payment.
        const original = { id: topUpId, userId: payment.userId, performerId: null, objectType: 'payment', objectId: payment.id, grossCents: payment.tokensCents, commissionCents: 0 };
        let posted;
        try {
          posted = await ledgerRepository.post(tx, { ...reversalPosting(original, entries, 'Top-up refunded to the card'), message: reason });
        } catch (err) {
          if (err instanceof InsufficientFunds && err.account.kind === 'wallet') {
            const held = Math.max(0, tokensCents - err.missingCents);
            throw unprocessable(`These tokens are already spent: the wallet holds ${amountText(held)} of the ${amountText(tokensCents)} tokens this payment bought`);
          }
          throw err;
        }

        const chargedCents = payment.amountCents - payment.discountCents;
        let gatewayRefundId: string | null = null;
        if (chargedCents > 0) {
          try {
            gatewayRefundId = (await gateway.refund({
              intentId: payment.gatewayIntentId!,
              amountCents: chargedCents,
              reason,
              idempotencyKey: `refund:${payment.id}`,
              metadata: { paymentId: payment.id, userId: payment.userId },
            })).refundId;
          } catch (err) {
            throw gatewayFailure(err);
          }
        }
        const refunded = await adminPaymentsRepository.markRefunded(tx, payment.id, { gatewayRefundId, reason });
        if (!refunded) throw new Error(`Payment ${payment.id} changed under its row lock`);
        await app.audit.record(tx, actor, {
          action: 'payment.refund',
          targetType: 'payment',
          targetId: payment.id,
          before: { status: payment.status },
          after: {
            status: 'refunded', reason, gatewayRefundId, refundTransactionId: posted.id,
            usd: fromCents(chargedCents), tokens: fromCents(tokensCents),
          },
        });
        return posted.balances;
      });
      notifyWalletBalances(app, balances);
      return dto((await adminPaymentsRepository.view(app.db, paymentId))!);
    },
  };
}

export type AdminPaymentsService = ReturnType<typeof createAdminPaymentsService>;
