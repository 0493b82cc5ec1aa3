import { Type, type Static } from 'typebox';
import { defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, ListQuery } from './common';
import { UserPublic } from './users';

/** What can be reported: content, a creator, or a comment. */
export const REPORT_TARGET_TYPES = ['feed', 'video', 'gallery', 'product', 'performer', 'comment'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The reasons a reporter picks from (the same list as the database's; checked by the server). */
export const REPORT_REASONS = ['spam', 'harassment', 'nudity_without_consent', 'underage', 'violence', 'hate', 'copyright', 'scam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * Labels for the reason picker. They live here rather than behind a route: the client shows the
 * list at once, and server and client can never disagree on the values.
 */
export const REPORT_REASON_OPTIONS: readonly { value: ReportReason; label: string }[] = [
  { value: 'spam', label: 'Spam or misleading' },
  { value: 'harassment', label: 'Harassment or bullying' },
  { value: 'nudity_without_consent', label: 'Intimate content shared without consent' },
  { value: 'underage', label: 'Involves someone under 18' },
  { value: 'violence', label: 'Violence or dangerous acts' },
  { value: 'hate', label: 'Hate speech or symbols' },
  { value: 'copyright', label: 'Copyright or trademark infringement' },
  { value: 'scam', label: 'Scam or fraud' },
  { value: 'other', label: 'Something else' },
];

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_TEXT_MAX = 1000;
export const ALREADY_REPORTED_MESSAGE = 'You already reported this';

export const CreateReportBody = Type.Object(
  {
    targetType: Type.Enum([...REPORT_TARGET_TYPES]),
    targetId: Type.String({ format: 'uuid' }),
    reason: Type.Enum([...REPORT_REASONS]),
    /** Plain text: what the operators should know. */
    text: Type.Optional(Type.String({ maxLength: REPORT_TEXT_MAX })),
  },
  { additionalProperties: false },
);
export type CreateReportBody = Static<typeof CreateReportBody>;

/** What the reporter sees of their report. */
export const Report = Type.Object({
  _id: Type.String(),
  targetType: Type.Enum([...REPORT_TARGET_TYPES]),
  targetId: Type.String(),
  reason: Type.Enum([...REPORT_REASONS]),
  text: Type.String(),
  status: Type.Enum([...REPORT_STATUSES]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Report = Static<typeof Report>;

/** The moderation queue's view: who reported, and the creator the target belongs to. */
export const AdminReport = Type.Object({
  ...Report.properties,
  reporter: UserPublic,
  performerId: Type.Union([Type.String(), Type.Null()]),
  performer: Type.Union([UserPublic, Type.Null()]),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type AdminReport = Static<typeof AdminReport>;

export const AdminReportQuery = Type.Object({
  ...ListQuery.properties,
  status: Type.Optional(Type.Enum([...REPORT_STATUSES])),
  targetType: Type.Optional(Type.Enum([...REPORT_TARGET_TYPES])),
  performerId: Type.Optional(Type.String({ format: 'uuid' })),
});

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const reportRoutes = {
  create: defineRoute({
    method: 'POST', url: '/reports', auth: 'required', summary: 'Report content, a creator or a comment to the operators', tags: ['reports'],
    schema: { body: CreateReportBody, response: { 200: Envelope(Report), ...errors, 409: ErrorBody } },
  }),
  adminList: defineRoute({
    method: 'GET', url: '/admin/reports', auth: 'required', roles: ['admin'], summary: 'The moderation queue (sortBy createdAt or updatedAt, default updatedAt desc)', tags: ['admin'],
    schema: { querystring: AdminReportQuery, response: { 200: ListEnvelope(AdminReport), ...errors } },
  }),
  adminUpdate: defineRoute({
    method: 'PUT', url: '/admin/reports/:id', auth: 'required', roles: ['admin'], summary: 'Close a report: resolved or dismissed', tags: ['admin'],
    schema: {
      params: IdParams,
      body: Type.Object({ status: Type.Enum(['resolved', 'dismissed']) }, { additionalProperties: false }),
      response: { 200: Envelope(AdminReport), ...errors },
    },
  }),
};
