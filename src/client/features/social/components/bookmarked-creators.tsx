import { Empty, Flex } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { reactionRoutes } from '@/common/contract/social';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/features/discovery/use-route-data';
import { LinkButton } from '@/client/features/discovery/components/link-button';
import { ListError } from '@/client/features/discovery/components/list-error';
import { ListPager } from '@/client/features/discovery/components/list-pager';
import { PerformerGrid } from '@/client/features/discovery/components/performer-grid';

const PAGE_SIZE = 12;

/** The Creators tab of /user/bookmarks (GET /reactions/performers/bookmark). */
export function BookmarkedCreators() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const { data, error, mutate } = useRouteData(reactionRoutes.performerBookmarks, {
    offset: list.params.offset,
    limit: list.params.limit,
  });
  const page = data?.data;

  if (error && !page) return <ListError error={error} onRetry={() => void mutate()} />;
  if (!page) return <PerformerGrid performers={undefined} skeletons={6} label="Bookmarked creators" />;
  if (page.total === 0) {
    return (
      <Empty description="You have not bookmarked any creators yet">
        <LinkButton href="/creator" type="primary" icon={<CompassOutlined />}>
          Explore creators
        </LinkButton>
      </Empty>
    );
  }
  return (
    <Flex vertical gap={24}>
      {page.data.length ? (
        <PerformerGrid performers={page.data.map((b) => b.performer)} label="Bookmarked creators" />
      ) : (
        <Empty description="There is nothing on this page." />
      )}
      <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
    </Flex>
  );
}
