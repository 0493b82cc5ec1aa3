import { orderRoutes, type BuyProductBody, type UpdateOrderBody } from '@/common/contract/orders';
import { callRoute } from '@/client/lib/call-route';
import { idempotencyHeader } from '@/client/lib/idempotency-key';

export { newIdempotencyKey } from '@/client/lib/idempotency-key';

export const buyProduct = (id: string, body: BuyProductBody, idempotencyKey: string) =>
  callRoute(orderRoutes.buy, { params: { id }, body, headers: idempotencyHeader(idempotencyKey) });

export const updateOrder = (id: string, body: UpdateOrderBody) => callRoute(orderRoutes.update, { params: { id }, body });

export const changeDeliveryAddress = (id: string, addressId: string) =>
  callRoute(orderRoutes.updateDeliveryAddress, { params: { id }, body: { addressId } });
