import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button, Flex, Popconfirm, Segmented, Tag, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, ExportOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { POST_STATUSES, postRoutes, type Post, type PostStatus } from '@/common/contract/posts';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { LinkButton } from '@/client/components/link-button';
import { ListPager } from '@/client/components/list-pager';
import { ResponsiveList } from '@/client/components/responsive-list';
import { QuerySearch } from '@/client/components/query-search';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';
import { useRowAction } from '@/client/hooks/use-row-action';
import { formatDate } from '@/client/lib/format-date';
import { auditLogHref } from '@/client/features/admin-audit/audit-links';
import { removePage } from './pages.api';

// The editor (a form and the rich text field) loads on the first "New page" or "Edit".
const PageEditorDrawer = dynamic(() => import('./page-editor-drawer').then((m) => m.PageEditorDrawer), { ssr: false });

const ALL = 'all';
const statusTag = (p: Post) => (p.status === 'published' ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>);

/**
 * /admin/pages: the site's own pages (/page/{slug}: about, terms, privacy...). Published ones are
 * linked in the footer in their order; drafts are visible to operators only.
 */
export function PagesPage() {
  const list = useQueryList();
  const status = (POST_STATUSES as readonly string[]).includes(list.filters.status ?? '') ? (list.filters.status as PostStatus) : undefined;
  const q = list.filters.q?.slice(0, 100);
  const { data, error, mutate } = useRouteData(postRoutes.adminList, {
    offset: list.params.offset, limit: list.params.limit, ...(status ? { status } : {}), ...(q ? { q } : {}),
  });
  const page = data?.data;
  const { busy, run } = useRowAction(mutate);
  const [editing, setEditing] = useState<Post | 'new' | null>(null);
  const drawerMounted = useOpenedOnce(editing !== null);

  const actions = (p: Post) => (
    <Flex gap={4} wrap>
      <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(p)} aria-label={`Edit ${p.title}`}>Edit</Button>
      <Button size="small" icon={<ExportOutlined />} href={`/page/${p.slug}`} target="_blank" rel="noopener noreferrer">
        {p.status === 'published' ? 'View' : 'Preview'}
      </Button>
      <Popconfirm
        title={`Delete the page “${p.title}”?`}
        description={`/page/${p.slug} will answer “not found” and its footer link disappears. This cannot be undone.`}
        okText="Delete"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        onConfirm={() => run(`remove:${p._id}`, () => removePage(p._id), 'Page deleted')}
      >
        <Button size="small" danger icon={<DeleteOutlined />} loading={busy === `remove:${p._id}`} aria-label={`Delete ${p.title}`}>Delete</Button>
      </Popconfirm>
      <LinkButton size="small" type="text" icon={<HistoryOutlined />} href={auditLogHref('page', p._id)} aria-label={`History of ${p.title}`} />
    </Flex>
  );

  const columns: TableProps<Post>['columns'] = [
    {
      key: 'title', title: 'Page',
      render: (_, p) => (
        <Flex vertical gap={2} style={{ maxWidth: 360 }}>
          <Typography.Text strong>{p.title}</Typography.Text>
          <Typography.Text type="secondary">/page/{p.slug}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'status', title: 'Status', render: (_, p) => statusTag(p) },
    { key: 'ordering', title: 'Footer order', dataIndex: 'ordering', responsive: ['md'] },
    { key: 'updatedAt', title: 'Updated', responsive: ['md'], render: (_, p) => formatDate(p.updatedAt, { withTime: true }) },
    { key: 'actions', title: '', render: (_, p) => actions(p) },
  ];

  const card = (p: Post) => (
    <Flex vertical gap={6}>
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>{p.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>/page/{p.slug}</Typography.Text>
        </Flex>
        {statusTag(p)}
      </Flex>
      <Typography.Text type="secondary">Footer order {p.ordering} · updated {formatDate(p.updatedAt, { withTime: true })}</Typography.Text>
      {actions(p)}
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <AdminPageHeader
        title="Pages"
        description="About, terms, privacy and any other page of the site. Published pages are linked in the footer."
        extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>New page</Button>}
      />
      <Flex gap={8} wrap>
        <Segmented<string>
          aria-label="Status"
          value={status ?? ALL}
          onChange={(v) => list.setFilter({ status: v === ALL ? undefined : v })}
          options={[{ value: ALL, label: 'All' }, { value: 'published', label: 'Published' }, { value: 'draft', label: 'Drafts' }]}
        />
        <QuerySearch value={q} onSearch={(v) => list.setFilter({ q: v })} placeholder="Search titles" label="Search titles" style={{ width: 260 }} />
      </Flex>
      <ResponsiveList<Post>
        items={page?.data}
        error={error}
        onRetry={() => void mutate()}
        rowKey="_id"
        label="Pages"
        columns={columns}
        renderCard={card}
        cardLabel={(p) => p.title}
        empty={status || q ? 'No pages match.' : 'No pages yet.'}
      />
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
      {drawerMounted ? (
        <PageEditorDrawer open={editing !== null} post={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={mutate} />
      ) : null}
    </Flex>
  );
}
