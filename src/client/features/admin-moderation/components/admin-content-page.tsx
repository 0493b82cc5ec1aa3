import { useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { Button, Flex, Popconfirm, Segmented, Select, Tabs, Tag, Typography, type TableProps } from 'antd';
import {
  ADMIN_CONTENT_TYPE_LABELS, ADMIN_CONTENT_TYPES, adminContentRoutes, type AdminContentItem, type AdminContentType,
} from '@/common/contract/admin-content';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { ListPager } from '@/client/components/list-pager';
import { ResponsiveList } from '@/client/components/responsive-list';
import { HiddenTag } from '@/client/features/content/components/hidden-notice';
import { formatTokens } from '@/client/lib/format-amount';
import { QuerySearch } from '@/client/components/query-search';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { useRowAction } from '@/client/hooks/use-row-action';
import { formatDate } from '@/client/lib/format-date';
import { toast } from '@/client/lib/toast';
import { unhideContent } from '../moderation.api';

// The reason form loads on the first "Hide".
const HideContentDialog = dynamic(() => import('./hide-content-dialog').then((m) => m.HideContentDialog), { ssr: false });

const ACCESS_LABELS = { free: 'Free', subscribers: 'Subscribers', sale: 'For sale' } as const;
const OTHER_COUNT: Record<AdminContentType, string | null> = { feed: null, video: 'views', gallery: 'views', product: 'sold', comment: 'replies' };

function State({ item }: { item: AdminContentItem }) {
  return (
    <Flex gap={4} wrap>
      {item.status === 'draft' ? <Tag>Draft</Tag> : item.isScheduled ? <Tag color="gold">Scheduled</Tag> : item.status ? <Tag color="green">Published</Tag> : null}
      {item.access ? <Tag>{item.access === 'sale' ? formatTokens(item.price) : ACCESS_LABELS[item.access]}</Tag> : null}
      <HiddenTag item={item} />
    </Flex>
  );
}

function Counts({ item }: { item: AdminContentItem }) {
  const other = OTHER_COUNT[item.type];
  const parts = item.type === 'comment' ? [] : [`${item.stats.likes} likes`, `${item.stats.comments} comments`];
  if (other) parts.push(`${item.stats.other} ${other}`);
  return <Typography.Text type="secondary">{parts.join(' · ')}</Typography.Text>;
}

function Title({ item }: { item: AdminContentItem }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0, maxWidth: 360 }}>
      <Link href={item.path} target="_blank" rel="noopener" style={{ overflowWrap: 'anywhere' }}>{item.title}</Link>
      {item.on ? <Typography.Text type="secondary">On: {item.on.title ?? 'a deleted item'}</Typography.Text> : null}
    </Flex>
  );
}

/**
 * /admin/content: every creator's posts, videos, galleries, products and comments, one kind per
 * tab, with search, a hidden/visible filter (all in the query string), a link to open each, and
 * hide (with a reason) or unhide (after a confirmation saying what it does).
 */
export function AdminContentPage() {
  const list = useQueryList({ pageSize: 20, sortBy: 'createdAt' });
  const type: AdminContentType = (ADMIN_CONTENT_TYPES as readonly string[]).includes(list.filters.type ?? '') ? (list.filters.type as AdminContentType) : 'feed';
  const hidden = list.filters.hidden === 'true' ? true : list.filters.hidden === 'false' ? false : undefined;
  const sortBy = list.sortBy === 'updatedAt' ? 'updatedAt' : 'createdAt';
  const { data, error, mutate } = useRouteData(adminContentRoutes.search, {
    type,
    offset: list.params.offset,
    limit: list.params.limit,
    sortBy,
    sort: list.sort,
    ...(list.filters.q ? { q: list.filters.q } : {}),
    ...(hidden === undefined ? {} : { hidden }),
  });
  const page = data?.data;
  const { busy, run } = useRowAction(mutate);
  const [hiding, setHiding] = useState<AdminContentItem | null>(null);
  const dialogMounted = useOpenedOnce(hiding !== null);

  const actions = (item: AdminContentItem) => (item.isHidden ? (
    <Popconfirm
      title="Show it again?"
      description={`Everyone who could see it before sees it again (buying, likes and comments included); ${item.type === 'comment' ? 'its author' : 'its creator'} is emailed.`}
      okText="Unhide"
      cancelText="Cancel"
      onConfirm={() => run(item._id, () => unhideContent(item.type, item._id), 'Shown again')}
    >
      <Button size="small" loading={busy === item._id} aria-label={`Unhide ${item.title}`}>Unhide</Button>
    </Popconfirm>
  ) : (
    <Button size="small" danger disabled={busy === item._id} onClick={() => setHiding(item)} aria-label={`Hide ${item.title}`}>Hide</Button>
  ));

  const columns: TableProps<AdminContentItem>['columns'] = [
    { key: 'title', title: type === 'comment' ? 'Comment' : 'Title', render: (_, i) => <Title item={i} /> },
    { key: 'creator', title: type === 'comment' ? 'Author' : 'Creator', render: (_, i) => i.creator ? (i.creator.username ? `@${i.creator.username}` : i.creator.name) : '—' },
    { key: 'state', title: 'State', render: (_, i) => <State item={i} /> },
    { key: 'counts', title: 'Counts', render: (_, i) => <Counts item={i} /> },
    { key: 'createdAt', title: 'Created', render: (_, i) => formatDate(i.createdAt) },
    { key: 'actions', title: '', render: (_, i) => actions(i) },
  ];

  const filtered = Boolean(list.filters.q || hidden !== undefined);
  const card = (item: AdminContentItem) => (
    <Flex vertical gap={6}>
      <Title item={item} />
      <Typography.Text type="secondary">{item.creator?.name ?? '—'} · {formatDate(item.createdAt)}</Typography.Text>
      <State item={item} />
      <Flex justify="space-between" align="center" gap={8}><Counts item={item} />{actions(item)}</Flex>
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <AdminPageHeader
        title="Content"
        description="Search every creator's content and comments. A hidden item answers 'not found' to everyone but its creator and operators; its creator is told why."
      />
      <Tabs
        activeKey={type}
        onChange={(key) => list.setFilter({ type: key === 'feed' ? undefined : key })}
        items={ADMIN_CONTENT_TYPES.map((t) => ({ key: t, label: ADMIN_CONTENT_TYPE_LABELS[t] }))}
      />
      <Flex gap={8} wrap>
        <QuerySearch value={list.filters.q} onSearch={(q) => list.setFilter({ q })} placeholder="Search words" label="Search content" style={{ flex: '1 1 240px' }} />
        <Segmented
          aria-label="Hidden"
          value={hidden === undefined ? 'all' : String(hidden)}
          onChange={(v) => list.setFilter({ hidden: v === 'all' ? undefined : v })}
          options={[{ value: 'all', label: 'All' }, { value: 'true', label: 'Hidden' }, { value: 'false', label: 'Visible' }]}
        />
        <Select
          aria-label="Order"
          style={{ width: 180 }}
          value={`${sortBy}:${list.sort}`}
          onChange={(v: string) => {
            const [by, dir] = v.split(':');
            list.setSort(by, dir as 'asc' | 'desc');
          }}
          options={[
            { value: 'createdAt:desc', label: 'Newest first' },
            { value: 'createdAt:asc', label: 'Oldest first' },
            { value: 'updatedAt:desc', label: 'Recently changed' },
          ]}
        />
      </Flex>
      <ResponsiveList<AdminContentItem>
        items={page?.data}
        error={error}
        onRetry={() => void mutate()}
        rowKey="_id"
        label={ADMIN_CONTENT_TYPE_LABELS[type]}
        columns={columns}
        renderCard={card}
        cardLabel={(item) => item.title}
        empty={filtered ? 'Nothing matches these filters.' : `No ${ADMIN_CONTENT_TYPE_LABELS[type].toLowerCase()} yet.`}
      />
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
      {dialogMounted ? (
        <HideContentDialog
          item={hiding}
          onClose={() => setHiding(null)}
          onHidden={() => {
            toast.success('Hidden: the creator is emailed the reason');
            setHiding(null);
            void mutate();
          }}
        />
      ) : null}
    </Flex>
  );
}
