import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, ListQuery, Nullable, Paging } from './common';
import { PAYMENT_KIND_VALUES, PAYMENT_STATUS_VALUES, PaymentTransaction } from './payments';
import { UserPublic } from './users';

/**
 * The operators' money console (issue 13 "Money"): every ledger transaction across users, its CSV
 * export, statements of ledger accounts with a running balance, card payments across users, and
 * the two refunds (a wallet sale back to the wallet; a card top-up back to the card). Amounts are
 * tokens (ledger side) or USD (card side), numbers with two decimals.
 */

/** What a ledger transaction records (the same list as the ledger's schema). */
export const LEDGER_KIND_VALUES = [
  'top_up', 'subscription',
  'tip', 'feed', 'video', 'gallery', 'product', 'message', 'stream',
  'refund',
  'payout_request', 'payout_paid', 'payout_rejected', 'payout_cancelled',
] as const;
export type LedgerKind = (typeof LEDGER_KIND_VALUES)[number];

/** Sales paid from a fan's wallet: the ones an operator can refund to the wallet. */
export const WALLET_SALE_KINDS = ['tip', 'feed', 'video', 'gallery', 'product', 'message', 'stream'] as const satisfies readonly LedgerKind[];
export type WalletSaleKind = (typeof WALLET_SALE_KINDS)[number];

/** `refunded`: a refund transaction reverses it; `completed`: everything else. */
export const TRANSACTION_STATUS_VALUES = ['completed', 'refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUS_VALUES)[number];

export const LEDGER_ACCOUNT_KIND_VALUES = ['wallet', 'earnings', 'payout_reserve', 'platform_revenue', 'gateway_clearing'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KIND_VALUES)[number];

/** Rows a CSV export may hold; a wider selection is refused (422) and must be narrowed by its filters. */
export const TRANSACTION_EXPORT_MAX_ROWS = 50_000;
export const REFUND_REASON_MAX = 500;

/** An account id or a username (case-insensitive): operators type either. */
const UserRef = Type.String({ minLength: 1, maxLength: 100 });
/** ISO date (`2026-03-01`, a whole UTC day for `toDate`) or date-time. */
const DateFilter = Type.String({ minLength: 10, maxLength: 40 });

export const TransactionFilters = Type.Object({
  kind: Type.Optional(Type.Enum([...LEDGER_KIND_VALUES])),
  /** Who paid (for payouts: the creator who asked): id or username. */
  userId: Type.Optional(UserRef),
  /** The creator it concerns: id or username. */
  performerId: Type.Optional(UserRef),
  fromDate: Type.Optional(DateFilter),
  toDate: Type.Optional(DateFilter),
  status: Type.Optional(Type.Enum([...TRANSACTION_STATUS_VALUES])),
});
export type TransactionFilters = Static<typeof TransactionFilters>;

export const TransactionSearchQuery = Type.Object({ ...ListQuery.properties, ...TransactionFilters.properties }, { additionalProperties: false });
export type TransactionSearchQuery = Static<typeof TransactionSearchQuery>;
export const TransactionExportQuery = Type.Object(TransactionFilters.properties, { additionalProperties: false });
export type TransactionExportQuery = Static<typeof TransactionExportQuery>;

/** One ledger transaction as operators see it. */
export const AdminTransaction = Type.Object({
  _id: Type.String(),
  kind: Type.Enum([...LEDGER_KIND_VALUES]),
  /** Who paid (a payout's creator for payout kinds); null when the account is gone. */
  user: Nullable(UserPublic),
  /** The creator it concerns; null for top-ups. */
  performer: Nullable(UserPublic),
  /** Tokens: what the fan paid (a refund repeats the gross of what it reverses). */
  gross: Type.Number(),
  /** Tokens the platform kept. */
  commission: Type.Number(),
  /** Tokens to the creator (gross - commission); null when no creator earns (top-ups, payouts). */
  net: Nullable(Type.Number()),
  description: Type.String(),
  /** A tip's message, an order's note, or a refund's reason. */
  message: Nullable(Type.String()),
  objectType: Nullable(Type.String()),
  objectId: Nullable(Type.String()),
  refunded: Type.Boolean(),
  /** The refund transaction that reverses this one. */
  refundTransactionId: Nullable(Type.String()),
  /** For a refund: the transaction it reverses. */
  reversesId: Nullable(Type.String()),
  /** A wallet sale not refunded yet: the console offers "Refund". */
  refundable: Type.Boolean(),
  createdAt: DateTime,
});
export type AdminTransaction = Static<typeof AdminTransaction>;

export const RefundBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: REFUND_REASON_MAX }) },
  { additionalProperties: false },
);
export type RefundBody = Static<typeof RefundBody>;

export const SaleRefundResult = Type.Object({ sale: AdminTransaction, refund: AdminTransaction });
export type SaleRefundResult = Static<typeof SaleRefundResult>;

export const LedgerAccount = Type.Object({
  _id: Type.String(),
  kind: Type.Enum([...LEDGER_ACCOUNT_KIND_VALUES]),
  /** Null for the platform's two accounts. */
  owner: Nullable(UserPublic),
  /** Tokens; gateway clearing runs negative (it mirrors what came in through the card gateway). */
  balance: Type.Number(),
  createdAt: DateTime,
});
export type LedgerAccount = Static<typeof LedgerAccount>;

export const AccountsQuery = Type.Object({ user: Type.Optional(UserRef) }, { additionalProperties: false });
export type AccountsQuery = Static<typeof AccountsQuery>;

/** A user's accounts (with `user`) and the platform's; accounts never used do not exist yet. */
export const AccountList = Type.Object({ user: Nullable(UserPublic), accounts: Type.Array(LedgerAccount) });
export type AccountList = Static<typeof AccountList>;

export const StatementEntry = Type.Object({
  _id: Type.String(),
  transactionId: Type.String(),
  kind: Type.Enum([...LEDGER_KIND_VALUES]),
  description: Type.String(),
  objectType: Nullable(Type.String()),
  objectId: Nullable(Type.String()),
  reversesId: Nullable(Type.String()),
  /** Tokens; positive raises the account's balance. */
  amount: Type.Number(),
  /** The account's balance right after this entry (a running sum over all its entries). */
  balanceAfter: Type.Number(),
  createdAt: DateTime,
});
export type StatementEntry = Static<typeof StatementEntry>;

export const StatementQuery = Type.Object(
  {
    ...Paging(20),
  },
  { additionalProperties: false },
);
export type StatementQuery = Static<typeof StatementQuery>;

export const Statement = Type.Object({
  account: LedgerAccount,
  data: Type.Array(StatementEntry),
  total: Type.Integer({ minimum: 0 }),
});
export type Statement = Static<typeof Statement>;

export const AdminPaymentQuery = Type.Object(
  {
    ...ListQuery.properties,
    status: Type.Optional(Type.Enum([...PAYMENT_STATUS_VALUES])),
    kind: Type.Optional(Type.Enum([...PAYMENT_KIND_VALUES])),
    /** The paying account: id or username. */
    userId: Type.Optional(UserRef),
    fromDate: Type.Optional(DateFilter),
    toDate: Type.Optional(DateFilter),
  },
  { additionalProperties: false },
);
export type AdminPaymentQuery = Static<typeof AdminPaymentQuery>;

/** A card payment as operators see it: the payer, and the refund when there was one. */
export const AdminPayment = Type.Object({
  ...PaymentTransaction.properties,
  user: Nullable(UserPublic),
  gatewayIntentId: Nullable(Type.String()),
  refundedAt: Nullable(DateTime),
  refundReason: Nullable(Type.String()),
  gatewayRefundId: Nullable(Type.String()),
  /** A succeeded top-up: the console offers "Refund to card". */
  refundable: Type.Boolean(),
});
export type AdminPayment = Static<typeof AdminPayment>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const admin = { auth: 'required', roles: ['admin'], tags: ['admin'] } as const;

export const adminMoneyRoutes = {
  transactions: defineRoute({
    ...admin, method: 'GET', url: '/admin/transactions',
    summary: 'Ledger transactions across all users, newest first; filters kind, userId (payer), performerId, fromDate/toDate, status',
    schema: { querystring: TransactionSearchQuery, response: { 200: ListEnvelope(AdminTransaction), ...errors } },
  }),
  exportTransactions: defineRoute({
    ...admin, method: 'GET', url: '/admin/transactions/export',
    summary: `The same selection as CSV (text/csv, RFC 4180, header row, amounts with two decimals); more than ${TRANSACTION_EXPORT_MAX_ROWS} rows is a 422`,
    schema: { querystring: TransactionExportQuery, response: { 200: Type.String(), ...errors, 422: ErrorBody } },
  }),
  refundTransaction: defineRoute({
    ...admin, method: 'POST', url: '/admin/transactions/:id/refund', idempotent: true,
    summary: 'Refund a wallet sale to the fan\'s wallet as a reversing ledger transaction, taking back what was bought (409 when refunded already, 422 for other kinds or when the creator\'s earnings no longer cover it)',
    schema: { params: IdParams, body: RefundBody, response: { 200: Envelope(SaleRefundResult), ...errors, 409: ErrorBody, 422: ErrorBody } },
  }),
  accounts: defineRoute({
    ...admin, method: 'GET', url: '/admin/ledger/accounts',
    summary: 'The ledger accounts of a user (id or username) with balances, and the platform\'s two accounts',
    schema: { querystring: AccountsQuery, response: { 200: Envelope(AccountList), ...errors } },
  }),
  statement: defineRoute({
    ...admin, method: 'GET', url: '/admin/ledger/accounts/:id/entries',
    summary: 'An account\'s entries, newest first, each with the balance right after it',
    schema: { params: IdParams, querystring: StatementQuery, response: { 200: Envelope(Statement), ...errors } },
  }),
  payments: defineRoute({
    ...admin, method: 'GET', url: '/admin/payments',
    summary: 'Card payments (top-ups and subscriptions) across users, newest first; filters status, kind, userId, fromDate/toDate',
    schema: { querystring: AdminPaymentQuery, response: { 200: ListEnvelope(AdminPayment), ...errors } },
  }),
  refundPayment: defineRoute({
    ...admin, method: 'POST', url: '/admin/payments/:id/refund', idempotent: true,
    summary: 'Refund a succeeded card top-up through the gateway and take its tokens back from the wallet (422 when they are spent; subscriptions are cancelled instead)',
    schema: { params: IdParams, body: RefundBody, response: { 200: Envelope(AdminPayment), ...errors, 409: ErrorBody, 422: ErrorBody, 502: ErrorBody } },
  }),
};
