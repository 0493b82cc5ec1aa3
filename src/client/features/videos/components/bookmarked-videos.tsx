import { Empty, Flex } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { videoRoutes } from '@/common/contract/videos';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/features/discovery/use-route-data';
import { LinkButton } from '@/client/features/discovery/components/link-button';
import { ListError } from '@/client/features/discovery/components/list-error';
import { ListPager } from '@/client/features/discovery/components/list-pager';
import { VideoGrid } from './video-grid';

const PAGE_SIZE = 12;

/** The Videos tab of /user/bookmarks (GET /reactions/videos/bookmark), newest bookmark first. */
export function BookmarkedVideos() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const { data, error, mutate } = useRouteData(videoRoutes.bookmarks, { offset: list.params.offset, limit: list.params.limit });
  const page = data?.data;

  if (error && !page) return <ListError error={error} onRetry={() => void mutate()} />;
  if (!page) return <VideoGrid videos={undefined} label="Bookmarked videos" />;
  if (page.total === 0) {
    return (
      <Empty description="You have not bookmarked any videos yet">
        <LinkButton href="/creator" type="primary" icon={<CompassOutlined />}>
          Explore creators
        </LinkButton>
      </Empty>
    );
  }
  return (
    <Flex vertical gap={24}>
      {page.data.length ? <VideoGrid videos={page.data} label="Bookmarked videos" /> : <Empty description="There is nothing on this page." />}
      <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
    </Flex>
  );
}
