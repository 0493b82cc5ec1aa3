import { Empty, Flex } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { galleryRoutes } from '@/common/contract/galleries';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/features/discovery/use-route-data';
import { LinkButton } from '@/client/features/discovery/components/link-button';
import { ListError } from '@/client/features/discovery/components/list-error';
import { ListPager } from '@/client/features/discovery/components/list-pager';
import { GalleryGrid } from './gallery-card';

const PAGE_SIZE = 12;

/** The Galleries tab of /user/bookmarks (GET /reactions/galleries/bookmark), newest bookmark first. */
export function BookmarkedGalleries() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const { data, error, mutate } = useRouteData(galleryRoutes.bookmarks, { offset: list.params.offset, limit: list.params.limit });
  const page = data?.data;

  if (error && !page) return <ListError error={error} onRetry={() => void mutate()} />;
  if (!page) return <GalleryGrid galleries={undefined} hrefOf={() => ''} label="Bookmarked galleries" />;
  if (page.total === 0) {
    return (
      <Empty description="You have not bookmarked any galleries yet">
        <LinkButton href="/creator" type="primary" icon={<CompassOutlined />}>
          Explore creators
        </LinkButton>
      </Empty>
    );
  }
  return (
    <Flex vertical gap={24}>
      {page.data.length ? (
        <GalleryGrid galleries={page.data} hrefOf={(g) => `/gallery/${g._id}`} label="Bookmarked galleries" />
      ) : (
        <Empty description="There is nothing on this page." />
      )}
      <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
    </Flex>
  );
}
