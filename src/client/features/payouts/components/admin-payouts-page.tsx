import { Avatar, Button, Empty, Flex, Form, Input, Modal, Popconfirm, Select, Table, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import {
  PAYOUT_METHOD_LABELS, PAYOUT_NOTE_MAX, PAYOUT_STATUSES, payoutRoutes, type AdminPayoutSearchQuery, type PayoutRequest, type PayoutStatus,
} from '@/common/contract/payouts';
import { formatTokens } from '@/client/features/content/format-tokens';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { useQueryList } from '@/client/hooks/use-query-list';
import { approvePayoutRequest, rejectPayoutRequest } from '../payouts.api';
import { PAYOUT_STATUS_OPTIONS } from './payout-status-tag';
import { newIdempotencyKey } from '@/client/lib/idempotency-key';
import { payoutDetailColumns } from './payout-columns';
import { useRowAction } from '@/client/hooks/use-row-action';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { formatDate } from '@/client/lib/format-date';

const ALL = 'all';

/**
 * /admin/payout-requests: the operators' queue. Pending requests first (the default filter);
 * approving records the payout as sent (by hand today), rejecting needs a note for the creator.
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
  const [note, setNote] = useState('');

  const approve = (r: PayoutRequest) => run(r._id, () => approvePayoutRequest(r._id, '', newIdempotencyKey()));
  const reject = async () => {
    if (!rejecting || !note.trim()) return;
    if (await run(rejecting._id, () => rejectPayoutRequest(rejecting._id, note.trim(), newIdempotencyKey()))) {
      setRejecting(null);
      setNote('');
    }
  };

  const columns: TableProps<PayoutRequest>['columns'] = [
    { key: 'createdAt', title: 'Requested', render: (_, r) => formatDate(r.createdAt, { withTime: true }) },
    {
      key: 'performer', title: 'Creator',
      render: (_, r) => r.performer ? (
        <Flex gap={8} align="center">
          <Avatar src={r.performer.avatar || undefined} size="small" />
          <span>{r.performer.name}{r.performer.username ? <Typography.Text type="secondary"> @{r.performer.username}</Typography.Text> : null}</span>
        </Flex>
      ) : <Typography.Text type="secondary">Deleted account</Typography.Text>,
    },
    ...payoutDetailColumns,
    {
      key: 'actions', title: '',
      render: (_, r) => r.status === 'pending' ? (
        <Flex gap={8}>
          <Popconfirm
            title={`Pay ${formatTokens(r.amount)} out?`}
            description={`Send it by ${PAYOUT_METHOD_LABELS[r.method].toLowerCase()} first: approving records it as paid.`}
            okText="Approve"
            cancelText="Cancel"
            onConfirm={() => approve(r)}
          >
            <Button size="small" type="primary" loading={working === r._id} aria-label={`Approve ${r._id}`}>Approve</Button>
          </Popconfirm>
          <Button size="small" danger disabled={working === r._id} onClick={() => { setRejecting(r); setNote(''); }} aria-label={`Reject ${r._id}`}>
            Reject
          </Button>
        </Flex>
      ) : null,
    },
  ];

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
      {error && !page ? (
        <ListError error={error} onRetry={() => void mutate()} />
      ) : (
        <Table<PayoutRequest>
          rowKey="_id"
          columns={columns}
          dataSource={page?.data}
          loading={!page}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={status === 'pending' ? 'No requests waiting for review.' : 'No requests.'} /> }}
          aria-label="Payout requests"
        />
      )}
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
      <Modal
        open={Boolean(rejecting)}
        title={rejecting ? `Reject ${formatTokens(rejecting.amount)}?` : ''}
        okText="Reject"
        okButtonProps={{ danger: true, disabled: !note.trim(), loading: Boolean(rejecting && working === rejecting._id) }}
        onOk={reject}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="Reason (the creator sees it)" required>
            <Input.TextArea value={note} onChange={(e) => setNote(e.target.value)} maxLength={PAYOUT_NOTE_MAX} autoSize={{ minRows: 3 }} aria-label="Reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
