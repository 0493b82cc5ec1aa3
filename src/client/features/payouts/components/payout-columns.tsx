import type { TableProps } from 'antd';
import { Typography } from 'antd';
import { PAYOUT_METHOD_LABELS, type PayoutRequest } from '@/common/contract/payouts';
import { formatTokens } from '@/client/features/content/format-tokens';
import { PayoutStatusTag } from './payout-status-tag';

/** Amount, method, state and both notes: the columns the creator's history and the admin queue share. */
export const payoutDetailColumns: NonNullable<TableProps<PayoutRequest>['columns']> = [
  { key: 'amount', title: 'Amount', render: (_, r) => formatTokens(r.amount) },
  { key: 'method', title: 'Method', render: (_, r) => PAYOUT_METHOD_LABELS[r.method] },
  { key: 'status', title: 'Status', render: (_, r) => <PayoutStatusTag status={r.status} /> },
  {
    key: 'notes', title: 'Notes',
    render: (_, r) => (
      <>
        {r.requestNote ? <div>{r.requestNote}</div> : null}
        {r.adminNote ? <Typography.Text type="secondary">Team: {r.adminNote}</Typography.Text> : null}
      </>
    ),
  },
];
