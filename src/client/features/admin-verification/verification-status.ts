import { VERIFICATION_STATUSES, type VerificationStatus } from '@/common/constants/verification';

/** The queue's tabs, in the order an operator works them; `pending` is the default (kept out of the URL). */
export const STATUS_TABS: { key: VerificationStatus; label: string }[] = [
  { key: 'pending', label: 'Waiting' },
  { key: 'rejected', label: 'Rejected' },
  { key: 'approved', label: 'Approved' },
  { key: 'not_submitted', label: 'No documents' },
];

export const STATUS_TAG: Record<VerificationStatus, { color: string; text: string }> = {
  pending: { color: 'processing', text: 'Waiting for review' },
  rejected: { color: 'error', text: 'Rejected' },
  approved: { color: 'success', text: 'Approved' },
  not_submitted: { color: 'default', text: 'No documents' },
};

export const EMPTY_TEXT: Record<VerificationStatus, string> = {
  pending: 'Nobody is waiting for review',
  rejected: 'No creator is rejected',
  approved: 'No creator is approved yet',
  not_submitted: 'Every creator has sent documents',
};

/** The status a `?status=` query names; anything else is the default queue. */
export function statusOf(value: string | undefined): VerificationStatus {
  return (VERIFICATION_STATUSES as readonly string[]).includes(value ?? '') ? (value as VerificationStatus) : 'pending';
}

/** Whole years between a YYYY-MM-DD birth date and today. */
export function ageOf(dateOfBirth: string, now = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  const age = now.getFullYear() - y;
  return now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d) ? age - 1 : age;
}
