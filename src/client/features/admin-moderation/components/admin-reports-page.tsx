import { useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { Avatar, Button, Flex, Segmented, Select, Tag, Typography, type TableProps } from 'antd';
import {
  REPORT_STATUSES, REPORT_TARGET_TYPES, reportRoutes, type AdminReport, type ReportStatus, type ReportTargetType,
} from '@/common/contract/reports';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { ListPager } from '@/client/components/list-pager';
import { ResponsiveList } from '@/client/components/responsive-list';
import { HiddenTag } from '@/client/features/content/components/hidden-notice';
import { REASON_LABELS, STATUS_COLORS, TARGET_LABELS } from '@/client/features/engagement/report-labels';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { formatRelative } from '@/client/lib/format-date';
import { RESOLUTION_LABELS } from '../moderation-labels';

// A report's detail (the reported item, the history, the resolve dialog) loads on the first "Review".
const ReportDetailDrawer = dynamic(() => import('./report-detail-drawer').then((m) => m.ReportDetailDrawer), { ssr: false });

const ALL = 'all';
const STATUS_LABELS: Record<ReportStatus, string> = { open: 'Open', resolved: 'Action taken', dismissed: 'Dismissed' };

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

function Target({ report }: { report: AdminReport }) {
  const { target } = report;
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <span>
        <Tag color="blue">{TARGET_LABELS[report.targetType]}</Tag>
        {target.exists && target.path
          ? <Link href={target.path} target="_blank" rel="noopener" style={{ overflowWrap: 'anywhere' }}>{target.title}</Link>
          : <Typography.Text type="secondary">Deleted since</Typography.Text>}
      </span>
      {target.isHidden ? <span><HiddenTag item={{ isHidden: true, hiddenReason: null }} /></span> : null}
    </Flex>
  );
}

function State({ report }: { report: AdminReport }) {
  return (
    <Flex vertical gap={2}>
      <span><Tag color={STATUS_COLORS[report.status]}>{STATUS_LABELS[report.status]}</Tag></span>
      {report.resolution ? <Typography.Text type="secondary">{RESOLUTION_LABELS[report.resolution]}</Typography.Text> : null}
    </Flex>
  );
}

const reporterOf = (r: AdminReport) => (
  <Flex gap={8} align="center">
    <Avatar src={r.reporter.avatar || undefined} alt="" size="small" />
    <span>{r.reporter.name || r.reporter.username}</span>
  </Flex>
);

/**
 * /admin/reports: the moderation queue. Status (open by default) and target type live in the
 * query string; each report opens in a side drawer with the reported item in place, the other
 * reports on it and the Resolve dialog. A table from 768 px, cards below.
 */
export function AdminReportsPage() {
  const list = useQueryList({ pageSize: 20 });
  const rawStatus = list.filters.status;
  const status: ReportStatus | undefined = rawStatus === ALL ? undefined : oneOf(REPORT_STATUSES, rawStatus) ?? 'open';
  const targetType = oneOf(REPORT_TARGET_TYPES, list.filters.targetType);
  const { data, error, mutate } = useRouteData(reportRoutes.adminList, {
    offset: list.params.offset,
    limit: list.params.limit,
    // The oldest open report first: the queue is worked in the order people reported.
    sortBy: 'createdAt',
    sort: status === 'open' ? 'asc' : 'desc',
    ...(status ? { status } : {}),
    ...(targetType ? { targetType } : {}),
  });
  const page = data?.data;
  const [openId, setOpenId] = useState<string | null>(null);
  const drawerMounted = useOpenedOnce(openId !== null);

  const review = (r: AdminReport) => (
    <Button size="small" type={r.status === 'open' ? 'primary' : 'default'} onClick={() => setOpenId(r._id)} aria-label={`Review report ${r._id}`}>
      {r.status === 'open' ? 'Review' : 'View'}
    </Button>
  );

  const columns: TableProps<AdminReport>['columns'] = [
    { key: 'createdAt', title: 'Reported', render: (_, r) => formatRelative(r.createdAt) },
    { key: 'target', title: 'Reported item', render: (_, r) => <Target report={r} /> },
    {
      key: 'reason', title: 'Reason',
      render: (_, r) => (
        <Flex vertical style={{ maxWidth: 320 }}>
          <span>{REASON_LABELS[r.reason]}</span>
          {r.text ? <Typography.Text type="secondary" ellipsis={{ tooltip: r.text }}>{r.text}</Typography.Text> : null}
        </Flex>
      ),
    },
    { key: 'reporter', title: 'Reporter', render: (_, r) => reporterOf(r) },
    { key: 'creator', title: 'Creator', render: (_, r) => r.performer?.name ?? '—' },
    { key: 'state', title: 'Status', render: (_, r) => <State report={r} /> },
    { key: 'actions', title: '', render: (_, r) => review(r) },
  ];

  const card = (r: AdminReport) => (
    <Flex vertical gap={6}>
      <Target report={r} />
      <Typography.Text>{REASON_LABELS[r.reason]}{r.text ? `: ${r.text}` : ''}</Typography.Text>
      <Typography.Text type="secondary">{r.reporter.name || r.reporter.username} · {formatRelative(r.createdAt)}</Typography.Text>
      <Flex justify="space-between" align="center"><State report={r} />{review(r)}</Flex>
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <AdminPageHeader
        title="Reports"
        description="What people reported. Review each one with the item in place, then dismiss it or act: hide the item, remove the comment, warn or suspend the author."
      />
      <Flex gap={8} wrap>
        <Segmented
          aria-label="Status"
          value={status ?? ALL}
          onChange={(v) => list.setFilter({ status: v === 'open' ? undefined : v })}
          options={[...REPORT_STATUSES.map((s) => ({ value: s as string, label: STATUS_LABELS[s] })), { value: ALL, label: 'All' }]}
        />
        <Select
          aria-label="Kind of item"
          style={{ width: 180 }}
          allowClear
          placeholder="Any kind of item"
          value={targetType}
          onChange={(v: ReportTargetType | undefined) => list.setFilter({ targetType: v })}
          options={REPORT_TARGET_TYPES.map((t) => ({ value: t, label: TARGET_LABELS[t] }))}
        />
      </Flex>
      <ResponsiveList<AdminReport>
        items={page?.data}
        error={error}
        onRetry={() => void mutate()}
        rowKey="_id"
        label="Reports"
        columns={columns}
        renderCard={card}
        cardLabel={(r) => `${TARGET_LABELS[r.targetType]} reported for ${REASON_LABELS[r.reason].toLowerCase()}`}
        empty={status === 'open' ? 'No open reports. Nothing is waiting for a decision.' : 'No reports match these filters.'}
      />
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
      {drawerMounted ? <ReportDetailDrawer reportId={openId} onClose={() => setOpenId(null)} onResolved={() => void mutate()} /> : null}
    </Flex>
  );
}
