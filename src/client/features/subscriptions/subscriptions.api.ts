import { subscriptionRoutes, type SubscribeBody } from '@/common/contract/subscriptions';
import { callRoute } from '@/client/lib/call-route';
import { idempotencyHeader } from '@/client/lib/idempotency-key';

/** POST /payment/subscribe/performers. The key makes a double click or a retry subscribe once. */
export const subscribe = (body: SubscribeBody, idempotencyKey: string) =>
  callRoute(subscriptionRoutes.subscribe, { body, headers: idempotencyHeader(idempotencyKey) });

/** POST /payment/{gateway}/cancel-subscription/{id}: renewal stops, access stays until it ends. */
export const cancelSubscription = (id: string, gateway: string | null | undefined) =>
  callRoute(subscriptionRoutes.cancel, { params: { id, gateway: gateway ?? 'stripe' } });
