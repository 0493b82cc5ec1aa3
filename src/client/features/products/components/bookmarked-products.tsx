import { Empty, Flex } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { productRoutes } from '@/common/contract/products';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/features/discovery/use-route-data';
import { LinkButton } from '@/client/features/discovery/components/link-button';
import { ListError } from '@/client/features/discovery/components/list-error';
import { ListPager } from '@/client/features/discovery/components/list-pager';
import { ProductGrid } from './product-card';

const PAGE_SIZE = 12;

/** The Products tab of /user/bookmarks (GET /reactions/products/bookmark). */
export function BookmarkedProducts() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const { data, error, mutate } = useRouteData(productRoutes.bookmarks, { offset: list.params.offset, limit: list.params.limit });
  const page = data?.data;

  if (error && !page) return <ListError error={error} onRetry={() => void mutate()} />;
  if (!page) return <ProductGrid products={undefined} label="Bookmarked products" />;
  if (page.total === 0) {
    return (
      <Empty description="You have not bookmarked any products yet">
        <LinkButton href="/creator" type="primary" icon={<CompassOutlined />}>
          Explore creators
        </LinkButton>
      </Empty>
    );
  }
  return (
    <Flex vertical gap={24}>
      {page.data.length ? <ProductGrid products={page.data} label="Bookmarked products" /> : <Empty description="There is nothing on this page." />}
      <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
    </Flex>
  );
}
