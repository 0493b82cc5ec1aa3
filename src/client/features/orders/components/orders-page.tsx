import { useState } from 'react';
import Link from 'next/link';
import { Button, Empty, Flex, Popconfirm, Select, Table, Tag, Typography, type TableProps } from 'antd';
import { CarOutlined, CheckOutlined, DownloadOutlined, EnvironmentOutlined, RollbackOutlined } from '@ant-design/icons';
import { ORDER_STATUSES, orderRoutes, type Order, type OrderSearchQuery, type OrderStatus } from '@/common/contract/orders';
import { useQueryList } from '@/client/hooks/use-query-list';
import { CHANGES_SAVED, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { formatTokens } from '@/client/features/content/format-tokens';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { QuerySearch } from '@/client/features/discovery/components/query-search';
import { addressLine } from '@/client/features/addresses/format-address';
import { fetchDownloadLink } from '@/client/features/products/products.api';
import { changeDeliveryAddress, updateOrder } from '../orders.api';
import { isRefundable, STATUS_COLORS, STATUS_LABELS } from '../order-format';
import { DeliveryAddressModal } from './delivery-address-modal';
import { ShipOrderModal } from './ship-order-modal';
import { useRowAction } from '@/client/hooks/use-row-action';

const PAGE_SIZE = 10;
type Mode = 'buyer' | 'seller';

/** Sends the browser to the signed link: the file arrives as a download. */
const startDownload = (url: string) => window.location.assign(url);

/**
 * /user/orders (mode `buyer`: what I bought; download, change the address while processing) and
 * /creator/my-order (mode `seller`: orders of my products; ship with a tracking code, mark
 * delivered, refund). Page, status and search live in the query string.
 */
export function OrdersPage({ mode, onDownload = startDownload }: { mode: Mode; onDownload?: (url: string) => void }) {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const { q, status } = list.filters;
  const validStatus = (ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as OrderStatus) : undefined;
  const query: OrderSearchQuery = {
    offset: list.params.offset,
    limit: list.params.limit,
    ...(validStatus ? { status: validStatus } : {}),
    ...(q ? { q } : {}),
  };
  const { data, error, mutate } = useRouteData(mode === 'seller' ? orderRoutes.sales : orderRoutes.purchases, query);
  const page = data?.data;
  const { busy, setBusy, run } = useRowAction(mutate);
  const [shipping, setShipping] = useState<Order | null>(null);
  const [moving, setMoving] = useState<Order | null>(null);

  const download = async (o: Order) => {
    setBusy(`download-${o._id}`);
    try {
      onDownload((await fetchDownloadLink(o.productId!)).data.url);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const sellerActions = (o: Order) => (
    <Flex gap={6} wrap>
      {o.status === 'processing' && o.productType === 'physical' ? (
        <Button size="small" icon={<CarOutlined />} onClick={() => setShipping(o)} aria-label={`Mark ${o.orderNumber} shipped`}>Mark shipped</Button>
      ) : null}
      {o.status === 'shipped' ? (
        <Popconfirm title="Mark this order delivered?" okText="Delivered" cancelText="Cancel" onConfirm={() => run(`delivered-${o._id}`, () => updateOrder(o._id, { status: 'delivered' }))}>
          <Button size="small" icon={<CheckOutlined />} loading={busy === `delivered-${o._id}`} aria-label={`Mark ${o.orderNumber} delivered`}>Delivered</Button>
        </Popconfirm>
      ) : null}
      {isRefundable(o) ? (
        <Popconfirm
          title="Refund this order?"
          description={`${formatTokens(o.totalPrice)} go back to the buyer's wallet and out of your earnings.`}
          okText="Refund"
          okButtonProps={{ danger: true }}
          cancelText="Cancel"
          onConfirm={() => run(`refund-${o._id}`, () => updateOrder(o._id, { status: 'refunded' }))}
        >
          <Button size="small" danger icon={<RollbackOutlined />} loading={busy === `refund-${o._id}`} aria-label={`Refund ${o.orderNumber}`}>Refund</Button>
        </Popconfirm>
      ) : null}
    </Flex>
  );

  const buyerActions = (o: Order) => (
    <Flex gap={6} wrap>
      {o.productType === 'digital' && o.status === 'delivered' && o.productId ? (
        <Button size="small" type="primary" icon={<DownloadOutlined />} loading={busy === `download-${o._id}`} onClick={() => download(o)}>Download</Button>
      ) : null}
      {o.productType === 'physical' && o.status === 'processing' ? (
        <Button size="small" icon={<EnvironmentOutlined />} onClick={() => setMoving(o)} aria-label={`Change the address of ${o.orderNumber}`}>Change address</Button>
      ) : null}
    </Flex>
  );

  const columns: TableProps<Order>['columns'] = [
    {
      key: 'order', title: 'Order',
      render: (_, o) => (
        <Flex vertical>
          <Typography.Text strong copyable={{ text: o.orderNumber }}>{o.orderNumber}</Typography.Text>
          <Typography.Text type="secondary">{new Date(o.createdAt).toLocaleDateString('en-US')}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'product', title: 'Product',
      render: (_, o) => (
        <Flex vertical>
          {o.productId ? <Link href={`/product/${o.productId}`}>{o.productName}</Link> : <span>{o.productName}</span>}
          <Typography.Text type="secondary">{o.productType === 'digital' ? 'Digital' : `Physical × ${o.quantity}`}</Typography.Text>
        </Flex>
      ),
    },
    mode === 'seller'
      ? { key: 'buyer', title: 'Buyer', render: (_, o) => `${o.buyer.name}${o.buyer.username ? ` (@${o.buyer.username})` : ''}` }
      : { key: 'seller', title: 'Creator', render: (_, o) => (o.performer.username ? <Link href={`/${o.performer.username}`}>{o.performer.name}</Link> : o.performer.name) },
    { key: 'total', title: 'Total', render: (_, o) => formatTokens(o.totalPrice) },
    { key: 'status', title: 'Status', render: (_, o) => <Tag color={STATUS_COLORS[o.status]}>{STATUS_LABELS[o.status]}</Tag> },
    {
      key: 'delivery', title: 'Delivery',
      render: (_, o) => o.productType === 'digital' ? <Typography.Text type="secondary">Download</Typography.Text> : (
        <Flex vertical style={{ maxWidth: 280 }}>
          {o.deliveryAddress ? <span>{addressLine(o.deliveryAddress)}</span> : null}
          {o.deliveryAddress?.phone ? <Typography.Text type="secondary">{o.deliveryAddress.phone}</Typography.Text> : null}
          {o.trackingCode ? <Typography.Text>Tracking: <Typography.Text code copyable>{o.trackingCode}</Typography.Text></Typography.Text> : null}
          {mode === 'seller' && o.note ? <Typography.Text type="secondary">Note: {o.note}</Typography.Text> : null}
        </Flex>
      ),
    },
    { key: 'actions', title: '', render: (_, o) => (mode === 'seller' ? sellerActions(o) : buyerActions(o)) },
  ];

  const filtered = Boolean(q || validStatus);
  let body;
  if (error && !page) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (page && page.total === 0 && !filtered) {
    body = mode === 'seller'
      ? <Empty description="No orders yet. When fans buy from your store, their orders appear here." />
      : <Empty description="You have not bought anything yet."><Link href="/creator">Explore creators</Link></Empty>;
  } else {
    body = (
      <Table<Order>
        rowKey="_id"
        columns={columns}
        dataSource={page?.data}
        loading={!page}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description="No orders match." /> }}
        aria-label={mode === 'seller' ? 'Orders of my products' : 'My orders'}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>{mode === 'seller' ? 'Orders' : 'My orders'}</Typography.Title>
        <Typography.Text type="secondary">
          {mode === 'seller' ? 'What fans bought from your store: ship, mark delivered or refund.' : 'What you bought, where it goes and how far it got.'}
        </Typography.Text>
      </div>
      <Flex gap={8} wrap>
        <QuerySearch value={q} onSearch={(text) => list.setFilter({ q: text })} placeholder="Order number or product" label="Search orders" style={{ maxWidth: 320 }} />
        <Select
          aria-label="Status"
          style={{ width: 160 }}
          value={validStatus ?? ''}
          onChange={(v) => list.setFilter({ status: v })}
          options={[{ value: '', label: 'All statuses' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
        />
      </Flex>
      {body}
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
      <ShipOrderModal
        order={shipping}
        onClose={() => setShipping(null)}
        onShip={async (trackingCode) => {
          if (shipping && (await run(`ship-${shipping._id}`, () => updateOrder(shipping._id, { status: 'shipped', trackingCode })))) setShipping(null);
        }}
      />
      <DeliveryAddressModal
        order={moving}
        onClose={() => setMoving(null)}
        onSave={async (addressId) => {
          if (moving && (await run(`move-${moving._id}`, () => changeDeliveryAddress(moving._id, addressId), CHANGES_SAVED))) setMoving(null);
        }}
      />
    </Flex>
  );
}
