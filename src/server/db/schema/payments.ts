import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { ledgerTransactions } from './ledger';
import { subscriptions } from './entitlements';

/** Card gateways: `sandbox` (built in, Stripe's test card numbers) and `stripe`. */
export const PAYMENT_GATEWAYS = ['sandbox', 'stripe'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

export const PAYMENT_KINDS = ['top_up', 'subscription'] as const;
/** `pending` until the gateway confirms; only `succeeded` ever moves ledger money. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;

/**
 * A card payment (spec: payment transactions): a wallet top-up or a subscription charge, in USD
 * cents. `tokens_cents` is what a top-up credits at the conversion rate of the moment it was
 * asked. `ledger_transaction_id` is set, once, when the confirmation is applied.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    tokensCents: bigint('tokens_cents', { mode: 'number' }).notNull().default(0),
    couponId: uuid('coupon_id'),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    subscriptionType: text('subscription_type'),
    cardId: uuid('card_id'),
    gatewayIntentId: text('gateway_intent_id'),
    /** For a subscription charged by the gateway's own billing (Stripe subscriptions): its id there. */
    gatewaySubscriptionId: text('gateway_subscription_id'),
    failureReason: text('failure_reason'),
    /** An operator's refund through the gateway: when, the gateway's refund id, and why. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    gatewayRefundId: text('gateway_refund_id'),
    refundReason: text('refund_reason'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_transactions_intent_key').on(t.gateway, t.gatewayIntentId),
    uniqueIndex('payment_transactions_ledger_key').on(t.ledgerTransactionId),
    index('payment_transactions_user_idx').on(t.userId, t.createdAt),
    index('payment_transactions_pending_idx').on(t.status, t.createdAt).where(sql`status = 'pending'`),
  ],
);

/** A saved card: only the gateway's reference and what a person needs to recognise it. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    gatewayPaymentMethodId: text('gateway_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_cards_method_key').on(t.gateway, t.gatewayPaymentMethodId),
    index('payment_cards_user_idx').on(t.userId),
  ],
);

/** The gateway's customer for a user (Stripe customer id; the sandbox makes its own). */
export const gatewayCustomers = pgTable(
  'gateway_customers',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gateway] })],
);

/** Webhook events, stored by the gateway's event id so each is applied exactly once. */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);

export const PAYOUT_ACCOUNT_STATUSES = ['pending', 'enabled', 'restricted'] as const;

/** A creator's connected payout account at a gateway (Stripe Connect; the sandbox enables at once). */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    accountId: text('account_id').notNull(),
    status: text('status', { enum: PAYOUT_ACCOUNT_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.gateway] }), uniqueIndex('payout_accounts_account_key').on(t.gateway, t.accountId)],
);

/**
 * Coupons for subscriptions and top-ups: a percentage off (basis points, 1..10000), an expiry,
 * a total number of uses and once per user (coupon_redemptions' key).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    discountBasisPoints: integer('discount_basis_points').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_code_key').on(sql`upper(${t.code})`)],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponId: uuid('coupon_id').notNull().references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    paymentTransactionId: uuid('payment_transaction_id').references(() => paymentTransactions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] })],
);
