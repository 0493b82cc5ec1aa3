import { useState } from 'react';
import { Button, Flex, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { adminMoneyRoutes, type AdminPayment } from '@/common/contract/admin-money';
import { ListPager } from '@/client/components/list-pager';
import { ResponsiveList } from '@/client/components/responsive-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { formatDate } from '@/client/lib/format-date';
import { toast } from '@/client/lib/toast';
import { refundPayment } from '../admin-money.api';
import { paymentRefundConsequence } from '../refund-text';
import { useMoneyList } from '../use-money-list';
import { MoneyFilterBar } from './money-filters';
import { formatAmount, formatUsd } from '@/client/lib/format-amount';
import { Person } from './person';
import { RefundDialog } from './refund-dialog';

const STATUS_COLORS: Record<AdminPayment['status'], string> = { pending: 'gold', succeeded: 'green', failed: 'red', refunded: 'orange' };
const STATUS_LABELS: Record<AdminPayment['status'], string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed', refunded: 'Refunded' };
const KIND_LABELS: Record<AdminPayment['kind'], string> = { top_up: 'Top-up', subscription: 'Subscription' };
const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))];
const KIND_OPTIONS = [{ value: '', label: 'All kinds' }, ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))];
/** Why a subscription payment has no refund button (the API says the same). */
const SUBSCRIPTION_HINT = 'Subscription payments are not refunded to the card: cancel the subscription instead (access lasts to the end of the period paid for).';

function Status({ p }: { p: AdminPayment }) {
  const tag = <Tag color={STATUS_COLORS[p.status]}>{STATUS_LABELS[p.status]}</Tag>;
  if (p.status === 'failed' && p.failureReason) return <Tooltip title={p.failureReason}>{tag}</Tooltip>;
  if (p.status === 'refunded' && p.refundReason) return <Tooltip title={`${p.refundReason}${p.refundedAt ? ` (${formatDate(p.refundedAt, { withTime: true })})` : ''}`}>{tag}</Tooltip>;
  return tag;
}

/** Card payments across users (to find the top-up to refund), with "Refund to card" for succeeded top-ups. */
export function PaymentsTab() {
  const { list, paymentFilters: filters, page } = useMoneyList();
  const { data, error, mutate } = useRouteData(adminMoneyRoutes.payments, { ...page, ...filters });
  const result = data?.data;
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const filtered = Object.keys(filters).length > 0;

  const action = (p: AdminPayment) => {
    if (p.refundable) return <Button size="small" danger onClick={() => setRefunding(p)} aria-label={`Refund to card ${p._id}`}>Refund to card</Button>;
    if (p.kind === 'subscription' && p.status === 'succeeded') return <Typography.Text type="secondary" style={{ fontSize: 12 }}>{SUBSCRIPTION_HINT}</Typography.Text>;
    return null;
  };

  const columns: TableProps<AdminPayment>['columns'] = [
    { key: 'createdAt', title: 'Date', render: (_, p) => formatDate(p.createdAt, { withTime: true }) },
    { key: 'user', title: 'Paid by', render: (_, p) => <Person user={p.user} /> },
    { key: 'kind', title: 'Kind', render: (_, p) => KIND_LABELS[p.kind] },
    { key: 'status', title: 'Status', render: (_, p) => <Status p={p} /> },
    { key: 'charged', title: 'Charged', align: 'right', render: (_, p) => formatUsd(p.totalPrice) },
    { key: 'tokens', title: 'Tokens', align: 'right', render: (_, p) => (p.kind === 'top_up' ? formatAmount(p.tokens) : '—') },
    { key: 'card', title: 'Card / coupon', render: (_, p) => [p.cardLabel, p.couponCode ? `coupon ${p.couponCode}` : null].filter(Boolean).join(' · ') || '—' },
    { key: 'actions', title: '', width: 260, render: (_, p) => action(p) },
  ];
  const card = (p: AdminPayment) => (
    <Flex vertical gap={6}>
      <Flex justify="space-between" align="center" gap={8}>
        <strong>{KIND_LABELS[p.kind]} · {formatUsd(p.totalPrice)}</strong>
        <Status p={p} />
      </Flex>
      <Typography.Text type="secondary">{formatDate(p.createdAt, { withTime: true })}{p.cardLabel ? ` · ${p.cardLabel}` : ''}</Typography.Text>
      <Person user={p.user} />
      {action(p)}
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <MoneyFilterBar
        list={list}
        values={filters}
        selects={[
          { key: 'status', label: 'Payment status', width: 150, options: STATUS_OPTIONS },
          { key: 'kind', label: 'Payment kind', width: 150, options: KIND_OPTIONS },
        ]}
        people={[{ key: 'userId', label: 'Paid by' }]}
      />
      <ResponsiveList<AdminPayment>
        items={result?.data}
        error={error}
        onRetry={() => void mutate()}
        rowKey="_id"
        label="Card payments"
        columns={columns}
        tableProps={{ size: 'middle' }}
        renderCard={card}
        cardLabel={(p) => `${KIND_LABELS[p.kind]} ${p._id}`}
        empty={filtered ? 'No card payment matches these filters.' : 'No card payments yet.'}
      />
      {result ? <ListPager current={list.current} pageSize={list.pageSize} total={result.total} onChange={list.setPage} /> : null}
      {refunding ? (
        <RefundDialog
          title={`Refund ${formatUsd(refunding.totalPrice)} to the card?`}
          consequence={paymentRefundConsequence(refunding)}
          okText="Refund to card"
          onRefund={(reason, key) => refundPayment(refunding._id, reason, key)}
          onDone={() => {
            setRefunding(null);
            toast.success('Refunded to the card');
            void mutate();
          }}
          onCancel={() => setRefunding(null)}
        />
      ) : null}
    </Flex>
  );
}
