import { walletChargeRoutes, type PurchasableType } from '@/common/contract/wallet-charges';
import { callRoute } from '@/client/lib/call-route';
import { idempotencyHeader } from '@/client/lib/idempotency-key';

export { newIdempotencyKey as newChargeKey } from '@/client/lib/idempotency-key';

export function tipPerformer(performerId: string, body: { amount: number; message?: string }, key: string) {
  return callRoute(walletChargeRoutes.tip, { params: { performerId }, body, headers: idempotencyHeader(key) });
}

export function buyItem(type: PurchasableType, id: string, key: string) {
  return callRoute(walletChargeRoutes[type], { params: { id }, headers: idempotencyHeader(key) });
}
