import { payoutRoutes, type CreatePayoutBody, type UpdatePayoutBody } from '@/common/contract/payouts';
import { callRoute } from '@/client/lib/call-route';
import { idempotencyHeader } from '@/client/lib/idempotency-key';


export const createPayoutRequest = (body: CreatePayoutBody, key: string) => callRoute(payoutRoutes.create, { body, headers: idempotencyHeader(key) });

export const updatePayoutRequest = (id: string, body: UpdatePayoutBody) => callRoute(payoutRoutes.update, { params: { id }, body });

export const cancelPayoutRequest = (id: string) => updatePayoutRequest(id, { status: 'cancelled' });

export const approvePayoutRequest = (id: string, note: string, key: string) =>
  callRoute(payoutRoutes.approve, { params: { id }, body: note ? { note } : {}, headers: idempotencyHeader(key) });

export const rejectPayoutRequest = (id: string, note: string, key: string) =>
  callRoute(payoutRoutes.reject, { params: { id }, body: { note }, headers: idempotencyHeader(key) });
