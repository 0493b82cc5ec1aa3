import type { Order, OrderStatus } from '@/common/contract/orders';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  refunded: 'Refunded',
};

export const STATUS_COLORS: Record<OrderStatus, string> = {
  processing: 'gold',
  shipped: 'blue',
  delivered: 'green',
  refunded: 'default',
};

/** Mirrors the server: a digital order is delivered when paid and stays refundable. */
export const isRefundable = (o: Pick<Order, 'status' | 'productType'>) =>
  o.status === 'processing' || o.status === 'shipped' || (o.productType === 'digital' && o.status === 'delivered');
