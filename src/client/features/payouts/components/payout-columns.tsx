import type { ReactNode } from 'react';
import type { TableProps } from 'antd';
import { Flex, Typography } from 'antd';
import { PAYOUT_METHOD_LABELS, type PayoutRequest } from '@/common/contract/payouts';
import { formatTokens } from '@/client/lib/format-amount';
import { PayoutStatusTag } from './payout-status-tag';

function Notes({ request: r }: { request: PayoutRequest }) {
  return (
    <>
      {r.requestNote ? <div>{r.requestNote}</div> : null}
      {r.adminNote ? <Typography.Text type="secondary">Team: {r.adminNote}</Typography.Text> : null}
    </>
  );
}

/** Amount, method, state and both notes: the columns the creator's history and the admin queue share. */
export const payoutDetailColumns: NonNullable<TableProps<PayoutRequest>['columns']> = [
  { key: 'amount', title: 'Amount', align: 'right', onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (_, r) => formatTokens(r.amount) },
  { key: 'method', title: 'Method', render: (_, r) => PAYOUT_METHOD_LABELS[r.method] },
  { key: 'status', title: 'Status', render: (_, r) => <PayoutStatusTag status={r.status} /> },
  { key: 'notes', title: 'Notes', render: (_, r) => <Notes request={r} /> },
];

/**
 * The same details as a phone card: amount and state, method and when it was asked for, the notes,
 * then what the page adds (who asked); the list puts the buttons under it.
 */
export function PayoutCardBody({ request: r, requested, children }: { request: PayoutRequest; requested: ReactNode; children?: ReactNode }) {
  return (
    <Flex vertical gap={6}>
      <Flex justify="space-between" align="center" gap={8}>
        <strong>{formatTokens(r.amount)}</strong>
        <PayoutStatusTag status={r.status} />
      </Flex>
      <Typography.Text type="secondary">{PAYOUT_METHOD_LABELS[r.method]} · requested {requested}</Typography.Text>
      <Notes request={r} />
      {children}
    </Flex>
  );
}
