import { Empty, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { productRoutes } from '@/common/contract/products';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { LinkButton } from '@/client/components/link-button';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import type { ProfileTabProps } from '@/client/features/performer/components/profile-tabs';
import { ProductGrid } from './product-card';

const PAGE_SIZE = 12;

/** The Store tab of a creator's page: their products, newest first, paged in the query string. */
export function ProfileStoreTab({ performer, isOwner }: ProfileTabProps) {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const { data, error, mutate } = useRouteData(productRoutes.search, {
    performerId: performer._id,
    offset: list.params.offset,
    limit: list.params.limit,
  });
  const page = data?.data;

  if (error && !page) return <ListError error={error} onRetry={() => void mutate()} title="We could not load this store" />;
  if (!page) return <ProductGrid products={undefined} label="Products" />;
  if (page.total === 0) {
    return (
      <Empty description={isOwner ? 'Your store is empty' : 'No products yet'} style={{ padding: '32px 0' }}>
        {isOwner ? (
          <LinkButton href="/creator/my-store/create" type="primary" icon={<PlusOutlined />}>
            Add a product
          </LinkButton>
        ) : null}
      </Empty>
    );
  }
  return (
    <Flex vertical gap={24} style={{ paddingTop: 8 }}>
      {page.data.length ? <ProductGrid products={page.data} label="Products" /> : <Empty description="There is nothing on this page." />}
      <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
    </Flex>
  );
}
