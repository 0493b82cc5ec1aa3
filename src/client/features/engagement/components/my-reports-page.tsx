import { Fragment } from 'react';
import Link from 'next/link';
import { Card, Divider, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { reportRoutes, type MyReport } from '@/common/contract/reports';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { formatDate, formatRelative } from '@/client/lib/format-date';
import { REASON_LABELS, STATUS_COLORS, TARGET_LABELS } from '../report-labels';

function ReportRow({ report }: { report: MyReport }) {
  const { target } = report;
  const title = target.title ?? 'No longer available';
  return (
    <li>
      <Flex vertical gap={4} style={{ minWidth: 0, width: '100%' }}>
        <Flex justify="space-between" align="flex-start" gap={8} wrap>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {TARGET_LABELS[report.targetType]}:{' '}
            {target.exists && target.path && !target.isHidden ? <Link href={target.path}>{title}</Link> : <span>{title}</span>}
          </Typography.Text>
          <Tag color={STATUS_COLORS[report.status]}>{report.outcome}</Tag>
        </Flex>
        <Typography.Text type="secondary">
          {REASON_LABELS[report.reason]} · reported {formatRelative(report.createdAt)}
          {report.resolvedAt ? ` · handled ${formatDate(report.resolvedAt)}` : ''}
        </Typography.Text>
        {report.text ? <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{report.text}</Typography.Paragraph> : null}
      </Flex>
    </li>
  );
}

/**
 * /user/reports: what the signed-in person reported and whether it was handled ("Under review",
 * "Action taken", "No action needed"). What exactly the operators did stays with them.
 */
export function MyReportsPage() {
  const list = useQueryList({ pageSize: 10 });
  const { data, error, mutate } = useRouteData(reportRoutes.mine, { offset: list.params.offset, limit: list.params.limit });
  const page = data?.data;

  let body;
  if (error && !page) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!page) body = <Skeleton active paragraph={{ rows: 3 }} aria-busy="true" />;
  else if (!page.total) body = <Empty description="You have not reported anything. Use Report on a post, a comment or a profile when something breaks the rules." />;
  else {
    body = (
      <Flex vertical gap={16}>
        <ul aria-label="My reports" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {page.data.map((r, i) => (
            <Fragment key={r._id}>
              {i ? <Divider style={{ margin: '12px 0' }} /> : null}
              <ReportRow report={r} />
            </Fragment>
          ))}
        </ul>
        <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
      </Flex>
    );
  }
  return (
    <Card title="My reports" style={{ maxWidth: 820, margin: '0 auto' }}>
      <Typography.Paragraph type="secondary">
        The operators review every report. You see here when yours was handled; they may act without telling you how.
      </Typography.Paragraph>
      {body}
    </Card>
  );
}
