import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, Paging, Uuid } from './common';
import { UserPublic } from './users';

export const PAYOUT_STATUSES = ['pending', 'paid', 'rejected', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** How the money is sent; each needs the matching payout settings (see `methods` of calculate). */
export const PAYOUT_METHODS = ['banking', 'paypal', 'stripe', 'sandbox'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  banking: 'Bank transfer', paypal: 'PayPal', stripe: 'Stripe', sandbox: 'Sandbox (test)',
};
export const PAYOUT_NOTE_MAX = 1000;

export const PayoutRequest = Type.Object({
  _id: Type.String(),
  performerId: Type.String(),
  /** The creator (admin lists); null when the account is gone. */
  performer: Type.Union([UserPublic, Type.Null()]),
  /** Tokens, two decimals. */
  amount: Type.Number(),
  method: Type.Enum([...PAYOUT_METHODS]),
  status: Type.Enum([...PAYOUT_STATUSES]),
  requestNote: Type.String(),
  adminNote: Type.String(),
  /** Set when the gateway sent it; null for a payout an operator paid by hand. */
  gatewayTransferId: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type PayoutRequest = Static<typeof PayoutRequest>;

export const PayoutCalculation = Type.Object({
  /** Earnings that can be requested now (tokens). */
  available: Type.Number(),
  /** `minimumPayoutAmount`. */
  minimum: Type.Number(),
  canRequest: Type.Boolean(),
  /** Why not, when `canRequest` is false. */
  reason: Type.Optional(Type.String()),
  /** Methods the creator's payout settings support. */
  methods: Type.Array(Type.Enum([...PAYOUT_METHODS])),
  pendingRequest: Type.Optional(PayoutRequest),
});
export type PayoutCalculation = Static<typeof PayoutCalculation>;

const Note = Type.String({ maxLength: PAYOUT_NOTE_MAX });

/** Tokens, at most two decimals, at least `minimumPayoutAmount`, at most what is available. */
export const CreatePayoutBody = Type.Object(
  { amount: Type.Number(), method: Type.Enum([...PAYOUT_METHODS]), note: Type.Optional(Note) },
  { additionalProperties: false },
);
export type CreatePayoutBody = Static<typeof CreatePayoutBody>;

/** A pending request's new amount/method/note, or `{ status: 'cancelled' }` alone. */
export const UpdatePayoutBody = Type.Object(
  {
    amount: Type.Optional(Type.Number()),
    method: Type.Optional(Type.Enum([...PAYOUT_METHODS])),
    note: Type.Optional(Note),
    status: Type.Optional(Type.Literal('cancelled')),
  },
  { additionalProperties: false },
);
export type UpdatePayoutBody = Static<typeof UpdatePayoutBody>;

const PayoutPaging = {
  ...Paging(10),
  /** Requests are listed newest first; `sortBy` is accepted for the list pages and ignored. */
  sortBy: Type.Optional(Type.String({ maxLength: 50 })),
  sort: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
};

export const PayoutSearchQuery = Type.Object({ ...PayoutPaging, status: Type.Optional(Type.Enum([...PAYOUT_STATUSES])) }, { additionalProperties: false });
export type PayoutSearchQuery = Static<typeof PayoutSearchQuery>;

export const AdminPayoutSearchQuery = Type.Object(
  { ...PayoutPaging, status: Type.Optional(Type.Enum([...PAYOUT_STATUSES])), performerId: Type.Optional(Uuid()) },
  { additionalProperties: false },
);
export type AdminPayoutSearchQuery = Static<typeof AdminPayoutSearchQuery>;

export const PendingReview = Type.Object({ pending: Type.Boolean(), request: Type.Optional(PayoutRequest) });
export type PendingReview = Static<typeof PendingReview>;

export const ApprovePayoutBody = Type.Object({ note: Type.Optional(Note) }, { additionalProperties: false });
export const RejectPayoutBody = Type.Object({ note: Note }, { additionalProperties: false });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const writeErrors = { ...errors, 409: ErrorBody, 422: ErrorBody };
const creator = { auth: 'required', roles: ['performer'], tags: ['payouts'] } as const;
const admin = { auth: 'required', roles: ['admin'], tags: ['admin'] } as const;

export const payoutRoutes = {
  calculate: defineRoute({
    ...creator, method: 'POST', url: '/payout-requests/calculate', summary: 'What I can request now: available earnings, the minimum, my payout methods',
    schema: { response: { 200: Envelope(PayoutCalculation), ...errors } },
  }),
  create: defineRoute({
    ...creator, method: 'POST', url: '/payout-requests', idempotent: true,
    summary: 'Ask for a payout: the amount moves from my earnings to the payout reserve at once; one pending request at a time',
    schema: { body: CreatePayoutBody, response: { 200: Envelope(PayoutRequest), ...writeErrors } },
  }),
  update: defineRoute({
    ...creator, method: 'PUT', url: '/payout-requests/:id', idempotent: true,
    summary: 'Change my pending request (the reserve follows the amount) or cancel it (`{ status: "cancelled" }` returns the reserve)',
    schema: { params: IdParams, body: UpdatePayoutBody, response: { 200: Envelope(PayoutRequest), ...writeErrors } },
  }),
  search: defineRoute({
    ...creator, method: 'GET', url: '/payout-requests/search', summary: 'My payout requests, newest first',
    schema: { querystring: PayoutSearchQuery, response: { 200: ListEnvelope(PayoutRequest), ...errors } },
  }),
  view: defineRoute({
    auth: 'required', roles: ['performer', 'admin'], tags: ['payouts'], method: 'GET', url: '/payout-requests/:id/view',
    summary: 'One of my payout requests (operators: any)',
    schema: { params: IdParams, response: { 200: Envelope(PayoutRequest), ...errors } },
  }),
  pendingReview: defineRoute({
    ...creator, method: 'GET', url: '/payout-requests/check/pending-review', summary: 'Whether I have a request waiting for review',
    schema: { response: { 200: Envelope(PendingReview), ...errors } },
  }),
  adminSearch: defineRoute({
    ...admin, method: 'GET', url: '/admin/payout-requests/search', summary: 'Every payout request, newest first',
    schema: { querystring: AdminPayoutSearchQuery, response: { 200: ListEnvelope(PayoutRequest), ...errors } },
  }),
  approve: defineRoute({
    ...admin, method: 'POST', url: '/admin/payout-requests/:id/approve', idempotent: true,
    summary: 'Pay a pending request out (the reserve leaves the platform)',
    schema: { params: IdParams, body: ApprovePayoutBody, response: { 200: Envelope(PayoutRequest), ...writeErrors } },
  }),
  reject: defineRoute({
    ...admin, method: 'POST', url: '/admin/payout-requests/:id/reject', idempotent: true,
    summary: 'Refuse a pending request with a note; the reserve returns to the creator\'s earnings',
    schema: { params: IdParams, body: RejectPayoutBody, response: { 200: Envelope(PayoutRequest), ...writeErrors } },
  }),
};
