import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, Nullable } from './common';
import { ReauthFields } from './credentials';

/** How long a ready export can be downloaded before it is deleted. */
export const EXPORT_TTL_DAYS = 7;
export const EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;

/**
 * The person's latest data export. `downloadUrl` (ready only) is a signed private link valid for
 * a few minutes: ask `GET /users/me/export` again for a fresh one.
 */
export const DataExport = Type.Object({
  _id: Type.String(),
  status: Type.Enum([...EXPORT_STATUSES]),
  createdAt: DateTime,
  readyAt: Nullable(DateTime),
  expiresAt: Nullable(DateTime),
  sizeBytes: Nullable(Type.Integer()),
  downloadUrl: Nullable(Type.String()),
  error: Nullable(Type.String()),
});
export type DataExport = Static<typeof DataExport>;

/** What deleting the account would do to money and subscriptions (amounts in tokens). */
export const DeletionCheck = Type.Object({
  /** Creator earnings not yet asked for: forfeited on deletion. */
  unpaidEarnings: Type.Number(),
  /** Earnings in a pending payout request: deletion waits until an operator decided it (or it is cancelled). */
  pendingPayouts: Type.Number(),
  /** Tokens left in the wallet: forfeited on deletion. */
  walletBalance: Type.Number(),
  /** Subscriptions giving access now: as a fan, and (creators) of fans to this account. */
  activeSubscriptions: Type.Integer(),
  activeSubscribers: Type.Integer(),
  /** False for social sign-in accounts: they confirm with a sign-in of the last 10 minutes instead. */
  hasPassword: Type.Boolean(),
  /** False while a payout is pending. */
  canDelete: Type.Boolean(),
  /** True when something would be forfeited: the request must then say `acknowledgeForfeit: true`. */
  forfeits: Type.Boolean(),
});
export type DeletionCheck = Static<typeof DeletionCheck>;

export const DeleteAccountBody = Type.Object(
  {
    ...ReauthFields,
    /** Required (true) when the check says `forfeits`: the person read that unpaid money is lost. */
    acknowledgeForfeit: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

export const accountDataRoutes = {
  exportStatus: defineRoute({
    method: 'GET', url: '/users/me/export', auth: 'required', tags: ['users'],
    summary: 'The latest data export of the signed-in account: status, and a short-lived download link once ready (null data when none)',
    schema: { response: { 200: Envelope(Nullable(DataExport)), 401: ErrorBody } },
  }),
  requestExport: defineRoute({
    method: 'POST', url: '/users/me/export', auth: 'required', tags: ['users'],
    summary: 'Start a data export (a ZIP of profile, messages, purchases, subscriptions, wallet and earnings as CSV, uploaded files); answers the running one if one is being prepared',
    schema: { response: { 200: Envelope(DataExport), 401: ErrorBody } },
  }),
  deletionCheck: defineRoute({
    method: 'GET', url: '/users/me/deletion-check', auth: 'required', tags: ['users'],
    summary: 'What deleting the account would forfeit or wait for',
    schema: { response: { 200: Envelope(DeletionCheck), 401: ErrorBody } },
  }),
  deleteAccount: defineRoute({
    method: 'DELETE', url: '/users/me', auth: 'required', tags: ['users'],
    summary: 'Delete the signed-in account (confirmed with the current password): personal data erased, content removed, subscriptions ended, signed out everywhere',
    schema: {
      body: DeleteAccountBody,
      response: { 200: Envelope(Type.Object({ success: Type.Boolean() })), 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 422: ErrorBody },
    },
  }),
};
