import { Tag } from 'antd';
import type { PaymentStatus } from '@/common/contract/payments';

const COLORS: Record<PaymentStatus, string> = { succeeded: 'green', failed: 'red', pending: 'gold', refunded: 'default' };
const LABELS: Record<PaymentStatus, string> = { succeeded: 'Succeeded', failed: 'Failed', pending: 'Pending', refunded: 'Refunded' };

export const PaymentStatusTag = ({ status }: { status: PaymentStatus }) => <Tag color={COLORS[status]}>{LABELS[status]}</Tag>;
