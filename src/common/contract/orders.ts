import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, Nullable, Paging, Uuid } from './common';
import { PRODUCT_TYPES } from './products';
import { DeliveryAddress } from './addresses';

/**
 * `processing` → `shipped` (tracking code) → `delivered`; `refunded` by the seller or an admin
 * from `processing` or `shipped` (and, for a digital order, from `delivered`, which it is as soon
 * as it is paid). A buyer cannot cancel: they ask the seller, who refunds.
 */
export const ORDER_STATUSES = ['processing', 'shipped', 'delivered', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_QUANTITY_MAX = 100;
export const ORDER_NOTE_MAX = 500;
export const TRACKING_CODE_MAX = 100;


// An order keeps the address as it was when placed (or last changed by the buyer).
export { DeliveryAddress };

const Party = Type.Object({ _id: Type.String(), name: Type.String(), username: Nullable(Type.String()) });

/** A product purchase. Name and prices are copies taken when it was bought. */
export const Order = Type.Object({
  _id: Type.String(),
  orderNumber: Type.String(),
  /** Null once the creator deleted the product; the order keeps its name. */
  productId: Nullable(Type.String()),
  productName: Type.String(),
  productType: Type.Enum([...PRODUCT_TYPES]),
  quantity: Type.Integer({ minimum: 1 }),
  /** Tokens. */
  unitPrice: Type.Number(),
  totalPrice: Type.Number(),
  status: Type.Enum([...ORDER_STATUSES]),
  deliveryAddress: Nullable(DeliveryAddress),
  trackingCode: Nullable(Type.String()),
  buyer: Party,
  performer: Party,
  /** The buyer's note to the seller, if any. */
  note: Nullable(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Order = Static<typeof Order>;

/** One order; the buyer of a digital order that is not refunded also gets a short-lived download link. */
export const OrderDetail = Type.Object({
  ...Order.properties,
  downloadUrl: Nullable(Type.String()),
});
export type OrderDetail = Static<typeof OrderDetail>;

export const BuyProductBody = Type.Object(
  {
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: ORDER_QUANTITY_MAX, default: 1 })),
    /** Required for a physical product: one of the buyer's addresses (its fields are copied). */
    addressId: Type.Optional(Uuid()),
    note: Type.Optional(Type.String({ maxLength: ORDER_NOTE_MAX })),
  },
  { additionalProperties: false },
);
export type BuyProductBody = Static<typeof BuyProductBody>;

export const BuyProductResult = Type.Object({
  order: Order,
  /** The buyer's wallet balance after the purchase, tokens. */
  balance: Type.Number(),
});
export type BuyProductResult = Static<typeof BuyProductResult>;

export const OrderSearchQuery = Type.Object(
  {
    ...Paging(10),
    status: Type.Optional(Type.Enum([...ORDER_STATUSES])),
    /** Part of the order number or product name. */
    q: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type OrderSearchQuery = Static<typeof OrderSearchQuery>;

/** The seller moves an order on: shipped (with a tracking code), delivered, or refunded (admins may refund too). */
export const UpdateOrderBody = Type.Object(
  {
    status: Type.Enum(['shipped', 'delivered', 'refunded']),
    trackingCode: Type.Optional(Type.String({ maxLength: TRACKING_CODE_MAX })),
  },
  { additionalProperties: false },
);
export type UpdateOrderBody = Static<typeof UpdateOrderBody>;

export const UpdateDeliveryAddressBody = Type.Object({ addressId: Uuid() }, { additionalProperties: false });
export type UpdateDeliveryAddressBody = Static<typeof UpdateDeliveryAddressBody>;

export const CheckPurchasedQuery = Type.Object(
  {
    productId: Uuid(),
    /** Only the caller themself (or anyone, for an admin). */
    userId: Type.Optional(Uuid()),
  },
  { additionalProperties: false },
);

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const signedIn = { auth: 'required', tags: ['orders'] } as const;

export const orderRoutes = {
  buy: defineRoute({
    ...signedIn, method: 'POST', url: '/wallet/charges/product/:id', idempotent: true,
    summary: 'Buy a product with wallet tokens: a physical one needs addressId and stock; a digital one is bought once',
    schema: {
      params: IdParams, body: BuyProductBody,
      response: { 200: Envelope(BuyProductResult), ...errors, 402: ErrorBody, 409: ErrorBody, 422: ErrorBody },
    },
  }),
  sales: defineRoute({
    ...signedIn, roles: ['performer'], method: 'GET', url: '/orders/search', summary: 'Orders of my products (creators), newest first',
    schema: { querystring: OrderSearchQuery, response: { 200: ListEnvelope(Order), ...errors } },
  }),
  purchases: defineRoute({
    ...signedIn, method: 'GET', url: '/orders/users/search', summary: 'My orders, newest first',
    schema: { querystring: OrderSearchQuery, response: { 200: ListEnvelope(Order), ...errors } },
  }),
  checkPurchased: defineRoute({
    ...signedIn, method: 'GET', url: '/orders/check-user-purchased', summary: 'Whether I bought a product (an order that was not refunded)',
    schema: { querystring: CheckPurchasedQuery, response: { 200: Envelope(Type.Object({ purchased: Type.Boolean() })), ...errors } },
  }),
  detail: defineRoute({
    ...signedIn, method: 'GET', url: '/orders/:id', summary: 'One order (its buyer, its seller or an admin)',
    schema: { params: IdParams, response: { 200: Envelope(OrderDetail), ...errors } },
  }),
  update: defineRoute({
    ...signedIn, method: 'PUT', url: '/orders/:id/update', summary: 'Mark shipped (tracking code), delivered, or refund (the seller; admins may refund)',
    schema: { params: IdParams, body: UpdateOrderBody, response: { 200: Envelope(Order), ...errors, 409: ErrorBody, 422: ErrorBody } },
  }),
  updateDeliveryAddress: defineRoute({
    ...signedIn, method: 'PUT', url: '/orders/:id/update/delivery-address', summary: 'Change where my order goes, while it is processing',
    schema: { params: IdParams, body: UpdateDeliveryAddressBody, response: { 200: Envelope(Order), ...errors, 409: ErrorBody } },
  }),
};
