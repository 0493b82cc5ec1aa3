import { Collapse, Flex, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { auditRoutes, type AuditEntry } from '@/common/contract/audit';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { ListPager } from '@/client/components/list-pager';
import { ResponsiveList } from '@/client/components/responsive-list';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { formatDate, formatRelative } from '@/client/lib/format-date';
import { actionLabel, targetTypeLabel } from './audit-labels';
import { auditQueryOf } from './audit-filters';
import { AuditChanges } from './audit-changes';
import { AuditLogFilters } from './audit-log-filters';

/**
 * /admin/audit-log: every operator write, newest first (append-only: nothing here changes it).
 * Filters live in the query string, so other console pages link to one target's history
 * (`?targetType=user&targetId=…`); each row opens to show its values before → after (a table
 * row from 768 px, a card's "Before → after" on phones).
 */
export function AuditLogPage() {
  const list = useQueryList({ pageSize: 20 });
  const query = auditQueryOf(list.filters, list.params);
  const { data, error, mutate } = useRouteData(auditRoutes.list, query);
  const page = data?.data;
  const filtered = Object.keys(query).some((key) => key !== 'offset' && key !== 'limit');

  const target = (e: AuditEntry) => (
    <Flex vertical gap={2} style={{ maxWidth: 280 }}>
      <span>{targetTypeLabel(e.targetType)}</span>
      {e.targetId ? (
        <Typography.Link
          style={{ fontSize: 12 }}
          ellipsis
          title="Show only this target"
          onClick={(ev) => {
            ev.stopPropagation();
            list.setFilter({ targetType: e.targetType, targetId: e.targetId! });
          }}
        >
          {e.targetId}
        </Typography.Link>
      ) : null}
    </Flex>
  );

  const columns: TableProps<AuditEntry>['columns'] = [
    {
      key: 'createdAt', title: 'When',
      render: (_, e) => (
        <Tooltip title={formatRelative(e.createdAt)}>
          <span style={{ whiteSpace: 'nowrap' }}>{formatDate(e.createdAt, { withTime: true })}</span>
        </Tooltip>
      ),
    },
    { key: 'actor', title: 'Operator', render: (_, e) => <Typography.Text>@{e.actorUsername || e.actorId.slice(0, 8)}</Typography.Text> },
    {
      key: 'action', title: 'Action',
      render: (_, e) => (
        <Flex vertical gap={2}>
          <span>{actionLabel(e.action)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{e.action}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'target', title: 'Target', responsive: ['sm'], render: (_, e) => target(e) },
    { key: 'ip', title: 'IP', responsive: ['lg'], render: (_, e) => e.ip ?? <Typography.Text type="secondary">—</Typography.Text> },
  ];

  const expanded = (e: AuditEntry) => (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <Flex gap={8} wrap>
        <Tag>{targetTypeLabel(e.targetType)}</Tag>
        {e.targetId ? <Typography.Text code copyable style={{ overflowWrap: 'anywhere' }}>{e.targetId}</Typography.Text> : null}
        {e.ip ? <Typography.Text type="secondary">from {e.ip}</Typography.Text> : null}
      </Flex>
      <AuditChanges before={e.before} after={e.after} />
    </Flex>
  );

  // Phones: the row's summary, and the same before → after behind one tap, as the table's expanded row.
  const card = (e: AuditEntry) => (
    <Flex vertical gap={4} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Text strong>{actionLabel(e.action)}</Typography.Text>
        <Typography.Text type="secondary" title={formatRelative(e.createdAt)}>{formatDate(e.createdAt, { withTime: true })}</Typography.Text>
      </Flex>
      <Typography.Text type="secondary">by @{e.actorUsername || e.actorId.slice(0, 8)} · <Typography.Text type="secondary" code>{e.action}</Typography.Text></Typography.Text>
      {target(e)}
      <Collapse ghost size="small" items={[{ key: 'changes', label: 'Before → after', children: expanded(e) }]} />
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <AdminPageHeader
        title="Audit log"
        description="Every change operators made, who made it and when, with the values before and after. Nothing can edit or remove an entry."
      />
      <AuditLogFilters list={list} />
      <ResponsiveList<AuditEntry>
        items={page?.data}
        error={error}
        onRetry={() => void mutate()}
        rowKey="_id"
        label="Audit log"
        columns={columns}
        tableProps={{ expandable: { expandedRowRender: expanded, expandRowByClick: true } }}
        renderCard={card}
        cardLabel={(e) => `${actionLabel(e.action)}, ${formatDate(e.createdAt, { withTime: true })}`}
        empty={filtered ? 'No entries match these filters.' : 'No operator has changed anything yet.'}
      />
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} pageSizeOptions={[20, 50, 100]} /> : null}
    </Flex>
  );
}
