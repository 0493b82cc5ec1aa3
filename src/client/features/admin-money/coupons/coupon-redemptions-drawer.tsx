import { useState } from 'react';
import { Drawer, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { paymentRoutes, type Coupon } from '@/common/contract/payments';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { useRouteData } from '@/client/hooks/use-route-data';
import { routeUrl } from '@/client/lib/call-route';
import { formatDate } from '@/client/lib/format-date';
import { Person } from '../components/person';
import { formatUsd } from '@/client/lib/format-amount';

const PAGE_SIZE = 20;

/** Who used a coupon, when, and the card payment each use was claimed for. */
export function CouponRedemptionsDrawer({ coupon, onClose }: { coupon: Coupon; onClose: () => void }) {
  const [current, setCurrent] = useState(1);
  const route = { ...paymentRoutes.adminCouponRedemptions, url: routeUrl(paymentRoutes.adminCouponRedemptions.url, { id: coupon._id }) };
  const { data, error, mutate } = useRouteData(route, { offset: (current - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const page = data?.data;

  return (
    <Drawer open title={`Uses of ${coupon.code}`} onClose={onClose} size={480} styles={{ body: { paddingTop: 8 }, wrapper: { maxWidth: "100vw" } }}>
      {error && !page ? (
        <ListError error={error} onRetry={() => void mutate()} />
      ) : (
        <Flex vertical gap={12}>
          {page ? <Typography.Text type="secondary">Used {page.total} {page.total === 1 ? 'time' : 'times'}{coupon.numberOfUses ? ` of ${coupon.numberOfUses}` : ''}.</Typography.Text> : null}
          {!page ? <Skeleton active /> : page.data.length ? (
            <Flex vertical role="list" aria-label="Coupon uses">
              {page.data.map((r, i) => (
                <Flex key={`${r.user?._id ?? 'gone'}-${r.createdAt}`} vertical gap={4} role="listitem" style={{ padding: '12px 0', borderTop: i ? '1px solid var(--ant-color-split, rgba(128,128,128,0.2))' : undefined }}>
                  <Flex justify="space-between" gap={8} wrap>
                    <Person user={r.user} none="Deleted account" />
                    <Typography.Text type="secondary">{formatDate(r.createdAt, { withTime: true })}</Typography.Text>
                  </Flex>
                  {r.payment ? (
                    <Typography.Text>
                      {r.payment.kind === 'top_up' ? 'Top-up' : 'Subscription'}: {formatUsd(r.payment.originalPrice)} − {formatUsd(r.payment.discount)} = {formatUsd(r.payment.totalPrice)}{' '}
                      <Tag>{r.payment.status}</Tag>
                    </Typography.Text>
                  ) : <Typography.Text type="secondary">The payment no longer exists.</Typography.Text>}
                </Flex>
              ))}
            </Flex>
          ) : <Empty description="Nobody has used this coupon yet." />}
          {page ? <ListPager current={current} pageSize={PAGE_SIZE} total={page.total} onChange={(c) => setCurrent(c)} /> : null}
        </Flex>
      )}
    </Drawer>
  );
}
