import { Button, Card, Empty, Flex, Grid, Popconfirm, Select, Table, Tag, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import Link from 'next/link';
import { useState } from 'react';
import { OWN_PRODUCT_SORTS, productRoutes, type OwnProduct, type OwnProductQuery } from '@/common/contract/products';
import { useQueryList } from '@/client/hooks/use-query-list';
import { ACTION_SUCCESS, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { formatTokens } from '@/client/features/content/format-tokens';
import { useRouteData } from '@/client/hooks/use-route-data';
import { LinkButton } from '@/client/components/link-button';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { QuerySearch } from '@/client/features/discovery/components/query-search';
import { deleteProduct } from '../products.api';
import { productHref, productPicture, TYPE_LABELS } from '../product-format';
import { StatusTag, StockCell } from './stock-cell';

const PAGE_SIZE = 10;
const oneOf = <T extends string>(values: readonly T[], value: string | undefined) => (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

const editHref = (p: OwnProduct) => `/creator/my-store/${p._id}/edit`;
const Thumb = ({ product, size }: { product: OwnProduct; size: number }) => (
  <img src={productPicture(product)} alt="" width={size} height={size} style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }} />
);

/** /creator/my-store: the creator's products with search, filters, sorting, edit and delete. */
export function MyStorePage() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const screens = Grid.useBreakpoint();
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
      toast.success(ACTION_SUCCESS);
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
    <Flex gap={8} wrap>
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
    </Flex>
  );

  const sorted = (key: string) => (list.sortBy === key ? (list.sort === 'asc' ? 'ascend' : 'descend') : null);
  const columns: TableProps<OwnProduct>['columns'] = [
    { key: 'image', title: '', width: 64, render: (_, p) => <Thumb product={p} size={48} /> },
    {
      key: 'name', title: 'Name', sorter: true, sortOrder: sorted('name'),
      render: (_, p) => <Link href={productHref(p)}>{p.name}</Link>,
    },
    { key: 'type', title: 'Type', render: (_, p) => <Tag color={p.type === 'digital' ? 'blue' : 'default'}>{p.type === 'digital' ? 'Digital' : 'Physical'}</Tag> },
    { key: 'price', title: 'Price', sorter: true, sortOrder: sorted('price'), render: (_, p) => formatTokens(p.price) },
    { key: 'stock', title: 'Stock', render: (_, p) => <StockCell product={p} /> },
    { key: 'sold', title: 'Sold', sorter: true, sortOrder: sorted('sold'), render: (_, p) => p.sold.toLocaleString('en-US') },
    { key: 'status', title: 'Status', render: (_, p) => <StatusTag status={p.status} /> },
    { key: 'updatedAt', title: 'Updated', sorter: true, sortOrder: sorted('updatedAt'), render: (_, p) => new Date(p.updatedAt).toLocaleDateString('en-US') },
    { key: 'actions', title: '', render: (_, p) => actions(p) },
  ];

  const onTableChange: TableProps<OwnProduct>['onChange'] = (_pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    if (!s?.order) list.update({ sortBy: undefined, sort: undefined, current: 1 });
    else list.update({ sortBy: String(s.columnKey), sort: s.order === 'ascend' ? 'asc' : 'desc', current: 1 });
  };

  let body;
  if (error && !page) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (page && page.total === 0 && !q && !type && !status) {
    body = (
      <Empty description="Your store is empty. Add what you sell: merchandise you ship, or files fans download.">
        <LinkButton href="/creator/my-store/create" type="primary" icon={<PlusOutlined />}>
          Add a product
        </LinkButton>
      </Empty>
    );
  } else if (screens.md === false) {
    body = !page ? (
      <Card loading />
    ) : page.data.length ? (
      <Flex vertical gap={12} role="list" aria-label="My products">
        {page.data.map((p) => (
          <Card key={p._id} size="small" role="listitem" aria-label={p.name}>
            <Flex gap={12}>
              <Thumb product={p} size={72} />
              <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Link href={productHref(p)} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.name}</Link>
                <Typography.Text>{formatTokens(p.price)} · {TYPE_LABELS[p.type]}</Typography.Text>
                <Flex gap={8} wrap align="center">
                  <StockCell product={p} />
                  <StatusTag status={p.status} />
                  <Typography.Text type="secondary">{p.sold} sold</Typography.Text>
                </Flex>
                {actions(p)}
              </Flex>
            </Flex>
          </Card>
        ))}
      </Flex>
    ) : (
      <Empty description="No products match." />
    );
  } else {
    body = (
      <Table<OwnProduct>
        rowKey="_id"
        columns={columns}
        dataSource={page?.data}
        loading={!page}
        pagination={false}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description="No products match." /> }}
        aria-label="My products"
      />
    );
  }

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
      {body}
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
    </Flex>
  );
}
