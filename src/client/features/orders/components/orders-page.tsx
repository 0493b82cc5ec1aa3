import { useState } from 'react';
import Link from 'next/link';
import dynamic from 'next/dynamic';
import { Button, Empty, Flex, Popconfirm, Select, Tag, Typography, type TableProps } from 'antd';
import { CarOutlined, CheckOutlined, DownloadOutlined, EnvironmentOutlined, RollbackOutlined } from '@ant-design/icons';
import { ORDER_STATUSES, orderRoutes, type Order, type OrderSearchQuery, type OrderStatus } from '@/common/contract/orders';
import { useQueryList } from '@/client/hooks/use-query-list';
import { CHANGES_SAVED, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { formatTokens } from '@/client/lib/format-amount';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListPager } from '@/client/components/list-pager';
import { RelativeTime } from '@/client/components/relative-time';
import { ResponsiveList } from '@/client/components/responsive-list';
import { QuerySearch } from '@/client/components/query-search';
import { addressLine } from '@/client/features/addresses/format-address';
import { fetchDownloadLink } from '@/client/features/products/products.api';
import { changeDeliveryAddress, updateOrder } from '../orders.api';
import { isRefundable, STATUS_COLORS, STATUS_LABELS } from '../order-format';
import { useRowAction } from '@/client/hooks/use-row-action';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';

// The shipping and delivery-address forms load on the first "Ship" or "Change address".
const ShipOrderModal = dynamic(() => import('./ship-order-modal').then((m) => m.ShipOrderModal), { ssr: false });
const DeliveryAddressModal = dynamic(() => import('./delivery-address-modal').then((m) => m.DeliveryAddressModal), { ssr: false });

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
  const shipMounted = useOpenedOnce(shipping !== null);
  const moveMounted = useOpenedOnce(moving !== null);

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
    <>
      {o.status === 'processing' && o.productType === 'physical' ? (
        <Button size="small" icon={<CarOutlined />} onClick={() => setShipping(o)} aria-label={`Mark ${o.orderNumber} shipped`}>Mark shipped</Button>
      ) : null}
      {o.status === 'shipped' ? (
        <Popconfirm title="Mark this order delivered?" okText="Delivered" cancelText="Cancel" onConfirm={() => run(`delivered-${o._id}`, () => updateOrder(o._id, { status: 'delivered' }), `${o.orderNumber} marked delivered`)}>
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
          onConfirm={() => run(`refund-${o._id}`, () => updateOrder(o._id, { status: 'refunded' }), `${o.orderNumber} refunded`)}
        >
          <Button size="small" danger icon={<RollbackOutlined />} loading={busy === `refund-${o._id}`} aria-label={`Refund ${o.orderNumber}`}>Refund</Button>
        </Popconfirm>
      ) : null}
    </>
  );

  const buyerActions = (o: Order) => (
    <>
      {o.productType === 'digital' && o.status === 'delivered' && o.productId ? (
        <Button size="small" type="primary" icon={<DownloadOutlined />} loading={busy === `download-${o._id}`} onClick={() => download(o)}>Download</Button>
      ) : null}
      {o.productType === 'physical' && o.status === 'processing' ? (
        <Button size="small" icon={<EnvironmentOutlined />} onClick={() => setMoving(o)} aria-label={`Change the address of ${o.orderNumber}`}>Change address</Button>
      ) : null}
    </>
  );
  const actions = (o: Order) => (mode === 'seller' ? sellerActions(o) : buyerActions(o));
  // Who is on the other side of the order: the buyer for a seller, the creator for a buyer.
  const party = (o: Order) => (mode === 'seller'
    ? `${o.buyer.name}${o.buyer.username ? ` (@${o.buyer.username})` : ''}`
    : (o.performer.username ? <Link href={`/${o.performer.username}`}>{o.performer.name}</Link> : o.performer.name));
  // What was bought and from or by whom (one column, so the table fits beside the studio's sidebar).
  const product = (o: Order) => (
    <Flex vertical>
      {o.productId ? <Link href={`/product/${o.productId}`} style={{ overflowWrap: 'anywhere' }}>{o.productName}</Link> : <span>{o.productName}</span>}
      <Typography.Text type="secondary">
        {o.productType === 'digital' ? 'Digital' : `Physical × ${o.quantity}`} · {mode === 'seller' ? 'bought by' : 'from'} {party(o)}
      </Typography.Text>
    </Flex>
  );
  const orderNumber = (o: Order) => (
    <Typography.Text copyable={{ text: o.orderNumber }} style={{ fontSize: 13, overflowWrap: 'anywhere' }}>{o.orderNumber}</Typography.Text>
  );
  const delivery = (o: Order) => (o.productType === 'digital' ? <Typography.Text type="secondary">Download</Typography.Text> : (
    <Flex vertical style={{ minWidth: 160, maxWidth: 260, overflowWrap: 'anywhere' }}>
      {o.deliveryAddress ? <span>{addressLine(o.deliveryAddress)}</span> : null}
      {o.deliveryAddress?.phone ? <Typography.Text type="secondary">{o.deliveryAddress.phone}</Typography.Text> : null}
      {o.trackingCode ? <Typography.Text>Tracking: <Typography.Text code copyable>{o.trackingCode}</Typography.Text></Typography.Text> : null}
      {mode === 'seller' && o.note ? <Typography.Text type="secondary">Note: {o.note}</Typography.Text> : null}
    </Flex>
  ));
  const statusTag = (o: Order) => <Tag color={STATUS_COLORS[o.status]}>{STATUS_LABELS[o.status]}</Tag>;

  const nowrap = { style: { whiteSpace: 'nowrap' as const } };
  const columns: TableProps<Order>['columns'] = [
    {
      key: 'order', title: 'Order',
      render: (_, o) => (
        <Flex vertical style={{ minWidth: 200 }}>
          {product(o)}
          {orderNumber(o)}
          <Typography.Text type="secondary" style={{ fontSize: 13 }}><RelativeTime value={o.createdAt} /></Typography.Text>
        </Flex>
      ),
    },
    { key: 'total', title: 'Total', align: 'right', onCell: () => nowrap, render: (_, o) => formatTokens(o.totalPrice) },
    { key: 'status', title: 'Status', render: (_, o) => statusTag(o) },
    { key: 'delivery', title: 'Delivery', render: (_, o) => delivery(o) },
  ];

  const card = (o: Order) => (
    <Flex vertical gap={6}>
      <Flex justify="space-between" align="start" gap={8}>
        {product(o)}
        {statusTag(o)}
      </Flex>
      <Typography.Text>
        <strong>{formatTokens(o.totalPrice)}</strong> · <RelativeTime value={o.createdAt} />
      </Typography.Text>
      {orderNumber(o)}
      {delivery(o)}
    </Flex>
  );

  const filtered = Boolean(q || validStatus);
  let body;
  if (page && page.total === 0 && !filtered) {
    body = mode === 'seller'
      ? <Empty description="No orders yet. When fans buy from your store, their orders appear here." />
      : <Empty description="You have not bought anything yet."><Link href="/creator">Explore creators</Link></Empty>;
  } else {
    body = (
      <ResponsiveList<Order>
        items={page?.data}
        error={error}
        onRetry={() => void mutate()}
        rowKey="_id"
        label={mode === 'seller' ? 'Orders of my products' : 'My orders'}
        columns={columns}
        actions={actions}
        // Below 992 px (the studio's sidebar goes) a card per order reads better than a squeezed table.
        cardsBelow="lg"
        renderCard={card}
        cardLabel={(o) => `Order ${o.orderNumber}`}
        empty="No orders match."
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
      {shipMounted ? (
        <ShipOrderModal
          order={shipping}
          onClose={() => setShipping(null)}
          onShip={async (trackingCode) => {
            if (shipping && (await run(`ship-${shipping._id}`, () => updateOrder(shipping._id, { status: 'shipped', trackingCode }), `${shipping.orderNumber} marked shipped`))) setShipping(null);
          }}
        />
      ) : null}
      {moveMounted ? (
        <DeliveryAddressModal
          order={moving}
          onClose={() => setMoving(null)}
          onSave={async (addressId) => {
            if (moving && (await run(`move-${moving._id}`, () => changeDeliveryAddress(moving._id, addressId), CHANGES_SAVED))) setMoving(null);
          }}
        />
      ) : null}
    </Flex>
  );
}
