import Link from 'next/link';
import { Avatar, Card, Flex, Tag, Typography } from 'antd';
import type { ReportTargetPreview } from '@/common/contract/reports';
import { formatTokens } from '@/client/lib/format-amount';
import { HiddenTag } from '@/client/features/content/components/hidden-notice';
import { TARGET_LABELS } from '@/client/features/engagement/report-labels';
import { formatDate } from '@/client/lib/format-date';

const ACCESS_LABELS = { free: 'Free', subscribers: 'Subscribers', sale: 'For sale' } as const;
const STATUS_COLORS: Record<string, string> = { active: 'green', scheduled: 'gold', draft: 'default', suspended: 'red', inactive: 'default' };

/**
 * The reported thing as an operator judges it: picture (locked content unlocked for operators),
 * title and text, who wrote it, access, state, whether it is hidden, and a link to open it.
 */
export function ReportTargetCard({ preview }: { preview: ReportTargetPreview }) {
  if (!preview.exists) {
    return (
      <Card size="small" aria-label="Reported item">
        <Typography.Text type="secondary">This {TARGET_LABELS[preview.type].toLowerCase()} no longer exists: it was deleted.</Typography.Text>
      </Card>
    );
  }
  const picture = preview.thumbnail;
  return (
    <Card size="small" aria-label="Reported item">
      <Flex gap={12} align="flex-start" wrap>
        {picture ? (
          preview.type === 'performer'
            ? <Avatar src={picture} size={72} alt="" />
            : <img src={picture} alt="" style={{ width: 120, maxWidth: '100%', borderRadius: 8, objectFit: 'cover' }} />
        ) : null}
        <Flex vertical gap={6} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Flex gap={6} wrap align="center">
            <Tag color="blue">{TARGET_LABELS[preview.type]}</Tag>
            {preview.status ? <Tag color={STATUS_COLORS[preview.status] ?? 'default'}>{preview.status}</Tag> : null}
            {preview.access ? <Tag>{preview.access === 'sale' ? formatTokens(preview.price) : ACCESS_LABELS[preview.access]}</Tag> : null}
            <HiddenTag item={preview} />
          </Flex>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>{preview.title}</Typography.Text>
          {preview.author ? (
            <Typography.Text type="secondary">
              {preview.type === 'performer' ? 'Account' : preview.type === 'comment' ? 'Written by' : 'Creator'}:{' '}
              {preview.author.username ? <Link href={`/${preview.author.username}`}>{preview.author.name || preview.author.username}</Link> : preview.author.name}
            </Typography.Text>
          ) : null}
          {preview.on ? (
            <Typography.Text type="secondary">
              On {TARGET_LABELS[preview.on.type].toLowerCase()}: <Link href={preview.on.path}>{preview.on.title ?? 'deleted item'}</Link>
            </Typography.Text>
          ) : null}
          {preview.suspendedReason ? (
            <Typography.Text type="danger">
              Suspended: {preview.suspendedReason}
              {preview.suspendedUntil ? ` (until ${formatDate(preview.suspendedUntil, { withTime: true })})` : ''}
            </Typography.Text>
          ) : null}
          {preview.text && preview.text !== preview.title ? (
            <Typography.Paragraph ellipsis={{ rows: 4, expandable: true, symbol: 'more' }} style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {preview.text}
            </Typography.Paragraph>
          ) : null}
          {preview.path ? <Link href={preview.path} target="_blank" rel="noopener">Open it in a new tab</Link> : null}
        </Flex>
      </Flex>
    </Card>
  );
}
