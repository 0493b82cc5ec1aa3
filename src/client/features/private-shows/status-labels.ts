import type { PrivateShowStatus } from '@/common/contract/private-shows';

export const PRIVATE_SHOW_STATUS_LABELS: Record<PrivateShowStatus, string> = {
  pending: 'Waiting for the creator',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  started: 'On now',
  ended: 'Ended',
  refunded: 'Refunded',
};

export const PRIVATE_SHOW_STATUS_COLORS: Record<PrivateShowStatus, string> = {
  pending: 'gold',
  accepted: 'green',
  declined: 'red',
  cancelled: 'default',
  started: 'magenta',
  ended: 'default',
  refunded: 'blue',
};

/** The live viewer page of a creator, where the fan pays for and watches an accepted show. */
export const showHref = (performer: { _id: string; username: string | null }) => `/streaming/${encodeURIComponent(performer.username || performer._id)}`;
