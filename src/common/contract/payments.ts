import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, Nullable, Ok, Paging, Uuid } from './common';
import { UserPublic } from './users';

/**
 * Card payments (spec 7 "Payments"): wallet top-ups through the card gateway, the caller's card
 * payments, saved cards, coupons and the creator's payout account. Amounts are USD (card side) or
 * tokens (wallet side), numbers with at most two decimals.
 */

export const PAYMENT_GATEWAY_NAMES = ['sandbox', 'stripe'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAY_NAMES)[number];
export const PAYMENT_KIND_VALUES = ['top_up', 'subscription'] as const;
export const PAYMENT_STATUS_VALUES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUS_VALUES)[number];
export const PAYOUT_ACCOUNT_STATUS_VALUES = ['pending', 'enabled', 'restricted'] as const;

/** Stripe's public test numbers, which the sandbox gateway answers like Stripe's test mode. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242424242424242', outcome: 'Succeeds' },
  { number: '4000000000000002', outcome: 'Declined' },
  { number: '4000000000009995', outcome: 'Insufficient funds' },
] as const;


/** A card payment of the caller (spec: payment transaction). */
export const PaymentTransaction = Type.Object({
  _id: Type.String(),
  kind: Type.Enum([...PAYMENT_KIND_VALUES]),
  gateway: Type.Enum([...PAYMENT_GATEWAY_NAMES]),
  status: Type.Enum([...PAYMENT_STATUS_VALUES]),
  /** USD before the coupon. */
  originalPrice: Type.Number(),
  /** USD taken off by the coupon. */
  discount: Type.Number(),
  /** USD charged to the card. */
  totalPrice: Type.Number(),
  /** Tokens a top-up credits (0 for a subscription). */
  tokens: Type.Number(),
  couponCode: Nullable(Type.String()),
  cardId: Nullable(Type.String()),
  /** "Visa •••• 4242" when the card is known. */
  cardLabel: Nullable(Type.String()),
  performerId: Nullable(Type.String()),
  failureReason: Nullable(Type.String()),
  description: Type.String(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type PaymentTransaction = Static<typeof PaymentTransaction>;

/**
 * A new card: typed details for the sandbox (it keeps none of the numbers: the saved card is the
 * gateway's reference plus brand, last4 and expiry), or for Stripe only the `paymentMethodId` its
 * card form (Elements) created in the browser, so a real card number never reaches our servers.
 * One flat object (not a union) so body validation reports plain field errors; the service
 * checks that exactly one of the two forms is complete.
 */
export const CardInput = Type.Object(
  {
    number: Type.Optional(Type.String({ minLength: 12, maxLength: 23, pattern: '^[0-9 ]+$' })),
    expMonth: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
    expYear: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
    cvc: Type.Optional(Type.String({ pattern: '^[0-9]{3,4}$' })),
    paymentMethodId: Type.Optional(Type.String({ minLength: 3, maxLength: 255, pattern: '^pm_[A-Za-z0-9_]+$' })),
    holderName: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);
export type CardInput = Static<typeof CardInput>;

export const TOP_UP_AMOUNT_MAX = 1_000_000;

export const TopUpBody = Type.Object(
  {
    /** USD, at most two decimals, within minimumWalletPrice..maximumWalletPrice (422 otherwise). */
    amount: Type.Number({ exclusiveMinimum: 0, maximum: TOP_UP_AMOUNT_MAX }),
    /** A saved card of mine… */
    cardId: Type.Optional(Uuid()),
    /** …or a new card; `save` keeps it for next time. */
    card: Type.Optional(Type.Object({ ...CardInput.properties, save: Type.Optional(Type.Boolean()) }, { additionalProperties: false })),
    couponCode: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type TopUpBody = Static<typeof TopUpBody>;

export const RetryBody = Type.Object({ cardId: Type.Optional(Uuid()) }, { additionalProperties: false });
export type RetryBody = Static<typeof RetryBody>;

export const PaymentSearchQuery = Type.Object(
  {
    ...Paging(10),
    status: Type.Optional(Type.Enum([...PAYMENT_STATUS_VALUES])),
    kind: Type.Optional(Type.Enum([...PAYMENT_KIND_VALUES])),
    sortBy: Type.Optional(Type.Enum(['createdAt', 'updatedAt'], { default: 'createdAt' })),
    sort: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
  },
  { additionalProperties: false },
);
export type PaymentSearchQuery = Static<typeof PaymentSearchQuery>;

export const PaymentCard = Type.Object({
  _id: Type.String(),
  gateway: Type.Enum([...PAYMENT_GATEWAY_NAMES]),
  brand: Type.String(),
  last4: Type.String(),
  expMonth: Type.Integer(),
  expYear: Type.Integer(),
  holderName: Type.String(),
  createdAt: DateTime,
});
export type PaymentCard = Static<typeof PaymentCard>;

export const GatewayParams = Type.Object({ gateway: Type.String({ minLength: 1, maxLength: 40 }) });
export const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) });

/** What a fan learns of a coupon they may use. */
export const AppliedCoupon = Type.Object({
  _id: Type.String(),
  code: Type.String(),
  /** 1..100, two decimals. */
  discountPercentage: Type.Number(),
  expiredDate: Nullable(DateTime),
});
export type AppliedCoupon = Static<typeof AppliedCoupon>;

export const Coupon = Type.Object({
  _id: Type.String(),
  code: Type.String(),
  discountPercentage: Type.Number(),
  expiredDate: Nullable(DateTime),
  /** Total uses allowed; null = unlimited. */
  numberOfUses: Nullable(Type.Integer()),
  usedCount: Type.Integer(),
  active: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Coupon = Static<typeof Coupon>;

export const COUPON_CODE_PATTERN = '^[A-Za-z0-9_-]{3,40}$';

export const CreateCouponBody = Type.Object(
  {
    code: Type.String({ pattern: COUPON_CODE_PATTERN }),
    discountPercentage: Type.Number({ minimum: 0.01, maximum: 100 }),
    expiredDate: Type.Optional(Nullable(DateTime)),
    numberOfUses: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 }))),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateCouponBody = Static<typeof CreateCouponBody>;

export const UpdateCouponBody = Type.Object(
  {
    code: Type.Optional(Type.String({ pattern: COUPON_CODE_PATTERN })),
    discountPercentage: Type.Optional(Type.Number({ minimum: 0.01, maximum: 100 })),
    expiredDate: Type.Optional(Nullable(DateTime)),
    numberOfUses: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 }))),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateCouponBody = Static<typeof UpdateCouponBody>;

export const CouponListQuery = Type.Object(
  {
    ...Paging(10),
    q: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);

/** One use of a coupon: who, when, and the card payment it was claimed for (null once that payment is gone). */
export const CouponRedemption = Type.Object({
  user: Nullable(UserPublic),
  createdAt: DateTime,
  payment: Nullable(Type.Object({
    _id: Type.String(),
    kind: Type.Enum([...PAYMENT_KIND_VALUES]),
    status: Type.Enum([...PAYMENT_STATUS_VALUES]),
    /** USD before the coupon, taken off, and charged. */
    originalPrice: Type.Number(),
    discount: Type.Number(),
    totalPrice: Type.Number(),
    description: Type.String(),
  })),
});
export type CouponRedemption = Static<typeof CouponRedemption>;

export const CouponRedemptionQuery = Type.Object(
  {
    ...Paging(20),
  },
  { additionalProperties: false },
);
export type CouponRedemptionQuery = Static<typeof CouponRedemptionQuery>;

export const PayoutAccount = Type.Object({
  gateway: Type.Enum([...PAYMENT_GATEWAY_NAMES]),
  accountId: Type.String(),
  status: Type.Enum([...PAYOUT_ACCOUNT_STATUS_VALUES]),
  /** Stripe Connect: where to finish the account's set-up while it is not enabled (short-lived link). */
  onboardingUrl: Type.Optional(Nullable(Type.String())),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type PayoutAccount = Static<typeof PayoutAccount>;

/** My payout account at the active gateway, or null before I connect one. */
export const PayoutAccountState = Type.Object({
  gateway: Type.Enum([...PAYMENT_GATEWAY_NAMES]),
  account: Nullable(PayoutAccount),
});
export type PayoutAccountState = Static<typeof PayoutAccountState>;

/** What the top-up form needs: the bounds (USD), the token rate and the active gateway. */
export const TopUpOptions = Type.Object({
  minimum: Type.Number(),
  maximum: Type.Number(),
  /** Tokens per 1 USD. */
  tokenConversionRate: Type.Number(),
  gateway: Type.Enum([...PAYMENT_GATEWAY_NAMES]),
  /** Stripe's publishable key for its card form (Elements); null with the sandbox. */
  publishableKey: Nullable(Type.String()),
});
export type TopUpOptions = Static<typeof TopUpOptions>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const signedIn = { auth: 'required', tags: ['payments'] } as const;
const admin = { auth: 'required', roles: ['admin'], tags: ['coupons'] } as const;

export const paymentRoutes = {
  topUp: defineRoute({
    ...signedIn, method: 'POST', url: '/payment/wallet/top-up', idempotent: true,
    summary: 'Buy tokens with a card. A declined card answers 200 with status "failed" and failureReason (nothing credited); the payment can be retried',
    schema: { body: TopUpBody, response: { 200: Envelope(PaymentTransaction), ...errors, 409: ErrorBody, 422: ErrorBody } },
  }),
  topUpOptions: defineRoute({
    ...signedIn, method: 'GET', url: '/payment/wallet/top-up-options', summary: 'Top-up bounds, the token conversion rate and the active gateway',
    schema: { response: { 200: Envelope(TopUpOptions), ...errors } },
  }),
  retry: defineRoute({
    ...signedIn, method: 'POST', url: '/payment/retry/:id', idempotent: true,
    summary: 'Charge a failed top-up of mine again, with its card or the saved card given (409 once it succeeded)',
    schema: { params: IdParams, body: RetryBody, response: { 200: Envelope(PaymentTransaction), ...errors, 409: ErrorBody, 422: ErrorBody } },
  }),
  search: defineRoute({
    ...signedIn, method: 'GET', url: '/payment/transactions/user/search', summary: 'My card payments, newest first',
    schema: { querystring: PaymentSearchQuery, response: { 200: ListEnvelope(PaymentTransaction), ...errors } },
  }),
  detail: defineRoute({
    ...signedIn, method: 'GET', url: '/payment/transactions/:id', summary: 'One card payment of mine',
    schema: { params: IdParams, response: { 200: Envelope(PaymentTransaction), ...errors } },
  }),
  cards: defineRoute({
    ...signedIn, method: 'GET', url: '/payment-cards', summary: 'My saved cards at the active gateway',
    schema: { response: { 200: ListEnvelope(PaymentCard), ...errors } },
  }),
  addCard: defineRoute({
    ...signedIn, method: 'POST', url: '/:gateway/cards', summary: 'Save a card at the active gateway (the segment is its lowercase name)',
    schema: { params: GatewayParams, body: CardInput, response: { 200: Envelope(PaymentCard), ...errors } },
  }),
  deleteCard: defineRoute({
    ...signedIn, method: 'DELETE', url: '/payment-cards/:id', summary: 'Delete a saved card of mine',
    schema: { params: IdParams, response: { 200: Ok, ...errors } },
  }),
  applyCoupon: defineRoute({
    ...signedIn, method: 'POST', url: '/coupons/:code/apply-coupon', summary: 'Check a coupon code for me (case-insensitive)',
    schema: { params: CodeParams, response: { 200: Envelope(AppliedCoupon), ...errors, 409: ErrorBody, 422: ErrorBody } },
  }),
  connectAccount: defineRoute({
    auth: 'required', roles: ['performer'], tags: ['payments'], method: 'POST', url: '/:gateway/accounts',
    summary: 'Connect my payout account at the active gateway (the sandbox enables it at once)',
    schema: { params: GatewayParams, response: { 200: Envelope(PayoutAccount), ...errors } },
  }),
  webhook: defineRoute({
    auth: 'none', tags: ['payments'], method: 'POST', url: '/:gateway/webhook',
    summary: 'Gateway events (Stripe): the raw body is checked against the signature header (400 when missing or wrong); each event is applied once by its id',
    schema: { params: GatewayParams, response: { 200: Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() }), 400: ErrorBody, 404: ErrorBody, 500: ErrorBody } },
  }),
  myAccount: defineRoute({
    auth: 'required', roles: ['performer'], tags: ['payments'], method: 'GET', url: '/payout-accounts/me',
    summary: 'My payout account at the active gateway',
    schema: { response: { 200: Envelope(PayoutAccountState), ...errors } },
  }),
  adminCreateCoupon: defineRoute({
    ...admin, method: 'POST', url: '/admin/coupons', summary: 'Create a coupon (409 when the code exists, case-insensitive)',
    schema: { body: CreateCouponBody, response: { 200: Envelope(Coupon), ...errors, 409: ErrorBody } },
  }),
  adminListCoupons: defineRoute({
    ...admin, method: 'GET', url: '/admin/coupons', summary: 'Coupons, newest first',
    schema: { querystring: CouponListQuery, response: { 200: ListEnvelope(Coupon), ...errors } },
  }),
  adminUpdateCoupon: defineRoute({
    ...admin, method: 'PUT', url: '/admin/coupons/:id', summary: 'Edit a coupon (deactivate with active: false)',
    schema: { params: IdParams, body: UpdateCouponBody, response: { 200: Envelope(Coupon), ...errors, 409: ErrorBody, 422: ErrorBody } },
  }),
  adminCouponRedemptions: defineRoute({
    ...admin, method: 'GET', url: '/admin/coupons/:id/redemptions', summary: 'Who used a coupon, when, and the payment, newest first',
    schema: { params: IdParams, querystring: CouponRedemptionQuery, response: { 200: ListEnvelope(CouponRedemption), ...errors } },
  }),
};
