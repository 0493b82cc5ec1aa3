import { Empty, Flex } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { feedRoutes } from '@/common/contract/feeds';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { LinkButton } from '@/client/components/link-button';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { FeedList } from './feed-list';

const PAGE_SIZE = 10;

/** The Posts tab of /user/bookmarks (GET /reactions/feeds/bookmark), newest bookmark first. */
export function BookmarkedPosts() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const { data, error, mutate, isLoading } = useRouteData(feedRoutes.bookmarks, { offset: list.params.offset, limit: list.params.limit });
  const page = data?.data;
  if (error && !page) return <ListError error={error} onRetry={() => void mutate()} />;
  const empty = page && page.total > 0 ? (
    <Empty description="There is nothing on this page." />
  ) : (
    <Empty description="You have not bookmarked any posts yet">
      <LinkButton href="/creator" type="primary" icon={<CompassOutlined />}>
        Explore creators
      </LinkButton>
    </Empty>
  );
  return (
    <Flex vertical gap={24} style={{ maxWidth: 680 }}>
      <FeedList
        label="Bookmarked posts"
        empty={empty}
        pages={{
          items: page?.data ?? [], error, isLoading: isLoading || !page, hasMore: false, loadingMore: false, pageCount: 1,
          loadMore: () => undefined, reload: () => void mutate(),
        }}
      />
      {page ? <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} /> : null}
    </Flex>
  );
}
