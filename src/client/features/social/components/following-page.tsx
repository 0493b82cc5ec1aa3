import { Button, Empty, Flex, Typography } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { followRoutes } from '@/common/contract/social';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { LinkButton } from '@/client/components/link-button';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { PerformerGrid } from '@/client/features/discovery/components/performer-grid';
import { QuerySearch } from '@/client/components/query-search';

const PAGE_SIZE = 12;

/** /user/following: the creators I follow, searchable and paged in the query string. */
export function FollowingPage() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const q = list.filters.q?.trim().slice(0, 100);
  const { data, error, mutate } = useRouteData(followRoutes.following, {
    offset: list.params.offset,
    limit: list.params.limit,
    ...(q ? { q } : {}),
  });
  const page = data?.data;

  let body;
  if (error && !page) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!page) body = <PerformerGrid performers={undefined} skeletons={6} label="Following" />;
  else if (!page.data.length && q) {
    body = (
      <Empty description={`No creators you follow match “${q}”`}>
        <Button onClick={() => list.setFilter({ q: undefined })}>Clear search</Button>
      </Empty>
    );
  } else if (!page.data.length && page.total === 0) {
    body = (
      <Empty description="You are not following anyone yet">
        <LinkButton href="/creator" type="primary" icon={<CompassOutlined />}>
          Explore creators
        </LinkButton>
      </Empty>
    );
  } else {
    body = (
      <Flex vertical gap={24}>
        {page.data.length ? (
          <PerformerGrid performers={page.data.map((f) => f.performer)} label="Following" />
        ) : (
          <Empty description="There is nothing on this page." />
        )}
        <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Following
        </Typography.Title>
        <Typography.Text type="secondary">
          {page && page.total > 0 ? `You follow ${page.total} ${page.total === 1 ? 'creator' : 'creators'}.` : 'Creators you follow.'}
        </Typography.Text>
      </div>
      <QuerySearch
        value={list.filters.q}
        onSearch={(text) => list.setFilter({ q: text || undefined })}
        placeholder="Search the creators you follow"
        label="Search following"
        style={{ maxWidth: 420 }}
      />
      {body}
    </Flex>
  );
}
