import { Type, type Static } from 'typebox';
import { VERIFICATION_REASON_MAX, VERIFICATION_STATUSES } from '../constants/verification';
import { DateTime, defineRoute, Envelope, ErrorBody, ListEnvelope, ListQuery, Nullable, Uuid } from './common';

export const VerificationStatusSchema = Type.Enum([...VERIFICATION_STATUSES]);

/** The creator as an operator checks them against their documents (private fields included). */
export const VerificationCreator = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  username: Nullable(Type.String()),
  email: Nullable(Type.String()),
  avatar: Type.String(),
  country: Nullable(Type.String()),
  dateOfBirth: Nullable(Type.String({ format: 'date' })),
  /** The account's standing: a suspended or inactive creator cannot be paid whatever the documents say. */
  accountStatus: Type.Enum(['active', 'inactive', 'suspended']),
  createdAt: DateTime,
});

/**
 * Signed links to the identity images, valid a few minutes (`expiresAt`) and only on this API's
 * `/files/private/...` route; null when that image was never uploaded. Operators only: no other
 * answer of the API carries them.
 */
export const VerificationDocuments = Type.Object({
  idDocument: Nullable(Type.String()),
  selfie: Nullable(Type.String()),
  expiresAt: DateTime,
});

export const CreatorVerification = Type.Object({
  creator: VerificationCreator,
  status: VerificationStatusSchema,
  /**
   * The last rejection reason (the creator sees it). Kept while new documents wait for review,
   * so the reviewer knows why the previous ones were refused; null once approved.
   */
  note: Nullable(Type.String()),
  /** When the documents under review were sent (the queue's order). */
  submittedAt: Nullable(DateTime),
  reviewedAt: Nullable(DateTime),
  reviewerUsername: Nullable(Type.String()),
  documents: VerificationDocuments,
});
export type CreatorVerification = Static<typeof CreatorVerification>;

export const CreatorVerificationQuery = Type.Object({
  offset: ListQuery.properties.offset,
  limit: ListQuery.properties.limit,
  /**
   * pending (default): oldest submission first, so nobody waits behind newer creators; approved
   * and rejected: latest decision first; not_submitted: newest account first.
   */
  status: Type.Optional(Type.Enum([...VERIFICATION_STATUSES], { default: 'pending' })),
});
export type CreatorVerificationQuery = Static<typeof CreatorVerificationQuery>;

export const RejectVerificationBody = Type.Object(
  {
    /** Plain text; mailed to the creator and shown on their account page. */
    reason: Type.String({ minLength: 1, maxLength: VERIFICATION_REASON_MAX }),
  },
  { additionalProperties: false },
);
export type RejectVerificationBody = Static<typeof RejectVerificationBody>;

const PerformerParams = Type.Object({ performerId: Uuid() });
const admin = { auth: 'required', roles: ['admin'], tags: ['admin'] } as const;
const decisionErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const adminVerificationRoutes = {
  list: defineRoute({
    ...admin, method: 'GET', url: '/admin/creator-verifications',
    summary: 'Creators by verification status (pending by default, oldest submission first) with short-lived links to their documents',
    schema: { querystring: CreatorVerificationQuery, response: { 200: ListEnvelope(CreatorVerification), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody } },
  }),
  approve: defineRoute({
    ...admin, method: 'POST', url: '/admin/creator-verifications/:performerId/approve',
    summary: 'Approve a waiting creator\'s documents: they can be paid and are listed (409 unless pending); the creator is emailed',
    schema: { params: PerformerParams, response: { 200: Envelope(CreatorVerification), ...decisionErrors } },
  }),
  reject: defineRoute({
    ...admin, method: 'POST', url: '/admin/creator-verifications/:performerId/reject',
    summary: 'Reject a waiting creator\'s documents with a reason (409 unless pending); the creator is emailed the reason',
    schema: { params: PerformerParams, body: RejectVerificationBody, response: { 200: Envelope(CreatorVerification), ...decisionErrors } },
  }),
};
