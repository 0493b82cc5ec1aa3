import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, Paging, Uuid } from './common';
import { UserPublic } from './users';

/** Longest tip message (plain text, trimmed). */
export const TIP_MESSAGE_MAX = 500;

/** What a wallet charge paid for: the ledger transaction kinds of sales. */
export const CHARGE_TYPES = ['tip', 'feed', 'video', 'gallery', 'product', 'message', 'stream', 'subscription'] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];

/** Pay-per-view items bought here (products go through orders, messages and streams elsewhere). */
export const PURCHASABLE_TYPES = ['feed', 'video', 'gallery'] as const;
export type PurchasableType = (typeof PURCHASABLE_TYPES)[number];

/**
 * A tip: tokens, at most two decimals (400 otherwise), within the site's
 * `minimumTipPrice..maximumTipPrice` (422 naming the range).
 */
export const TipBody = Type.Object(
  {
    amount: Type.Number(),
    message: Type.Optional(Type.String({ maxLength: TIP_MESSAGE_MAX + 200 })),
  },
  { additionalProperties: false },
);
export type TipBody = Static<typeof TipBody>;

export const TipResult = Type.Object({
  transactionId: Type.String(),
  /** The caller's wallet after the tip, in tokens. */
  balance: Type.Number(),
  performerId: Type.String(),
  amount: Type.Number(),
});
export type TipResult = Static<typeof TipResult>;

export const PurchaseResult = Type.Object({
  transactionId: Type.String(),
  /** The caller's wallet after the purchase, in tokens. */
  balance: Type.Number(),
  /** Tokens paid. */
  amount: Type.Number(),
  item: Type.Object({ type: Type.Enum([...PURCHASABLE_TYPES]), id: Type.String() }),
});
export type PurchaseResult = Static<typeof PurchaseResult>;

/**
 * One charge as the payer (`view=spending`) or the creator paid (`view=sales`) sees it. Amounts in
 * tokens: `amount` is the gross the fan paid, `net` what the creator earned, `commission` the
 * platform's share. `refunded` when a refund reversed it. `performer` / `user` are the creator and
 * the payer (public fields; null if the account was deleted).
 */
export const WalletCharge = Type.Object({
  _id: Type.String(),
  type: Type.Enum([...CHARGE_TYPES]),
  amount: Type.Number(),
  commission: Type.Number(),
  net: Type.Number(),
  refunded: Type.Boolean(),
  objectType: Type.Union([Type.String(), Type.Null()]),
  objectId: Type.Union([Type.String(), Type.Null()]),
  /** A tip's message. */
  message: Type.Union([Type.String(), Type.Null()]),
  description: Type.String(),
  performer: Type.Union([UserPublic, Type.Null()]),
  user: Type.Union([UserPublic, Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type WalletCharge = Static<typeof WalletCharge>;

export const CHARGE_VIEWS = ['spending', 'sales'] as const;
export type ChargeView = (typeof CHARGE_VIEWS)[number];

export const ChargeSearchQuery = Type.Object(
  {
    ...Paging(10),
    /** Charges have no updatedAt: both sort by the time of the charge. */
    sortBy: Type.Optional(Type.Enum(['createdAt', 'updatedAt', 'amount'], { default: 'createdAt' })),
    sort: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
    /**
     * `spending`: what I paid (default for fans). `sales`: what fans paid me (default for
     * creators; 403 for anyone else).
     */
    view: Type.Optional(Type.Enum([...CHARGE_VIEWS])),
    type: Type.Optional(Type.Enum([...CHARGE_TYPES])),
    performerId: Type.Optional(Uuid()),
    /** Inclusive bounds on the charge time (ISO date or date-time). */
    fromDate: Type.Optional(Type.String({ minLength: 10, maxLength: 40 })),
    toDate: Type.Optional(Type.String({ minLength: 10, maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type ChargeSearchQuery = Static<typeof ChargeSearchQuery>;

const PerformerParams = Type.Object({ performerId: Uuid() });
const chargeErrors = { 400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const charge = { auth: 'required', idempotent: true, tags: ['wallet-charges'] } as const;

const purchase = (type: PurchasableType) =>
  defineRoute({
    ...charge, method: 'POST', url: `/wallet/charges/${type}/:id`,
    summary: `Buy a ${type} for sale at its current price, from my wallet (no body, or {}; 402 when short, 409 if already bought)`,
    schema: { params: IdParams, response: { 200: Envelope(PurchaseResult), ...chargeErrors } },
  });

export const walletChargeRoutes = {
  tip: defineRoute({
    ...charge, method: 'POST', url: '/wallet/charges/tip/:performerId',
    summary: 'Tip a creator from my wallet, with an optional message',
    schema: { params: PerformerParams, body: TipBody, response: { 200: Envelope(TipResult), ...chargeErrors } },
  }),
  feed: purchase('feed'),
  video: purchase('video'),
  gallery: purchase('gallery'),
  search: defineRoute({
    method: 'GET', url: '/wallet/charges/search', auth: 'required', tags: ['wallet-charges'],
    summary: 'My wallet charges: what I spent, or (creators, view=sales) what fans paid me',
    schema: { querystring: ChargeSearchQuery, response: { 200: ListEnvelope(WalletCharge), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody } },
  }),
};
