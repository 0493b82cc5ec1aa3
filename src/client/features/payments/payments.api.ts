import type { CardInput, TopUpBody } from '@/common/contract/payments';
import { paymentRoutes } from '@/common/contract/payments';
import { callRoute } from '@/client/lib/call-route';
import { idempotencyHeader } from '@/client/lib/idempotency-key';

export const topUp = (body: TopUpBody) =>
  callRoute(paymentRoutes.topUp, { body, headers: idempotencyHeader() });

export const retryPayment = (id: string, cardId?: string) =>
  callRoute(paymentRoutes.retry, { params: { id }, body: cardId ? { cardId } : {}, headers: idempotencyHeader() });

export const addCard = (gateway: string, card: CardInput) => callRoute(paymentRoutes.addCard, { params: { gateway }, body: card });

export const deleteCard = (id: string) => callRoute(paymentRoutes.deleteCard, { params: { id } });

export const applyCoupon = (code: string) => callRoute(paymentRoutes.applyCoupon, { params: { code } });

export const connectPayoutAccount = (gateway: string) => callRoute(paymentRoutes.connectAccount, { params: { gateway } });

/** The wallet balance as the server has it now (after a top-up). */
