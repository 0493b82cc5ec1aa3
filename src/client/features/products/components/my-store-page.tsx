import { Button, Empty, Flex, Popconfirm, Select, Tag, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import Link from 'next/link';
import { useState } from 'react';
import { OWN_PRODUCT_SORTS, productRoutes, type OwnProduct, type OwnProductQuery } from '@/common/contract/products';
import { useQueryList } from '@/client/hooks/use-query-list';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { formatCount, formatTokens } from '@/client/lib/format-amount';
import { useRouteData } from '@/client/hooks/use-route-data';
import { LinkButton } from '@/client/components/link-button';
import { ListPager } from '@/client/components/list-pager';
import { RelativeTime } from '@/client/components/relative-time';
import { ResponsiveList } from '@/client/components/responsive-list';
import { tableSort } from '@/client/components/table-sort';
import { QuerySearch } from '@/client/components/query-search';
import { deleteProduct } from '../products.api';
import { productHref, productPicture, TYPE_LABELS } from '../product-format';
import { StatusTag, StockCell } from './stock-cell';
import { HiddenTag } from '@/client/features/content/components/hidden-notice';

const PAGE_SIZE = 10;
const oneOf = <T extends string>(values: readonly T[], value: string | undefined) => (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

const editHref = (p: OwnProduct) => `/creator/my-store/${p._id}/edit`;
const Thumb = ({ product, size }: { product: OwnProduct; size: number }) => (
  <img src={productPicture(product)} alt="" width={size} height={size} style={{ objectFit: 'cover', borderRadius: 6, display: 'block', minWidth: size }} />
);

/** /creator/my-store: the creator's products with search, filters, sorting, edit and delete. */
export function MyStorePage() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const [deleting, setDeleting] = useState<string | null>(null);
  const { q, type, status } = list.filters;
  // Built explicitly: page-only or hand-edited keys never reach the API (it refuses unknown ones).
  const query: OwnProductQuery = {
    offset: list.params.offset,
    limit: list.params.limit,
    sortBy: oneOf(OWN_PRODUCT_SORTS, list.sortBy) ?? 'updatedAt',
    sort: list.sort,
    ...(q ? { q } : {}),
    ...(oneOf(['physical', 'digital'] as const, type) ? { type: type as 'physical' | 'digital' } : {}),
    ...(oneOf(['active', 'draft'] as const, status) ? { status: status as 'active' | 'draft' } : {}),
  };
  const { data, error, mutate } = useRouteData(productRoutes.mine, query);
  const page = data?.data;

  const remove = async (product: OwnProduct) => {
    setDeleting(product._id);
    try {
      await deleteProduct(product._id);
      toast.success('Product deleted');
      await mutate(
        (current) => current && { data: { data: current.data.data.filter((p) => p._id !== product._id), total: Math.max(0, current.data.total - 1) } },
        { revalidate: true },
      );
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setDeleting(null);
    }
  };

  const actions = (product: OwnProduct) => (
    <>
      <LinkButton href={editHref(product)} size="small" icon={<EditOutlined />} aria-label={`Edit ${product.name}`}>
        Edit
      </LinkButton>
      <Popconfirm
        title={`Delete "${product.name}"?`}
        description="Its pictures, file, likes and comments are deleted too."
        okText="Delete"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        onConfirm={() => remove(product)}
      >
        <Button size="small" danger icon={<DeleteOutlined />} loading={deleting === product._id} aria-label={`Delete ${product.name}`}>
          Delete
        </Button>
      </Popconfirm>
    </>
  );

  const sort = tableSort<OwnProduct>(list);
  const columns: TableProps<OwnProduct>['columns'] = [
    { key: 'image', title: '', width: 64, render: (_, p) => <Thumb product={p} size={48} /> },
    {
      key: 'name', title: 'Name', sorter: true, sortOrder: sort.sortOrder('name'),
      render: (_, p) => (
        <Flex vertical gap={4} align="start" style={{ minWidth: 140 }}>
          <Link href={productHref(p)} style={{ overflowWrap: 'break-word' }}>{p.name}</Link>
          <Tag color={p.type === 'digital' ? 'blue' : 'default'}>{TYPE_LABELS[p.type]}</Tag>
        </Flex>
      ),
    },
    { key: 'price', title: 'Price', align: 'right', sorter: true, sortOrder: sort.sortOrder('price'), onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (_, p) => formatTokens(p.price) },
    { key: 'stock', title: 'Stock', render: (_, p) => <StockCell product={p} /> },
    { key: 'sold', title: 'Sold', sorter: true, sortOrder: sort.sortOrder('sold'), align: 'right', render: (_, p) => formatCount(p.sold) },
    { key: 'status', title: 'Status', render: (_, p) => <Flex gap={4} wrap><StatusTag status={p.status} /><HiddenTag item={p} /></Flex> },
    { key: 'updatedAt', title: 'Updated', sorter: true, sortOrder: sort.sortOrder('updatedAt'), onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (_, p) => <RelativeTime value={p.updatedAt} /> },
  ];

  const card = (p: OwnProduct) => (
    <Flex gap={12}>
      <Thumb product={p} size={72} />
      <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Link href={productHref(p)} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.name}</Link>
        <Typography.Text>{formatTokens(p.price)} · {TYPE_LABELS[p.type]}</Typography.Text>
        <Flex gap={8} wrap align="center">
          <StockCell product={p} />
          <StatusTag status={p.status} />
          <HiddenTag item={p} />
          <Typography.Text type="secondary">{formatCount(p.sold)} sold</Typography.Text>
        </Flex>
      </Flex>
    </Flex>
  );

  // A store with nothing in it at all (no filter hides anything) invites the first product.
  const emptyStore = page && page.total === 0 && !q && !type && !status;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            My store
          </Typography.Title>
          <Typography.Text type="secondary">What you sell: things you ship and files fans download.</Typography.Text>
        </div>
        <LinkButton href="/creator/my-store/create" type="primary" icon={<PlusOutlined />}>
          Add a product
        </LinkButton>
      </Flex>
      <Flex gap={8} wrap>
        <QuerySearch value={q} onSearch={(text) => list.setFilter({ q: text })} placeholder="Search my products" label="Search my products" style={{ maxWidth: 320 }} />
        <Select
          aria-label="Type"
          style={{ width: 150 }}
          value={type ?? ''}
          onChange={(v) => list.setFilter({ type: v })}
          options={[{ value: '', label: 'All types' }, { value: 'physical', label: 'Physical' }, { value: 'digital', label: 'Digital' }]}
        />
        <Select
          aria-label="Status"
          style={{ width: 150 }}
          value={status ?? ''}
          onChange={(v) => list.setFilter({ status: v })}
          options={[{ value: '', label: 'All statuses' }, { value: 'active', label: 'Published' }, { value: 'draft', label: 'Draft' }]}
        />
      </Flex>
      {emptyStore ? (
        <Empty description="Your store is empty. Add what you sell: merchandise you ship, or files fans download.">
          <LinkButton href="/creator/my-store/create" type="primary" icon={<PlusOutlined />}>
            Add a product
          </LinkButton>
        </Empty>
      ) : (
        <ResponsiveList<OwnProduct>
          items={page?.data}
          error={error}
          onRetry={() => void mutate()}
          rowKey="_id"
          label="My products"
          columns={columns}
          actions={actions}
          // Seven columns beside the studio's sidebar: cards until 992 px.
          cardsBelow="lg"
          onTableChange={sort.onChange}
          renderCard={card}
          cardLabel={(p) => p.name}
          empty="No products match."
        />
      )}
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
    </Flex>
  );
}
