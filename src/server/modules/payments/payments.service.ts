import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PaymentSearchQuery, PaymentTransaction, RetryBody, TopUpBody } from '../../../common/contract/payments';
import { amountText, commissionOf, hasAtMostTwoDecimals, toCents } from '../../../common/lib/money';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-error';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../auth/token.service';
import { ledgerRepository } from '../ledger/ledger.repository';
import { discountInTokens, topUpPosting } from '../ledger/postings';
import { notifyWalletBalances } from '../ledger/balance-events';
import type { ChargeResult, PaymentGateway } from './payment-gateway';
import { paymentsRepository, type NewPayment, type PaymentRef, type PaymentRow } from './payments.repository';
import { couponsRepository } from './coupons.repository';
import { claimCoupon, usableCoupon } from './coupons.service';
import { createCardsService } from './cards.service';
import { paymentDto } from './payment.dto';
import { isUuid } from '../../shared/ids';

export const PAYMENT_NOT_FOUND = 'Payment not found';

/**
 * What a confirmed payment of a kind other than a top-up does inside the confirmation's
 * transaction (a subscription grants access and pays the creator); registered by that feature.
 * It returns the ledger posting's result so the payment row can point at it.
 */
export type ConfirmationHandler = (tx: Executor, payment: PaymentRow) => Promise<{ ledgerTransactionId: string; balances?: Map<string, number> } | null>;

function usdCents(amount: number): number {
  if (!hasAtMostTwoDecimals(amount)) {
    throw badRequest('amount must have at most two decimals', [{ field: 'amount', message: 'amount must have at most two decimals' }]);
  }
  return toCents(amount);
}

export function createPaymentsService(app: FastifyInstance, gateway: PaymentGateway) {
  const handlers = new Map<string, ConfirmationHandler>();
  const cards = createCardsService(app, gateway);

  const view = async (id: string): Promise<PaymentTransaction> => paymentDto((await paymentsRepository.view(app.db, id))!);

  /**
   * Applies a gateway's "succeeded" to a payment: every path (the sandbox's synchronous answer,
   * retries, webhooks) comes through here. The conditional update (pending → succeeded) lets one
   * caller through however many arrive at once; only that one posts to the ledger, in the same
   * transaction. Balances are pushed after the commit.
   */
  async function confirmPayment(ref: PaymentRef): Promise<PaymentRow | null> {
    const balances = await app.db.transaction(async (tx) => {
      const payment = await paymentsRepository.markSucceeded(tx, ref);
      if (!payment) return null;
      if (payment.kind === 'top_up') {
        const posted = await ledgerRepository.post(tx, topUpPosting(payment.userId, payment.tokensCents, payment.id, discountInTokens(payment)));
        await paymentsRepository.setLedgerTransaction(tx, payment.id, posted.id);
        return posted.balances;
      }
      const handler = handlers.get(payment.kind);
      if (!handler) throw new Error(`No confirmation handler for ${payment.kind} payments`);
      const result = await handler(tx, payment);
      if (result) await paymentsRepository.setLedgerTransaction(tx, payment.id, result.ledgerTransactionId);
      return result?.balances ?? new Map<string, number>();
    });
    if (balances) notifyWalletBalances(app, balances);
    return paymentsRepository.find(app.db, ref);
  }

  /** pending → failed with the gateway's reason; a coupon use it held is given back. */
  async function failPayment(ref: PaymentRef, reason: string): Promise<PaymentRow | null> {
    await app.db.transaction(async (tx) => {
      const payment = await paymentsRepository.markFailed(tx, ref, reason);
      if (payment?.couponId) await couponsRepository.release(tx, payment.couponId, payment.id);
    });
    return paymentsRepository.find(app.db, ref);
  }

  /** Charges a pending payment and applies the answer. A gateway that throws leaves it pending. */
  async function chargeAndApply(payment: PaymentRow, method: { customerId: string; paymentMethodId: string }): Promise<void> {
    const chargeCents = payment.amountCents - payment.discountCents;
    let result: ChargeResult;
    if (chargeCents === 0) {
      result = { intentId: '', status: 'succeeded' };
    } else {
      result = await gateway.charge({
        customerId: method.customerId,
        paymentMethodId: method.paymentMethodId,
        amountCents: chargeCents,
        description: payment.description,
        idempotencyKey: `${payment.id}:${crypto.randomUUID()}`,
        metadata: { paymentId: payment.id, userId: payment.userId },
      });
      if (result.intentId) await paymentsRepository.setIntent(app.db, payment.id, result.intentId);
    }
    if (result.status === 'succeeded') await confirmPayment({ paymentId: payment.id });
    else if (result.status === 'failed') await failPayment({ paymentId: payment.id }, result.failureReason || 'The payment failed');
  }

  /**
   * A card payment: the pending row (with the coupon claimed in its transaction), the charge, and
   * the outcome applied through confirmPayment / failPayment. Top-ups and subscriptions use it;
   * a subscription's confirmation is its registered handler. Answers the payment as it ended.
   */
  async function payByCard(
    user: AuthUser,
    fields: Pick<NewPayment, 'kind' | 'amountCents' | 'tokensCents' | 'description'> & Partial<Pick<NewPayment, 'performerId' | 'subscriptionType' | 'subscriptionId'>>,
    body: Pick<TopUpBody, 'cardId' | 'card' | 'couponCode'>,
  ): Promise<PaymentRow> {
    if (Boolean(body.cardId) === Boolean(body.card)) {
      throw badRequest('Choose one of your saved cards or enter a new card', [{ field: 'card', message: 'Give either cardId or card' }]);
    }
    const coupon = body.couponCode ? await usableCoupon(app.db, user.id, body.couponCode) : null;
    const method = await cards.methodFor(user, body);
    const discountCents = coupon ? commissionOf(fields.amountCents, coupon.discountBasisPoints) : 0;
    const payment = await app.db.transaction(async (tx) => {
      const row = await paymentsRepository.insert(tx, {
        ...fields,
        userId: user.id,
        gateway: gateway.name,
        discountCents,
        couponId: coupon?.id ?? null,
        cardId: await method.keep(tx),
      });
      if (coupon) await claimCoupon(tx, coupon.id, user.id, row.id);
      return row;
    });
    await chargeAndApply(payment, method);
    return (await paymentsRepository.find(app.db, { paymentId: payment.id }))!;
  }

  /**
   * Settles card payments still pending after `olderThanMs` by asking the gateway (a webhook that
   * never came, a process that stopped between the charge and its answer). A payment with no intent
   * id never reached the gateway's answer and stays pending for an operator: failing it could hide
   * a charge that did happen. Answers how many were settled.
   */
  async function reconcile(olderThanMs = 10 * 60_000, limit = 100): Promise<number> {
    const stale = await paymentsRepository.stalePending(app.db, gateway.name, new Date(Date.now() - olderThanMs), limit);
    let settled = 0;
    for (const payment of stale) {
      const result = await gateway.retrieveIntent(payment.gatewayIntentId!).catch((err: unknown) => {
        app.log.warn({ err, paymentId: payment.id }, 'reconciliation could not read the payment at the gateway');
        return null;
      });
      if (result?.status === 'succeeded') settled += (await confirmPayment({ paymentId: payment.id }))?.status === 'succeeded' ? 1 : 0;
      else if (result?.status === 'failed') settled += (await failPayment({ paymentId: payment.id }, result.failureReason || 'The payment failed')) ? 1 : 0;
    }
    return settled;
  }

  return {
    confirmPayment,
    failPayment,
    payByCard,
    reconcile,
    cards,

    /** A charge the gateway made on its own (a renewal): recorded once by its id, then confirmed. */
    async confirmGatewayCharge(values: Omit<NewPayment, 'status'> & { gatewayIntentId: string }) {
      await paymentsRepository.insertRenewal(app.db, { ...values, status: 'pending' });
      return confirmPayment({ gateway: values.gateway, intentId: values.gatewayIntentId });
    },

    findByIntent(intentId: string, db: Executor = app.db) {
      return paymentsRepository.find(db, { gateway: gateway.name, intentId });
    },

    /** Lets another feature (subscriptions) say what its confirmed payments do. */
    onConfirmed(kind: PaymentRow['kind'], handler: ConfirmationHandler) {
      handlers.set(kind, handler);
    },

    async topUpOptions() {
      const [minimum, maximum, tokenConversionRate] = await Promise.all([
        app.settings.get('minimumWalletPrice'),
        app.settings.get('maximumWalletPrice'),
        app.settings.get('tokenConversionRate'),
      ]);
      return { minimum, maximum, tokenConversionRate, gateway: gateway.name, publishableKey: app.config.stripe?.publishableKey ?? null };
    },

    async topUp(user: AuthUser, body: TopUpBody): Promise<PaymentTransaction> {
      const amountCents = usdCents(body.amount);
      const [min, max, rate] = await Promise.all([
        app.settings.get('minimumWalletPrice'),
        app.settings.get('maximumWalletPrice'),
        app.settings.get('tokenConversionRate'),
      ]);
      if (amountCents < toCents(min) || amountCents > toCents(max)) {
        const message = `Top-up amount must be between ${amountText(toCents(min))} and ${amountText(toCents(max))} USD`;
        throw unprocessable(message, [{ field: 'amount', message }]);
      }
      const tokensCents = Math.round(amountCents * rate);
      if (tokensCents < 1) throw unprocessable('This amount buys no tokens at the current conversion rate', [{ field: 'amount', message: 'Too small for the conversion rate' }]);
      const payment = await payByCard(user, {
        kind: 'top_up',
        amountCents,
        tokensCents,
        description: `Wallet top-up: ${amountText(tokensCents)} tokens`,
      }, body);
      return view(payment.id);
    },

    async retry(user: AuthUser, id: string, body: RetryBody | undefined): Promise<PaymentTransaction> {
      const found = isUuid(id) ? await paymentsRepository.find(app.db, { paymentId: id }) : null;
      if (!found || found.userId !== user.id) throw notFound(PAYMENT_NOT_FOUND);
      if (found.kind !== 'top_up') throw conflict('Only wallet top-ups can be retried here');
      if (found.status === 'succeeded') throw conflict('This payment has already succeeded');
      if (found.status !== 'failed') throw conflict(`This payment is ${found.status}, it cannot be retried`);
      const cardId = body?.cardId ?? found.cardId;
      if (!cardId) throw badRequest('Choose a saved card to retry this payment', [{ field: 'cardId', message: 'cardId is required' }]);
      const method = await cards.methodFor(user, { cardId });
      const payment = await app.db.transaction(async (tx) => {
        const row = await paymentsRepository.reopenFailed(tx, found.id, user.id, cardId);
        if (!row) throw conflict('This payment is already being retried or has succeeded');
        if (row.couponId) await claimCoupon(tx, row.couponId, user.id, row.id);
        return row;
      });
      await chargeAndApply(payment, method);
      return view(payment.id);
    },

    async search(userId: string, q: PaymentSearchQuery) {
      const { rows, total } = await paymentsRepository.search(app.db, userId, {
        offset: q.offset ?? 0,
        limit: q.limit ?? 10,
        status: q.status,
        kind: q.kind,
        sortBy: q.sortBy ?? 'createdAt',
        sort: q.sort ?? 'desc',
      });
      return { data: rows.map(paymentDto), total };
    },

    async detail(userId: string, id: string): Promise<PaymentTransaction> {
      const row = isUuid(id) ? await paymentsRepository.view(app.db, id, userId) : null;
      if (!row) throw notFound(PAYMENT_NOT_FOUND);
      return paymentDto(row);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
