import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button, Flex, Popconfirm, Tag, Typography, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { paymentRoutes, type Coupon } from '@/common/contract/payments';
import { AdminPageHeader } from '@/client/components/admin-page-header';
import { ListPager } from '@/client/components/list-pager';
import { ResponsiveList } from '@/client/components/responsive-list';
import { QuerySearch } from '@/client/components/query-search';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { useRowAction } from '@/client/hooks/use-row-action';
import { formatDate } from '@/client/lib/format-date';
import { toast } from '@/client/lib/toast';
import { updateCoupon } from '../admin-money.api';
import { couponState, type CouponState } from './coupon-rules';

// The form and the redemptions load when opened (each is mounted only while open).
const CouponFormModal = dynamic(() => import('./coupon-form-modal').then((m) => m.CouponFormModal), { ssr: false });
const CouponRedemptionsDrawer = dynamic(() => import('./coupon-redemptions-drawer').then((m) => m.CouponRedemptionsDrawer), { ssr: false });

const STATE_COLORS: Record<CouponState, string> = { active: 'green', inactive: 'default', expired: 'orange', 'used up': 'purple' };
const uses = (c: Coupon) => `${c.usedCount} / ${c.numberOfUses ?? '∞'}`;

/**
 * /admin/coupons: every coupon with its uses; create and edit in a dialog, deactivate (or activate
 * again) with a confirmation that says what it does, and the list of uses in a drawer.
 */
export function AdminCouponsPage() {
  const list = useQueryList({ pageSize: 20 });
  const q = list.filters.q?.trim() || undefined;
  const { data, error, mutate } = useRouteData(paymentRoutes.adminListCoupons, { offset: list.params.offset, limit: list.params.limit, ...(q ? { q } : {}) });
  const page = data?.data;
  const { busy, run } = useRowAction(mutate);
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [viewing, setViewing] = useState<Coupon | null>(null);

  const toggle = (c: Coupon) => run(c._id, () => updateCoupon(c._id, { active: !c.active }), c.active ? `${c.code} is deactivated` : `${c.code} is active again`);

  const actions = (c: Coupon) => (
    <Flex gap={8} wrap>
      <Button size="small" onClick={() => setEditing(c)} aria-label={`Edit ${c.code}`}>Edit</Button>
      <Button size="small" onClick={() => setViewing(c)} aria-label={`Uses of ${c.code}`}>Uses</Button>
      {c.active ? (
        <Popconfirm
          title={`Deactivate ${c.code}?`}
          description="Fans can no longer use it; payments that already used it keep their discount."
          okText="Deactivate"
          okButtonProps={{ danger: true }}
          cancelText="Cancel"
          onConfirm={() => toggle(c)}
        >
          <Button size="small" danger loading={busy === c._id} aria-label={`Deactivate ${c.code}`}>Deactivate</Button>
        </Popconfirm>
      ) : (
        <Button size="small" loading={busy === c._id} onClick={() => void toggle(c)} aria-label={`Activate ${c.code}`}>Activate</Button>
      )}
    </Flex>
  );

  const columns: TableProps<Coupon>['columns'] = [
    { key: 'code', title: 'Code', render: (_, c) => <Typography.Text strong copyable={{ text: c.code }}>{c.code}</Typography.Text> },
    { key: 'discount', title: 'Discount', align: 'right', render: (_, c) => `${c.discountPercentage} %` },
    { key: 'uses', title: 'Uses', align: 'right', render: (_, c) => uses(c) },
    { key: 'expires', title: 'Valid until', render: (_, c) => (c.expiredDate ? formatDate(c.expiredDate, { withTime: true }) : 'No expiry') },
    { key: 'state', title: 'Status', render: (_, c) => <Tag color={STATE_COLORS[couponState(c)]}>{couponState(c)}</Tag> },
    { key: 'actions', title: '', render: (_, c) => actions(c) },
  ];
  const card = (c: Coupon) => (
    <Flex vertical gap={6}>
      <Flex justify="space-between" align="center"><strong>{c.code}</strong><Tag color={STATE_COLORS[couponState(c)]}>{couponState(c)}</Tag></Flex>
      <Typography.Text type="secondary">{c.discountPercentage} % off · used {uses(c)} · {c.expiredDate ? `until ${formatDate(c.expiredDate)}` : 'no expiry'}</Typography.Text>
      {actions(c)}
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <AdminPageHeader
        title="Coupons"
        description="Percentage discounts on top-ups and subscriptions, paid by the platform. Each fan uses a coupon once."
        extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>New coupon</Button>}
      />
      <QuerySearch value={q} onSearch={(value) => list.setFilter({ q: value })} placeholder="Code" label="Search coupons" style={{ maxWidth: 280 }} />
      <ResponsiveList<Coupon>
        items={page?.data}
        error={error}
        onRetry={() => void mutate()}
        rowKey="_id"
        label="Coupons"
        columns={columns}
        renderCard={card}
        cardLabel={(c) => c.code}
        empty={q ? 'No coupon matches this code.' : 'No coupons yet: create the first one.'}
      />
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
      {editing ? (
        <CouponFormModal
          coupon={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(c) => {
            setEditing(null);
            toast.success(editing === 'new' ? `Coupon ${c.code} created` : 'Changes saved');
            void mutate();
          }}
        />
      ) : null}
      {viewing ? <CouponRedemptionsDrawer coupon={viewing} onClose={() => setViewing(null)} /> : null}
    </Flex>
  );
}
