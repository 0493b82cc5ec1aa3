import { useState } from 'react';
import { Button, Empty, Flex, Select, Typography, type TableProps } from 'antd';
import type { PaymentTransaction } from '@/common/contract/payments';
import { PAYMENT_STATUS_VALUES } from '@/common/contract/payments';
import { useQueryList } from '@/client/hooks/use-query-list';
import { ListPager } from '@/client/components/list-pager';
import { RelativeTime } from '@/client/components/relative-time';
import { ResponsiveList } from '@/client/components/responsive-list';
import { formatTokens, formatUsd } from '@/client/lib/format-amount';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch } from '@/client/store/hooks';
import { refreshBalance } from '@/client/features/user/user.slice';
import { LinkButton } from '@/client/components/link-button';
import { retryPayment } from '../payments.api';
import { usePayments } from '../use-payments';
import { PaymentStatusTag } from './payment-status-tag';
import { TestModeTag } from './test-mode-banner';

const KIND_LABELS = { top_up: 'Wallet top-up', subscription: 'Subscription' } as const;

/** /user/payment-history: my card payments, newest first, paged and filtered in the query string. */
export function PaymentHistoryPage() {
  const list = useQueryList({ pageSize: 10, sortBy: 'createdAt' });
  const status = PAYMENT_STATUS_VALUES.find((s) => s === list.filters.status);
  const { data, error, mutate } = usePayments({
    offset: list.params.offset,
    limit: list.params.limit,
    ...(status ? { status } : {}),
  });
  const dispatch = useAppDispatch();
  const [retrying, setRetrying] = useState<string | null>(null);
  const page = data?.data;

  async function retry(payment: PaymentTransaction) {
    setRetrying(payment._id);
    try {
      const { data: result } = await retryPayment(payment._id);
      if (result.status === 'succeeded') {
        dispatch(refreshBalance());
        toast.success(`Payment succeeded: ${formatTokens(result.tokens)} added to your wallet`);
      } else if (result.status === 'failed') toast.error(result.failureReason ?? 'The payment failed');
      await mutate();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setRetrying(null);
    }
  }

  const amount = (p: PaymentTransaction) => (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{formatUsd(p.totalPrice)}</span>
      {p.discount > 0 && <Typography.Text type="secondary"> ({p.couponCode}: −{formatUsd(p.discount)})</Typography.Text>}
    </>
  );
  const statusOf = (p: PaymentTransaction) => (
    <Flex vertical gap={2} align="start">
      <PaymentStatusTag status={p.status} />
      {p.failureReason && <Typography.Text type="danger">{p.failureReason}</Typography.Text>}
    </Flex>
  );
  const tokens = (p: PaymentTransaction) => (p.kind === 'top_up' ? formatTokens(p.tokens) : '—');
  const actions = (p: PaymentTransaction) => (p.status === 'failed' && p.kind === 'top_up' && p.cardId ? (
    <Button size="small" loading={retrying === p._id} disabled={Boolean(retrying)} onClick={() => void retry(p)}>
      Retry
    </Button>
  ) : null);
  const columns: TableProps<PaymentTransaction>['columns'] = [
    { title: 'Date', key: 'createdAt', render: (_, p) => <RelativeTime value={p.createdAt} /> },
    { title: 'Kind', key: 'kind', render: (_, p) => KIND_LABELS[p.kind] },
    { title: 'Amount', key: 'amount', render: (_, p) => amount(p) },
    { title: 'Tokens', key: 'tokens', align: 'right', onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (_, p) => tokens(p) },
    { title: 'Card', key: 'card', render: (_, p) => p.cardLabel ?? '—' },
    { title: 'Status', key: 'status', render: (_, p) => statusOf(p) },
  ];
  const card = (p: PaymentTransaction) => (
    <Flex vertical gap={6}>
      <Flex justify="space-between" align="start" gap={8}>
        <strong>{KIND_LABELS[p.kind]}</strong>
        <strong>{amount(p)}</strong>
      </Flex>
      {statusOf(p)}
      <Typography.Text type="secondary">
        {[p.kind === 'top_up' ? tokens(p) : null, p.cardLabel].filter(Boolean).join(' · ')}
      </Typography.Text>
      <Typography.Text type="secondary"><RelativeTime value={p.createdAt} /></Typography.Text>
    </Flex>
  );

  let body;
  if (page && page.total === 0 && !status) {
    body = (
      <Empty description="No card payments yet">
        <LinkButton href="/wallet" type="primary">Top up your wallet</LinkButton>
      </Empty>
    );
  } else {
    body = (
      <>
        <ResponsiveList<PaymentTransaction>
          items={page?.data}
          error={error}
          onRetry={() => void mutate()}
          rowKey="_id"
          label="Card payments"
          columns={columns}
          actions={actions}
          renderCard={card}
          cardLabel={(p) => `${KIND_LABELS[p.kind]}, ${formatUsd(p.totalPrice)}`}
          empty="No payments match"
        />
        {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
      </>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={8} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Payment history
        </Typography.Title>
        <TestModeTag />
      </Flex>
      <Select
        aria-label="Filter by status"
        allowClear
        placeholder="All statuses"
        style={{ width: 200 }}
        value={status}
        onChange={(v?: string) => list.setFilter({ status: v })}
        options={PAYMENT_STATUS_VALUES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }))}
      />
      {body}
    </Flex>
  );
}
