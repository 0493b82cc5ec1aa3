import type { ReactNode } from 'react';
import Link from 'next/link';
import { Card, Divider, Empty, Flex, Tag, Typography } from 'antd';
import type { AdminUserDetail, ReportAgainstUser } from '@/common/contract/admin-users';
import { REPORT_REASON_OPTIONS } from '@/common/contract/reports';
import { formatCount, formatTokens } from '@/client/lib/format-amount';
import { TARGET_LABELS, STATUS_COLORS as REPORT_STATUS_COLORS } from '@/client/features/engagement/report-labels';
import { SubscriptionTags } from '@/client/features/subscriptions/components/subscription-status-tag';
import { periodText } from '@/client/features/subscriptions/subscription-labels';
import { CHARGE_TYPE_LABELS } from '@/client/features/wallet-charges/charge-labels';
import { formatDate, formatRelative } from '@/client/lib/format-date';

const REASONS = Object.fromEntries(REPORT_REASON_OPTIONS.map((o) => [o.value, o.label]));
const CONTENT_PATHS: Partial<Record<ReportAgainstUser['targetType'], string>> = { feed: 'post', video: 'video', gallery: 'gallery', product: 'product' };

/** "Showing the latest 20 of 42" under a capped list. */
const More = ({ shown, total }: { shown: number; total: number }) =>
  total > shown ? <Typography.Text type="secondary">Showing the latest {shown} of {formatCount(total)}.</Typography.Text> : null;

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return <Card size="small" title={count === undefined ? title : `${title} (${formatCount(count)})`}>{children}</Card>;
}

/** A short list of rows with dividers between them (antd's List is deprecated in v6). */
function Rows<T extends { _id: string }>({ items, label, render, extra }: { items: T[]; label: string; render: (item: T) => ReactNode; extra?: (item: T) => ReactNode }) {
  return (
    <div role="list" aria-label={label}>
      {items.map((item, i) => (
        <div role="listitem" key={item._id}>
          {i ? <Divider style={{ margin: '8px 0' }} /> : null}
          <Flex justify="space-between" align="flex-start" gap={8}>
            <div style={{ minWidth: 0 }}>{render(item)}</div>
            {extra ? extra(item) : null}
          </Flex>
        </div>
      ))}
    </div>
  );
}

const name = (u: { name: string; username: string | null } | null) => (u ? u.name || `@${u.username}` : 'Deleted account');

/** As a fan: the creators they subscribe to, with the plan, its state and the period end. */
export function SubscriptionsSection({ detail }: { detail: AdminUserDetail }) {
  const { data, total } = detail.subscriptions;
  return (
    <Section title="Subscriptions" count={total}>
      {data.length ? (
        <Rows
          items={data}
          label="Subscriptions"
          render={(s) => (
            <Flex vertical gap={2}>
              <Link href={`/admin/users/${s.performer._id}`}>{name(s.performer)}</Link>
              <Flex gap={4} wrap align="center"><SubscriptionTags subscription={s} /><Typography.Text type="secondary">{periodText(s)}</Typography.Text></Flex>
            </Flex>
          )}
        />
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No subscriptions." />}
      <More shown={data.length} total={total} />
    </Section>
  );
}

/** What they paid from their wallet: kind, amount, creator, date. */
export function PurchasesSection({ detail }: { detail: AdminUserDetail }) {
  const { data, total } = detail.purchases;
  return (
    <Section title="Purchases" count={total}>
      {data.length ? (
        <Rows
          items={data}
          label="Purchases"
          extra={(c) => <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>{formatTokens(c.amount)}</Typography.Text>}
          render={(c) => (
            <Flex vertical gap={2}>
              <Flex gap={4} wrap align="center">
                <Tag>{CHARGE_TYPE_LABELS[c.type] ?? c.type}</Tag>
                {c.performer ? <Link href={`/admin/users/${c.performer._id}`}>{name(c.performer)}</Link> : <Typography.Text type="secondary">Deleted account</Typography.Text>}
                {c.refunded ? <Tag color="orange">Refunded</Tag> : null}
              </Flex>
              <Typography.Text type="secondary">{formatDate(c.createdAt, { withTime: true })}</Typography.Text>
            </Flex>
          )}
        />
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No purchases." />}
      <More shown={data.length} total={total} />
    </Section>
  );
}

function ReportTarget({ report }: { report: ReportAgainstUser }) {
  const label = TARGET_LABELS[report.targetType] ?? report.targetType;
  const path = CONTENT_PATHS[report.targetType];
  if (path) return <Link href={`/${path}/${report.targetId}`}>{label}</Link>;
  return <span>{label}</span>;
}

/** Reports about them, their content or their comments, with where each one stands. */
export function ReportsSection({ detail }: { detail: AdminUserDetail }) {
  const { data, total } = detail.reports;
  return (
    <Section title="Reports against them" count={total}>
      {data.length ? (
        <Rows
          items={data}
          label="Reports against them"
          render={(r) => (
            <Flex vertical gap={2}>
              <Flex gap={4} wrap align="center">
                <ReportTarget report={r} />
                <Typography.Text>· {REASONS[r.reason] ?? r.reason}</Typography.Text>
                <Tag color={REPORT_STATUS_COLORS[r.status]}>{r.status === 'open' ? 'Open' : r.resolution ?? r.status}</Tag>
              </Flex>
              {r.text ? <Typography.Text style={{ overflowWrap: 'anywhere' }}>“{r.text}”</Typography.Text> : null}
              <Typography.Text type="secondary">By {name(r.reporter)} · {formatRelative(r.createdAt)}</Typography.Text>
            </Flex>
          )}
        />
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nobody reported them." />}
      <More shown={data.length} total={total} />
      {total ? <Link href="/admin/reports">Open the reports queue</Link> : null}
    </Section>
  );
}

export function WarningsSection({ detail }: { detail: AdminUserDetail }) {
  return (
    <Section title="Warnings" count={detail.warnings.length}>
      {detail.warnings.length ? (
        <Rows
          items={detail.warnings}
          label="Warnings"
          render={(w) => (
            <Flex vertical gap={2}>
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>{w.reason}</Typography.Text>
              <Typography.Text type="secondary">{formatDate(w.createdAt, { withTime: true })}{w.reportId ? ' · from a report' : ''}</Typography.Text>
            </Flex>
          )}
        />
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No warnings." />}
    </Section>
  );
}
