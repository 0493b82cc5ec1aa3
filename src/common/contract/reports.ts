import { Type, type Static } from 'typebox';
import { DateTime, defineRoute, Envelope, ErrorBody, IdParams, ListEnvelope, ListQuery, Nullable, Paging } from './common';
import { ACCESS_LEVELS } from './content';
import { UserPublic } from './users';
import { Link } from './admin-content';

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

/** What operators can do about a report. */
export const REPORT_ACTIONS = ['dismiss', 'hide', 'remove_comment', 'warn', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/**
 * The actions that fit each kind of target (anything else is a 422): a comment can also be
 * removed; a creator is not hidden (suspend them instead).
 */
export const REPORT_ACTIONS_FOR: Record<ReportTargetType, readonly ReportAction[]> = {
  feed: ['dismiss', 'hide', 'warn', 'suspend'],
  video: ['dismiss', 'hide', 'warn', 'suspend'],
  gallery: ['dismiss', 'hide', 'warn', 'suspend'],
  product: ['dismiss', 'hide', 'warn', 'suspend'],
  comment: ['dismiss', 'hide', 'remove_comment', 'warn', 'suspend'],
  performer: ['dismiss', 'warn', 'suspend'],
};

/** What was done, as stored on every report the decision closed (the same list as the database's). */
export const REPORT_RESOLUTIONS = ['dismissed', 'hidden', 'comment_removed', 'warned', 'suspended'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];
export const RESOLUTION_OF: Record<ReportAction, ReportResolution> = {
  dismiss: 'dismissed', hide: 'hidden', remove_comment: 'comment_removed', warn: 'warned', suspend: 'suspended',
};

/** What the reporter is told, in plain words, for each status of their report. */
export const REPORT_OUTCOMES: Record<ReportStatus, string> = {
  open: 'Under review',
  resolved: 'Action taken',
  dismissed: 'No action needed',
};

export const RESOLUTION_NOTE_MAX = 1000;
/** The reason the author is told (a hidden item, a warning, a suspension). */
export const RESOLUTION_REASON_MAX = 500;

/** The reported thing as a list shows it: what it is called, where it opens, whether it is hidden. */
export const ReportTargetSummary = Type.Object({
  /** False when the target was deleted since. */
  exists: Type.Boolean(),
  /** Title, name or the start of its text; a creator's name. */
  title: Nullable(Type.String()),
  /** Its page in the web app (a comment: the page of the item it is on). */
  path: Nullable(Type.String()),
  isHidden: Type.Boolean(),
});
export type ReportTargetSummary = Static<typeof ReportTargetSummary>;

/** The reporter's own report, with what came of it. */
export const MyReport = Type.Object({
  ...Report.properties,
  /** REPORT_OUTCOMES[status]. */
  outcome: Type.String(),
  resolvedAt: Nullable(DateTime),
  target: ReportTargetSummary,
});
export type MyReport = Static<typeof MyReport>;

export const MyReportsQuery = Type.Object(
  {
    ...Paging(10),
  },
  { additionalProperties: false },
);
export type MyReportsQuery = Static<typeof MyReportsQuery>;

/** The moderation queue's view: who reported, the creator the target belongs to, and the decision. */
export const AdminReport = Type.Object({
  ...Report.properties,
  reporter: UserPublic,
  performerId: Type.Union([Type.String(), Type.Null()]),
  performer: Type.Union([UserPublic, Type.Null()]),
  resolution: Nullable(Type.Enum([...REPORT_RESOLUTIONS])),
  resolutionNote: Nullable(Type.String()),
  resolvedAt: Nullable(DateTime),
  resolvedBy: Nullable(UserPublic),
  target: ReportTargetSummary,
  updatedAt: Type.String({ format: 'date-time' }),
});
export type AdminReport = Static<typeof AdminReport>;

/**
 * The reported thing as operators see it, locked content included. Content: title or the start
 * of its text, its creator as `author`, a thumbnail (a short-lived signed URL), access and price,
 * publication status. A comment: its text, its author, the item it is on (`on`). A creator: name
 * as `title`, bio as `text`, avatar as `thumbnail`, account `status` and any suspension.
 */
export const ReportTargetPreview = Type.Object({
  type: Type.Enum([...REPORT_TARGET_TYPES]),
  id: Type.String(),
  exists: Type.Boolean(),
  title: Nullable(Type.String()),
  /** Plain text, at most 1000 characters: the description, the post's or comment's text, the bio. */
  text: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  author: Nullable(UserPublic),
  access: Nullable(Type.Enum([...ACCESS_LEVELS])),
  price: Type.Number({ minimum: 0 }),
  /** Content: active, scheduled or draft; a creator: their account status (active, inactive, suspended). */
  status: Nullable(Type.String()),
  isHidden: Type.Boolean(),
  hiddenReason: Nullable(Type.String()),
  hiddenAt: Nullable(DateTime),
  path: Nullable(Type.String()),
  on: Nullable(Link),
  suspendedReason: Nullable(Type.String()),
  suspendedUntil: Nullable(DateTime),
});
export type ReportTargetPreview = Static<typeof ReportTargetPreview>;

/** One report with the item in place and the other open reports on the same target. */
export const AdminReportDetail = Type.Object({
  ...AdminReport.properties,
  preview: ReportTargetPreview,
  otherReports: Type.Array(AdminReport),
});
export type AdminReportDetail = Static<typeof AdminReportDetail>;

export const AdminReportQuery = Type.Object({
  ...ListQuery.properties,
  status: Type.Optional(Type.Enum([...REPORT_STATUSES])),
  targetType: Type.Optional(Type.Enum([...REPORT_TARGET_TYPES])),
  performerId: Type.Optional(Type.String({ format: 'uuid' })),
});

/**
 * An operator's decision. `reason` is what the author is told (required to hide, warn or
 * suspend; optional when removing a comment), `note` stays with the operators, `until` ends a
 * suspension (suspend only; none = until lifted).
 */
export const ResolveReportBody = Type.Object(
  {
    action: Type.Enum([...REPORT_ACTIONS]),
    note: Type.Optional(Type.String({ maxLength: RESOLUTION_NOTE_MAX })),
    reason: Type.Optional(Type.String({ maxLength: RESOLUTION_REASON_MAX })),
    until: Type.Optional(Nullable(DateTime)),
  },
  { additionalProperties: false },
);
export type ResolveReportBody = Static<typeof ResolveReportBody>;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const reportRoutes = {
  create: defineRoute({
    method: 'POST', url: '/reports', auth: 'required', summary: 'Report content, a creator or a comment to the operators', tags: ['reports'],
    schema: { body: CreateReportBody, response: { 200: Envelope(Report), ...errors, 409: ErrorBody } },
  }),
  mine: defineRoute({
    method: 'GET', url: '/reports/mine', auth: 'required', summary: 'My reports, newest first, with what came of each', tags: ['reports'],
    schema: { querystring: MyReportsQuery, response: { 200: ListEnvelope(MyReport), ...errors } },
  }),
  adminList: defineRoute({
    method: 'GET', url: '/admin/reports', auth: 'required', roles: ['admin'], summary: 'The moderation queue (sortBy createdAt or updatedAt, default updatedAt desc)', tags: ['admin'],
    schema: { querystring: AdminReportQuery, response: { 200: ListEnvelope(AdminReport), ...errors } },
  }),
  adminDetail: defineRoute({
    method: 'GET', url: '/admin/reports/:id', auth: 'required', roles: ['admin'],
    summary: 'One report with the reported item as operators see it and the other open reports on it', tags: ['admin'],
    schema: { params: IdParams, response: { 200: Envelope(AdminReportDetail), ...errors } },
  }),
  adminResolve: defineRoute({
    method: 'POST', url: '/admin/reports/:id/resolve', auth: 'required', roles: ['admin'],
    summary: 'Decide a report: dismiss, hide the item, remove the comment, warn or suspend the author; closes every open report on the same target',
    tags: ['admin'],
    schema: { params: IdParams, body: ResolveReportBody, response: { 200: Envelope(AdminReportDetail), ...errors, 409: ErrorBody, 422: ErrorBody } },
  }),
};
