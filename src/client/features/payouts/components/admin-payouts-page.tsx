import { Avatar, Button, Flex, Popconfirm, Select, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import {
  PAYOUT_METHOD_LABELS, PAYOUT_NOTE_MAX, PAYOUT_STATUSES, payoutRoutes, type AdminPayoutSearchQuery, type PayoutRequest, type PayoutStatus,
} from '@/common/contract/payouts';
import { formatTokens } from '@/client/lib/format-amount';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListPager } from '@/client/components/list-pager';
import { ReasonDialog } from '@/client/components/reason-dialog';
import { ResponsiveList } from '@/client/components/responsive-list';
import { useQueryList } from '@/client/hooks/use-query-list';
import { approvePayoutRequest, rejectPayoutRequest } from '../payouts.api';
import { PAYOUT_STATUS_OPTIONS } from './payout-status-tag';
import { newIdempotencyKey } from '@/client/lib/idempotency-key';
import { PayoutCardBody, payoutDetailColumns } from './payout-columns';
import { useRowAction } from '@/client/hooks/use-row-action';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { RelativeTime } from '@/client/components/relative-time';

const ALL = 'all';

function Creator({ request: r }: { request: PayoutRequest }) {
  if (!r.performer) return <Typography.Text type="secondary">Deleted account</Typography.Text>;
  return (
    <Flex gap={8} align="center">
      <Avatar src={r.performer.avatar || undefined} alt="" size="small" />
      <span>{r.performer.name}{r.performer.username ? <Typography.Text type="secondary"> @{r.performer.username}</Typography.Text> : null}</span>
    </Flex>
  );
}

/**
 * /admin/payout-requests: the operators' queue. Pending requests first (the default filter);
 * approving records the payout as sent (by hand today), rejecting needs a note for the creator.
 * A table from 768 px, a card per request on phones.
 */
export function AdminPayoutsPage() {
  const list = useQueryList({ pageSize: 20 });
  const raw = list.filters.status;
  const status: PayoutStatus | undefined = raw === ALL ? undefined : (PAYOUT_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as PayoutStatus) : 'pending';
  const query: AdminPayoutSearchQuery = { offset: list.params.offset, limit: list.params.limit, ...(status ? { status } : {}) };
  const { data, error, mutate } = useRouteData(payoutRoutes.adminSearch, query);
  const page = data?.data;
  const { busy: working, run } = useRowAction(mutate);
  const [rejecting, setRejecting] = useState<PayoutRequest | null>(null);

  const approve = (r: PayoutRequest) => run(r._id, () => approvePayoutRequest(r._id, '', newIdempotencyKey()), 'Payout approved');
  const reject = async (note: string) => {
    if (!rejecting) return false;
    const done = await run(rejecting._id, () => rejectPayoutRequest(rejecting._id, note, newIdempotencyKey()), 'Payout rejected');
    if (done) setRejecting(null);
    return done;
  };

  const actions = (r: PayoutRequest) => r.status === 'pending' ? (
    <>
      <Popconfirm
        title={`Pay ${formatTokens(r.amount)} out?`}
        description={`Send it by ${PAYOUT_METHOD_LABELS[r.method].toLowerCase()} first: approving records it as paid.`}
        okText="Approve"
        cancelText="Cancel"
        onConfirm={() => approve(r)}
      >
        <Button size="small" type="primary" loading={working === r._id} aria-label={`Approve ${r._id}`}>Approve</Button>
      </Popconfirm>
      <Button size="small" danger disabled={working === r._id} onClick={() => setRejecting(r)} aria-label={`Reject ${r._id}`}>
        Reject
      </Button>
    </>
  ) : null;

  const columns: TableProps<PayoutRequest>['columns'] = [
    { key: 'createdAt', title: 'Requested', render: (_, r) => <RelativeTime value={r.createdAt} /> },
    { key: 'performer', title: 'Creator', render: (_, r) => <Creator request={r} /> },
    ...payoutDetailColumns,
  ];
  const card = (r: PayoutRequest) => (
    <PayoutCardBody request={r} requested={<RelativeTime value={r.createdAt} />}>
      <Creator request={r} />
    </PayoutCardBody>
  );

  return (
    <Flex vertical gap={16}>
      <AdminPageHeader
        title="Payout requests"
        description="Creators' requests to be paid. Approve once the money is sent; reject with a reason to return it to their earnings."
      />
      <Select
        aria-label="Status"
        style={{ width: 180 }}
        value={status ?? ALL}
        onChange={(v) => list.setFilter({ status: v === 'pending' ? undefined : v })}
        options={[...PAYOUT_STATUS_OPTIONS, { value: ALL, label: 'All statuses' }]}
      />
      <ResponsiveList<PayoutRequest>
        items={page?.data}
        error={error}
        onRetry={() => void mutate()}
        rowKey="_id"
        label="Payout requests"
        columns={columns}
        actions={actions}
        renderCard={card}
        cardLabel={(r) => `${formatTokens(r.amount)} for ${r.performer?.name ?? 'a deleted account'}`}
        empty={status === 'pending' ? 'No requests waiting for review.' : 'No requests.'}
      />
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
      <ReasonDialog
        open={Boolean(rejecting)}
        title={rejecting ? `Reject ${formatTokens(rejecting.amount)}?` : ''}
        okText="Reject"
        danger
        label="Reason (the creator sees it)"
        fieldId="payout-reject-reason"
        ariaLabel="Reason"
        maxLength={PAYOUT_NOTE_MAX}
        apiField="note"
        onSubmit={reject}
        onCancel={() => setRejecting(null)}
      >
        <Typography.Paragraph>The amount goes back to the creator&apos;s available earnings; they can ask again.</Typography.Paragraph>
      </ReasonDialog>
    </Flex>
  );
}
