import type { FastifyInstance } from 'fastify';
import type { OrderStatus } from '../../../common/contract/orders';
import { fromCents } from '../../../common/lib/money';
import type { Executor } from '../../db/client';
import type { OrderRow } from './orders.repository';

type Deps = Pick<FastifyInstance, 'notifications'>;

/** The order pages of each side, opened on this order (their search takes the order number). */
const buyerPage = (o: OrderRow) => `/user/orders?q=${encodeURIComponent(o.orderNumber)}`;
const sellerPage = (o: OrderRow) => `/creator/my-order?q=${encodeURIComponent(o.orderNumber)}`;

/**
 * A new order, in its transaction: the creator hears of the sale (`content_bought`, as for any wallet
 * sale) and, when there is something to ship (a physical product), of the order itself
 * (`order_status` "created"); a digital order is delivered at once and needs nothing from them.
 */
export async function tellOrderPlaced(app: Deps, tx: Executor, order: OrderRow): Promise<void> {
  const about = { amount: fromCents(order.totalCents), objectType: 'product', title: order.productName };
  await app.notifications.notify(tx, {
    userId: order.performerId, kind: 'content_bought', actorId: order.userId, link: '/creator/earning', data: about,
  });
  if (order.productType === 'physical') {
    await app.notifications.notify(tx, {
      userId: order.performerId, kind: 'order_status', actorId: order.userId, link: sellerPage(order),
      data: { ...about, status: 'created', orderNumber: order.orderNumber },
    });
  }
}

/** The buyer hears that their order moved on (shipped, delivered, refunded); `actorId` null for an operator's refund. */
export function tellOrderStatus(app: Deps, tx: Executor, order: OrderRow, status: OrderStatus, actorId: string | null): Promise<void> {
  return app.notifications.notify(tx, {
    userId: order.userId, kind: 'order_status', actorId, link: buyerPage(order),
    data: { status, orderNumber: order.orderNumber, title: order.productName },
  });
}
