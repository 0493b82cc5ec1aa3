import { Tag } from 'antd';
import type { PayoutStatus } from '@/common/contract/payouts';

const LOOK: Record<PayoutStatus, { color: string; label: string }> = {
  pending: { color: 'gold', label: 'Pending review' },
  paid: { color: 'green', label: 'Paid out' },
  rejected: { color: 'red', label: 'Rejected' },
  cancelled: { color: 'default', label: 'Cancelled' },
};

export function PayoutStatusTag({ status }: { status: PayoutStatus }) {
  return <Tag color={LOOK[status].color}>{LOOK[status].label}</Tag>;
}

export const PAYOUT_STATUS_OPTIONS = (Object.keys(LOOK) as PayoutStatus[]).map((value) => ({ value, label: LOOK[value].label }));
