/**
 * Where a creator's identity check stands (the same list as the `performers.verification_status`
 * column): documents not sent yet, waiting for an operator, approved (the creator may be paid and
 * is listed) or rejected with a reason (new documents put them back in the queue).
 */
export const VERIFICATION_STATUSES = ['not_submitted', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The 422 of every way of paying a creator whose documents are not approved (while the site requires it). */
export const NOT_VERIFIED_MESSAGE = 'This creator is not verified yet';

/** The 409 of approving or rejecting a creator who is not in the queue. */
export const NOT_WAITING_MESSAGE = 'This creator is not waiting for review';

/** Longest rejection reason an operator may give (plain text, mailed and shown to the creator). */
export const VERIFICATION_REASON_MAX = 500;

/** How long an operator's link to an identity document works. */
export const DOCUMENT_URL_TTL_SECONDS = 5 * 60;
