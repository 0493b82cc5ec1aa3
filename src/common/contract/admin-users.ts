import { Type, type Static } from 'typebox';
import { VERIFICATION_STATUSES } from '../constants/verification';
import { DateTime, defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, ListQuery, Nullable } from './common';
import { Report } from './reports';
import { SubscriptionItem } from './subscriptions';
import { Role, UserPublic } from './users';
import { WalletCharge } from './wallet-charges';

/** Where an account stands (the database's list; the server checks the two agree at build time). */
export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ADMIN_USER_SORTS = ['createdAt', 'updatedAt', 'name', 'username'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** Roles an operator can give or take through `PUT /admin/users/:id/role`: operator, or back to fan. */
export const ASSIGNABLE_ROLES = ['admin', 'user'] as const;

export const SUSPENSION_REASON_MAX = 500;
export const WARNING_REASON_MAX = 500;
export const CREATORS_CANNOT_BE_OPERATORS = 'Creators cannot be operators; use a separate account';

/** One account as the console lists it. */
export const AdminUser = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  username: Nullable(Type.String()),
  email: Nullable(Type.String()),
  avatar: Type.String(),
  role: Role,
  status: Type.Enum([...USER_STATUSES]),
  suspendedReason: Nullable(Type.String()),
  /** Null while suspended: until an operator reactivates the account. */
  suspendedUntil: Nullable(DateTime),
  emailVerified: Type.Boolean(),
  /** Creators only; null for fans and operators. */
  verificationStatus: Nullable(Type.Enum([...VERIFICATION_STATUSES])),
  createdAt: DateTime,
});
export type AdminUser = Static<typeof AdminUser>;

export const AdminUserQuery = Type.Object(
  {
    ...ListQuery.properties,
    sortBy: Type.Optional(Type.Enum([...ADMIN_USER_SORTS], { default: 'createdAt' })),
    /** Part of the name, username or email (case-insensitive; `%` and `_` are literal). */
    q: Type.Optional(Type.String({ maxLength: 100 })),
    role: Type.Optional(Role),
    status: Type.Optional(Type.Enum([...USER_STATUSES])),
  },
  { additionalProperties: false },
);
export type AdminUserQuery = Static<typeof AdminUserQuery>;

/** A report about the person: on them, on their content (performerId) or on one of their comments. */
export const ReportAgainstUser = Type.Object({
  ...Report.properties,
  /** What the operator did when it was closed (dismissed, hidden, warned...); null while open. */
  resolution: Nullable(Type.String()),
  reporter: Nullable(UserPublic),
});
export type ReportAgainstUser = Static<typeof ReportAgainstUser>;

/** A warning an operator gave the account (by hand or from a report). */
export const AdminWarning = Type.Object({
  _id: Type.String(),
  reason: Type.String(),
  reportId: Nullable(Type.String()),
  createdAt: DateTime,
});
export type AdminWarning = Static<typeof AdminWarning>;

/** Everything an operator needs to judge an account, in one answer. */
export const AdminUserDetail = Type.Object({
  user: Type.Object({
    ...AdminUser.properties,
    cover: Type.String(),
    /** Creators only (ISO code); null otherwise or when not set. */
    country: Nullable(Type.String()),
    suspendedAt: Nullable(DateTime),
    updatedAt: DateTime,
  }),
  /** Tokens, two decimals. */
  wallet: Type.Object({ balance: Type.Number() }),
  /** Creators only: available earnings and what waits in the payout reserve, tokens. */
  earnings: Nullable(Type.Object({ available: Type.Number(), reserved: Type.Number() })),
  /** Signed-in devices: sessions neither revoked nor expired. */
  liveSessions: Type.Integer({ minimum: 0 }),
  /** As a fan: the latest 20 (by last change) and how many there are in all. */
  subscriptions: Type.Object({ data: Type.Array(SubscriptionItem), total: Type.Integer({ minimum: 0 }) }),
  /** Creators only: their subscribers by subscription status. */
  subscribers: Nullable(Type.Object({
    active: Type.Integer({ minimum: 0 }),
    cancelled: Type.Integer({ minimum: 0 }),
    expired: Type.Integer({ minimum: 0 }),
  })),
  /** The latest 20 wallet charges they paid (tips, posts, videos, products...). */
  purchases: Type.Object({ data: Type.Array(WalletCharge), total: Type.Integer({ minimum: 0 }) }),
  /** The latest 20 reports about them. */
  reports: Type.Object({ data: Type.Array(ReportAgainstUser), total: Type.Integer({ minimum: 0 }) }),
  /** Newest first. */
  warnings: Type.Array(AdminWarning),
});
export type AdminUserDetail = Static<typeof AdminUserDetail>;

/**
 * A suspension needs a reason (the person is told it) and may end by itself at `until`;
 * `active` lifts it. `reason` and `until` are read only for a suspension.
 */
export const AdminUserStatusBody = Type.Object(
  {
    status: Type.Enum(['suspended', 'active']),
    reason: Type.Optional(Type.String({ maxLength: SUSPENSION_REASON_MAX })),
    until: Type.Optional(Nullable(DateTime)),
  },
  { additionalProperties: false },
);
export type AdminUserStatusBody = Static<typeof AdminUserStatusBody>;

export const AdminUserRoleBody = Type.Object({ role: Type.Enum([...ASSIGNABLE_ROLES]) }, { additionalProperties: false });
export type AdminUserRoleBody = Static<typeof AdminUserRoleBody>;

export const AdminWarnBody = Type.Object({ reason: Type.String({ maxLength: WARNING_REASON_MAX }) }, { additionalProperties: false });
export type AdminWarnBody = Static<typeof AdminWarnBody>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const admin = { auth: 'required', roles: ['admin'], tags: ['admin'] } as const;

export const adminUserRoutes = {
  list: defineRoute({
    method: 'GET', url: '/admin/users', ...admin,
    summary: 'Every account: search name, username or email; filter by role and status; newest first by default',
    schema: { querystring: AdminUserQuery, response: { 200: ListEnvelope(AdminUser), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody } },
  }),
  view: defineRoute({
    method: 'GET', url: '/admin/users/:id', ...admin,
    summary: 'One account with balance, sessions, subscriptions, purchases, reports and warnings',
    schema: { params: IdParams, response: { 200: Envelope(AdminUserDetail), ...errors } },
  }),
  setStatus: defineRoute({
    method: 'PUT', url: '/admin/users/:id/status', ...admin,
    summary: 'Suspend (reason, optional end: every session ends at once, the person is emailed) or reactivate an account',
    schema: { params: IdParams, body: AdminUserStatusBody, response: { 200: Envelope(AdminUser), ...errors, 422: ErrorBody } },
  }),
  setRole: defineRoute({
    method: 'PUT', url: '/admin/users/:id/role', ...admin,
    summary: 'Make a fan an operator, or an operator a fan (never yourself, never the last operator, never a creator)',
    schema: { params: IdParams, body: AdminUserRoleBody, response: { 200: Envelope(AdminUser), ...errors, 409: ErrorBody, 422: ErrorBody } },
  }),
  warn: defineRoute({
    method: 'POST', url: '/admin/users/:id/warnings', ...admin,
    summary: 'Warn an account: the person sees it on their account page and is emailed',
    schema: { params: IdParams, body: AdminWarnBody, response: { 200: Envelope(AdminWarning), ...errors } },
  }),
};
