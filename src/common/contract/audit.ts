import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, ListEnvelope, ListQuery, Nullable, Uuid } from './common';

/**
 * What operators did, by verb. Each operator write appends one row with the verb of its kind;
 * the list is closed so the console can offer it as a filter and a new write must name itself here.
 */
export const AUDIT_ACTIONS = [
  'settings.update',
  'user.suspend', 'user.reactivate', 'user.role',
  'creator.approve', 'creator.reject', 'creator.commission',
  'report.resolve',
  'content.hide', 'content.unhide', 'comment.remove', 'user.warn',
  'sale.refund', 'payment.refund',
  'coupon.create', 'coupon.update',
  'promo.create', 'promo.update', 'promo.delete',
  'page.create', 'page.update', 'page.delete',
  'payout.approve', 'payout.reject',
  'contact.update',
  'ledger.check',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = Type.Object({
  _id: Type.String(),
  actorId: Type.String(),
  actorUsername: Type.String(),
  action: Type.Enum([...AUDIT_ACTIONS]),
  targetType: Type.String(),
  targetId: Nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
  ip: Nullable(Type.String()),
  createdAt: DateTime,
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditQuery = Type.Object({
  ...ListQuery.properties,
  actorId: Type.Optional(Uuid()),
  action: Type.Optional(Type.Enum([...AUDIT_ACTIONS])),
  targetType: Type.Optional(Type.String({ maxLength: 50 })),
  targetId: Type.Optional(Type.String({ maxLength: 100 })),
  /** Inclusive bounds on the time of the write. */
  from: Type.Optional(DateTime),
  to: Type.Optional(DateTime),
});
export type AuditQuery = Static<typeof AuditQuery>;

/** An account that appears as the actor of at least one row (the operator filter's options). */
export const AuditOperator = Type.Object({
  _id: Type.String(),
  /** The account's username now; the one the newest row recorded when the account is gone. */
  username: Type.String(),
  /** Null when the account no longer exists. */
  name: Nullable(Type.String()),
});
export type AuditOperator = Static<typeof AuditOperator>;

export const auditRoutes = {
  list: defineRoute({
    method: 'GET', url: '/admin/audit-log', auth: 'required', roles: ['admin'],
    summary: 'Every operator write, newest first; filter by operator, action, target and date (append-only: no route changes it)',
    tags: ['admin'],
    schema: { querystring: AuditQuery, response: { 200: ListEnvelope(AuditEntry), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody } },
  }),
  operators: defineRoute({
    method: 'GET', url: '/admin/audit-log/operators', auth: 'required', roles: ['admin'],
    summary: 'The accounts that appear as actors in the audit log, by username (for the operator filter)',
    tags: ['admin'],
    schema: { response: { 200: Envelope(Type.Array(AuditOperator)), 401: ErrorBody, 403: ErrorBody } },
  }),
};
