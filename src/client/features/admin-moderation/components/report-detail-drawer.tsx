import { useState } from 'react';
import { Button, Descriptions, Drawer, Flex, Grid, Result, Skeleton, Tag, Typography } from 'antd';
import type { AdminReport } from '@/common/contract/reports';
import { REASON_LABELS, STATUS_COLORS } from '@/client/features/engagement/report-labels';
import { formatDate, formatRelative } from '@/client/lib/format-date';
import { getErrorMessage } from '@/client/lib/error-message';
import { useReportDetail } from '../use-report-detail';
import { RESOLUTION_LABELS } from '../moderation-labels';
import { ReportTargetCard } from './report-target-card';
import { ResolveReportDialog } from './resolve-report-dialog';

const who = (r: AdminReport) => r.reporter.name || r.reporter.username || 'Someone';

/** What one report says: who, why, when, and the decision once there is one. */
function ReportFacts({ report }: { report: AdminReport }) {
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label="Reported by">{who(report)}{report.reporter.username ? ` (@${report.reporter.username})` : ''}</Descriptions.Item>
      <Descriptions.Item label="Reason">{REASON_LABELS[report.reason]}</Descriptions.Item>
      <Descriptions.Item label="Their words">{report.text ? <span style={{ whiteSpace: 'pre-wrap' }}>{report.text}</span> : <Typography.Text type="secondary">None</Typography.Text>}</Descriptions.Item>
      <Descriptions.Item label="Date">{formatDate(report.createdAt, { withTime: true })}</Descriptions.Item>
      <Descriptions.Item label="Status">
        <Tag color={STATUS_COLORS[report.status]}>{report.status}</Tag>
        {report.resolution ? RESOLUTION_LABELS[report.resolution] : null}
        {report.resolvedBy ? ` by ${report.resolvedBy.username ?? report.resolvedBy.name}` : ''}
        {report.resolvedAt ? `, ${formatRelative(report.resolvedAt)}` : ''}
      </Descriptions.Item>
      {report.resolutionNote ? <Descriptions.Item label="Operator's note"><span style={{ whiteSpace: 'pre-wrap' }}>{report.resolutionNote}</span></Descriptions.Item> : null}
    </Descriptions>
  );
}

export interface ReportDetailDrawerProps {
  reportId: string | null;
  onClose: () => void;
  /** After a decision: the queue reloads. */
  onResolved: () => void;
}

/**
 * The side drawer of the queue: the reported item in place, the report, the other open reports on
 * the same item, and the Resolve dialog (for an open report). Full width on phones.
 */
export function ReportDetailDrawer({ reportId, onClose, onResolved }: ReportDetailDrawerProps) {
  const screens = Grid.useBreakpoint();
  const { data, error, mutate } = useReportDetail(reportId);
  const [resolving, setResolving] = useState(false);
  const detail = data?.data;

  let body;
  if (error && !detail) {
    body = <Result status="warning" title="We could not load this report" subTitle={getErrorMessage(error)} extra={<Button onClick={() => void mutate()}>Try again</Button>} />;
  } else if (!detail || detail._id !== reportId) {
    body = <Skeleton active paragraph={{ rows: 6 }} aria-busy="true" />;
  } else {
    body = (
      <Flex vertical gap={16}>
        <ReportTargetCard preview={detail.preview} />
        <ReportFacts report={detail} />
        <section aria-label="Other open reports">
          <Typography.Title level={5}>Other open reports on it ({detail.otherReports.length})</Typography.Title>
          {detail.otherReports.length ? (
            <Flex vertical gap={8} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {detail.otherReports.map((r) => (
                <li key={r._id}>
                  <Flex vertical style={{ minWidth: 0 }}>
                    <span><Typography.Text strong>{who(r)}</Typography.Text> · {REASON_LABELS[r.reason]} · {formatRelative(r.createdAt)}</span>
                    {r.text ? <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>{r.text}</Typography.Text> : null}
                  </Flex>
                </li>
              ))}
            </Flex>
          ) : (
            <Typography.Text type="secondary">Nobody else reported it.</Typography.Text>
          )}
        </section>
        <ResolveReportDialog
          report={detail}
          open={resolving}
          onClose={() => setResolving(false)}
          onResolved={(next) => {
            setResolving(false);
            void mutate({ data: next }, { revalidate: false });
            onResolved();
          }}
        />
      </Flex>
    );
  }

  return (
    <Drawer
      open={Boolean(reportId)}
      onClose={onClose}
      title="Report"
      size={screens.md ? 560 : '100%'}
      extra={detail && detail._id === reportId && detail.status === 'open'
        ? <Button type="primary" onClick={() => setResolving(true)}>Resolve</Button>
        : null}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
