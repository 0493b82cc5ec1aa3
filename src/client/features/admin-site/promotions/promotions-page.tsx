import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button, Flex, Popconfirm, Switch, Tag, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { sitePromoRoutes, type SitePromo } from '@/common/contract/site-promos';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { LinkButton } from '@/client/components/link-button';
import { ListPager } from '@/client/components/list-pager';
import { ResponsiveList } from '@/client/components/responsive-list';
import { tableSort } from '@/client/components/table-sort';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';
import { useRowAction } from '@/client/hooks/use-row-action';
import { CHANGES_SAVED } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { auditLogHref } from '@/client/features/admin-audit/audit-links';
import { removePromo, updatePromo } from './promotions.api';
import { POSITION_LABELS, promoState, type PromoPosition } from './promotion-values';

// The editor (a form, date pickers, an image upload) loads on the first "New" or "Edit".
const PromotionDrawer = dynamic(() => import('./promotion-drawer').then((m) => m.PromotionDrawer), { ssr: false });

const SORTS = ['ordering', 'title', 'position', 'updatedAt', 'createdAt'];
const STATE_TAGS = {
  live: <Tag color="green">Live</Tag>,
  scheduled: <Tag color="blue">Scheduled</Tag>,
  ended: <Tag>Ended</Tag>,
  off: <Tag>Off</Tag>,
};

// plain <img>: a small thumbnail of the stored banner
const Banner = ({ promo }: { promo: SitePromo }) => (
  <img src={promo.imageUrl} alt="" style={{ width: 104, height: 40, objectFit: 'cover', borderRadius: 4, display: 'block', flex: 'none' }} />
);

function windowText(p: SitePromo): string {
  if (!p.startsAt && !p.endsAt) return 'Always';
  const from = p.startsAt ? formatDate(p.startsAt, { withTime: true }) : 'now';
  return p.endsAt ? `${from} – ${formatDate(p.endsAt, { withTime: true })}` : `From ${from}`;
}

/**
 * /admin/promotions: the banners of the landing and home pages. Create and edit in a drawer,
 * switch on and off in the list, delete after a confirmation naming the banner.
 */
export function PromotionsPage() {
  const list = useQueryList({ sortBy: 'ordering', sort: 'asc' });
  const sortBy = SORTS.includes(list.sortBy) ? list.sortBy : 'ordering';
  const { data, error, mutate } = useRouteData(sitePromoRoutes.adminList, { offset: list.params.offset, limit: list.params.limit, sortBy, sort: list.sort });
  const page = data?.data;
  const { busy, run } = useRowAction(mutate);
  const [editing, setEditing] = useState<SitePromo | 'new' | null>(null);
  const drawerMounted = useOpenedOnce(editing !== null);

  const activeSwitch = (p: SitePromo) => (
    <Switch
      checked={p.active}
      loading={busy === `active:${p._id}`}
      aria-label={`${p.active ? 'Switch off' : 'Switch on'} ${p.title}`}
      onChange={(checked) => void run(`active:${p._id}`, () => updatePromo(p._id, { active: checked }), CHANGES_SAVED)}
    />
  );
  const actions = (p: SitePromo) => (
    <Flex gap={4} wrap>
      <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(p)} aria-label={`Edit ${p.title}`}>Edit</Button>
      <Popconfirm
        title={`Delete the promotion “${p.title}”?`}
        description="Its banner disappears from the site at once and the image is deleted. This cannot be undone."
        okText="Delete"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        onConfirm={() => run(`remove:${p._id}`, () => removePromo(p._id), 'Promotion deleted')}
      >
        <Button size="small" danger icon={<DeleteOutlined />} loading={busy === `remove:${p._id}`} aria-label={`Delete ${p.title}`}>Delete</Button>
      </Popconfirm>
      <LinkButton size="small" type="text" icon={<HistoryOutlined />} href={auditLogHref('promo', p._id)} aria-label={`History of ${p.title}`} />
    </Flex>
  );

  const sort = tableSort<SitePromo>(list, sortBy);
  const columns: TableProps<SitePromo>['columns'] = [
    { key: 'image', title: 'Banner', width: 120, render: (_, p) => <Banner promo={p} /> },
    {
      key: 'title', title: 'Title', sorter: true, sortOrder: sort.sortOrder('title'),
      render: (_, p) => (
        <Flex vertical gap={2} style={{ maxWidth: 320 }}>
          <Typography.Text strong>{p.title}</Typography.Text>
          {p.href ? <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320 }}>{p.href}</Typography.Text> : <Typography.Text type="secondary">No link</Typography.Text>}
          <span>{STATE_TAGS[promoState(p)]}</span>
        </Flex>
      ),
    },
    { key: 'position', title: 'Shown on', sorter: true, sortOrder: sort.sortOrder('position'), responsive: ['md'], render: (_, p) => POSITION_LABELS[p.position as PromoPosition] ?? p.position },
    { key: 'ordering', title: 'Order', sorter: true, sortOrder: sort.sortOrder('ordering'), responsive: ['md'], dataIndex: 'ordering' },
    { key: 'window', title: 'Window', responsive: ['lg'], render: (_, p) => windowText(p) },
    { key: 'active', title: 'Active', render: (_, p) => activeSwitch(p) },
    { key: 'actions', title: '', render: (_, p) => actions(p) },
  ];

  const card = (p: SitePromo) => (
    <Flex vertical gap={8}>
      <Flex gap={12} align="flex-start">
        <Banner promo={p} />
        <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>{p.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>{p.href || 'No link'}</Typography.Text>
        </Flex>
      </Flex>
      <Flex gap={8} wrap align="center">
        {STATE_TAGS[promoState(p)]}
        <Typography.Text type="secondary">{POSITION_LABELS[p.position as PromoPosition] ?? p.position} · order {p.ordering} · {windowText(p)}</Typography.Text>
      </Flex>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex gap={8} align="center">{activeSwitch(p)}<Typography.Text>Active</Typography.Text></Flex>
        {actions(p)}
      </Flex>
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <AdminPageHeader
        title="Promotions"
        description="Banners on the landing page (visitors) and the home page (signed-in fans), shown while active and inside their dates."
        extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>New promotion</Button>}
      />
      <ResponsiveList<SitePromo>
        items={page?.data}
        error={error}
        onRetry={() => void mutate()}
        rowKey="_id"
        label="Promotions"
        columns={columns}
        onTableChange={sort.onChange}
        renderCard={card}
        cardLabel={(p) => p.title}
        empty="No promotions yet. Create one to show a banner on the site."
      />
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
      {drawerMounted ? (
        <PromotionDrawer
          open={editing !== null}
          promo={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={mutate}
        />
      ) : null}
    </Flex>
  );
}
