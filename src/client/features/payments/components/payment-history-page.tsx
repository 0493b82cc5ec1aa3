import { useState } from 'react';
import { Button, Empty, Flex, Select, Table, Typography } from 'antd';
import type { PaymentStatus, PaymentTransaction } from '@/common/contract/payments';
import { PAYMENT_STATUS_VALUES } from '@/common/contract/payments';
import { useQueryList } from '@/client/hooks/use-query-list';
import { ListError } from '@/client/components/list-error';
import { formatTokens } from '@/client/features/content/format-tokens';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch } from '@/client/store/hooks';
import { refreshBalance } from '@/client/features/user/user.slice';
import { LinkButton } from '@/client/components/link-button';
import { retryPayment } from '../payments.api';
import { usePayments } from '../use-payments';
import { usd } from '../card-input';
import { PaymentStatusTag } from './payment-status-tag';
import { TestModeTag } from './test-mode-banner';

const KIND_LABELS = { top_up: 'Wallet top-up', subscription: 'Subscription' } as const;

/** /user/payment-history: my card payments, newest first, paged and filtered in the query string. */
export function PaymentHistoryPage() {
  const list = useQueryList({ pageSize: 10, sortBy: 'createdAt' });
  const status = PAYMENT_STATUS_VALUES.find((s) => s === list.filters.status);
  const { data, error, mutate, isLoading } = usePayments({
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
        toast.success('Action success');
      } else if (result.status === 'failed') toast.error(result.failureReason ?? 'The payment failed');
      await mutate();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setRetrying(null);
    }
  }

  let body;
  if (error && !page) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (page && page.total === 0 && !status) {
    body = (
      <Empty description="No card payments yet">
        <LinkButton href="/wallet" type="primary">Top up your wallet</LinkButton>
      </Empty>
    );
  } else {
    body = (
      <Table<PaymentTransaction>
        rowKey="_id"
        loading={isLoading || !page}
        dataSource={page?.data ?? []}
        locale={{ emptyText: 'No payments match' }}
        scroll={{ x: true }}
        pagination={{
          current: list.current,
          pageSize: list.pageSize,
          total: page?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current, pageSize) => list.setPage(current, pageSize),
        }}
        columns={[
          { title: 'Date', dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
          { title: 'Kind', dataIndex: 'kind', render: (k: keyof typeof KIND_LABELS) => KIND_LABELS[k] },
          {
            title: 'Amount',
            dataIndex: 'totalPrice',
            render: (v: number, p) => (
              <>
                {usd(v)}
                {p.discount > 0 && <Typography.Text type="secondary"> ({p.couponCode}: −{usd(p.discount)})</Typography.Text>}
              </>
            ),
          },
          { title: 'Tokens', dataIndex: 'tokens', render: (v: number, p) => (p.kind === 'top_up' ? formatTokens(v) : '—') },
          { title: 'Card', dataIndex: 'cardLabel', render: (v: string | null) => v ?? '—' },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (s: PaymentStatus, p) => (
              <Flex vertical gap={2}>
                <PaymentStatusTag status={s} />
                {p.failureReason && <Typography.Text type="danger">{p.failureReason}</Typography.Text>}
              </Flex>
            ),
          },
          {
            title: '',
            key: 'actions',
            render: (_: unknown, p) =>
              p.status === 'failed' && p.kind === 'top_up' && p.cardId ? (
                <Button size="small" loading={retrying === p._id} disabled={Boolean(retrying)} onClick={() => void retry(p)}>
                  Retry
                </Button>
              ) : null,
          },
        ]}
      />
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
