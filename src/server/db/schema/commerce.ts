import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { products } from './products';
import { ledgerTransactions } from './ledger';

/** A fan's delivery address for physical products. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    country: text('country').notNull(),
    state: text('state').notNull().default(''),
    city: text('city').notNull(),
    streetAddress: text('street_address').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    phone: text('phone').notNull().default(''),
    description: text('description').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

/** The address as it was when the order was placed or last changed by the buyer. */
export interface DeliveryAddress {
  name: string;
  country: string;
  state: string;
  city: string;
  streetAddress: string;
  postalCode: string;
  phone: string;
  description: string;
}

/**
 * `processing` → `shipped` (with a tracking code) → `delivered`, or `refunded` from any of the
 * first two. A digital product's order is `delivered` as soon as it is paid.
 */
export const ORDER_STATUSES = ['processing', 'shipped', 'delivered', 'refunded'] as const;

/** A product purchase; name and price are copied so later edits of the product do not rewrite it. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productType: text('product_type', { enum: ['physical', 'digital'] }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    trackingCode: text('tracking_code'),
    ledgerTransactionId: uuid('ledger_transaction_id').notNull().references(() => ledgerTransactions.id),
    refundTransactionId: uuid('refund_transaction_id').references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.orderNumber),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_performer_idx').on(t.performerId, t.createdAt),
    index('orders_product_user_idx').on(t.productId, t.userId),
  ],
);

/** `pending` until an admin approves (`paid`) or rejects it, or the creator cancels it. */
export const PAYOUT_REQUEST_STATUSES = ['pending', 'paid', 'rejected', 'cancelled'] as const;
export const PAYOUT_METHODS = ['banking', 'paypal', 'stripe', 'sandbox'] as const;

export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    status: text('status', { enum: PAYOUT_REQUEST_STATUSES }).notNull().default('pending'),
    requestNote: text('request_note').notNull().default(''),
    adminNote: text('admin_note').notNull().default(''),
    /** The move of earnings into the reserve; the settling one pays it out or returns it. */
    reserveTransactionId: uuid('reserve_transaction_id').notNull().references(() => ledgerTransactions.id),
    settleTransactionId: uuid('settle_transaction_id').references(() => ledgerTransactions.id),
    gatewayTransferId: text('gateway_transfer_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payout_requests_performer_idx').on(t.performerId, t.createdAt),
    // One pending request per creator, whatever the concurrency.
    uniqueIndex('payout_requests_one_pending_key').on(t.performerId).where(sql`status = 'pending'`),
  ],
);
