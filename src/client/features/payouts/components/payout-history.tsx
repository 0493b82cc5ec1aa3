import { Button, Popconfirm, Select, type TableProps } from 'antd';
import { useState } from 'react';
import { PAYOUT_STATUSES, payoutRoutes, type PayoutRequest, type PayoutSearchQuery, type PayoutStatus } from '@/common/contract/payouts';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListPager } from '@/client/components/list-pager';
import { RelativeTime } from '@/client/components/relative-time';
import { ResponsiveList } from '@/client/components/responsive-list';
import { formatTokens } from '@/client/lib/format-amount';
import type { QueryList } from '@/client/hooks/use-query-list';
import { getErrorMessage } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { toast } from '@/client/lib/toast';
import { cancelPayoutRequest } from '../payouts.api';
import { PAYOUT_STATUS_OPTIONS } from './payout-status-tag';
import { PayoutCardBody, payoutDetailColumns } from './payout-columns';

const statusOf = (value: string | undefined) => ((PAYOUT_STATUSES as readonly string[]).includes(value ?? '') ? (value as PayoutStatus) : undefined);

/** The creator's past and pending requests (a table, cards on phones); the page's list state is in the query string. */
export function PayoutHistory({ list, onChanged }: { list: QueryList; onChanged: () => Promise<unknown> | void }) {
  const [cancelling, setCancelling] = useState<string | null>(null);
  const status = statusOf(list.filters.status);
  const query: PayoutSearchQuery = { offset: list.params.offset, limit: list.params.limit, ...(status ? { status } : {}) };
  const { data, error, mutate } = useRouteData(payoutRoutes.search, query);
  const page = data?.data;

  const cancel = async (request: PayoutRequest) => {
    setCancelling(request._id);
    try {
      await cancelPayoutRequest(request._id);
      toast.success('Payout request cancelled');
      await onChanged();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setCancelling(null);
    }
  };

  const action = (r: PayoutRequest) => r.status === 'pending' ? (
    <Popconfirm title="Cancel this payout request?" description="The amount returns to your available earnings." okText="Cancel request" cancelText="Keep it" onConfirm={() => cancel(r)}>
      <Button size="small" danger loading={cancelling === r._id}>Cancel</Button>
    </Popconfirm>
  ) : null;
  const columns: TableProps<PayoutRequest>['columns'] = [
    { key: 'createdAt', title: 'Requested', render: (_, r) => <RelativeTime value={r.createdAt} /> },
    ...payoutDetailColumns,
  ];

  return (
    <>
      <Select
        aria-label="Status"
        style={{ width: 180, marginBottom: 12 }}
        value={status ?? ''}
        onChange={(v) => list.setFilter({ status: v })}
        options={[{ value: '', label: 'All statuses' }, ...PAYOUT_STATUS_OPTIONS]}
      />
      <ResponsiveList<PayoutRequest>
        items={page?.data}
        error={error}
        onRetry={() => void mutate()}
        rowKey="_id"
        label="Payout requests"
        columns={columns}
        actions={action}
        renderCard={(r) => <PayoutCardBody request={r} requested={<RelativeTime value={r.createdAt} />} />}
        cardLabel={(r) => `${formatTokens(r.amount)} requested ${formatDate(r.createdAt)}`}
        empty={status ? 'No requests with this status.' : 'You have not asked for a payout yet.'}
      />
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
    </>
  );
}
