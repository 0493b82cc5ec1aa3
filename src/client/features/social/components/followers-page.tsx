import { Button, Empty, Flex, Typography } from 'antd';
import { followRoutes } from '@/common/contract/social';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { QuerySearch } from '@/client/components/query-search';
import { BlockFanButton } from '@/client/features/blocking/components/block-fan-button';
import { MessageFanButton } from '@/client/features/messages/components/message-fan-button';
import { formatRelative } from '@/client/lib/format-date';
import { PersonList, PersonListSkeleton } from './person-list';

const PAGE_SIZE = 20;

/** /creator/followers: who follows me, searchable and paged, with Message and Block per fan. */
export function FollowersPage() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const q = list.filters.q?.trim().slice(0, 100);
  const { data, error, mutate } = useRouteData(followRoutes.followers, {
    offset: list.params.offset,
    limit: list.params.limit,
    ...(q ? { q } : {}),
  });
  const page = data?.data;

  let body;
  if (error && !page) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!page) body = <PersonListSkeleton />;
  else if (!page.data.length && q) {
    body = (
      <Empty description={`No followers match “${q}”`}>
        <Button onClick={() => list.setFilter({ q: undefined })}>Clear search</Button>
      </Empty>
    );
  } else if (page.total === 0) {
    body = <Empty description="No followers yet. Share your profile to find your first fans!" />;
  } else {
    body = (
      <Flex vertical gap={24}>
        {page.data.length ? (
          <PersonList
            label="Followers"
            items={page.data.map((entry) => ({
              key: entry._id,
              person: entry.follower,
              detail: `Followed ${formatRelative(entry.createdAt)}`,
              actions: (
                <>
                  <MessageFanButton user={entry.follower} />
                  <BlockFanButton user={entry.follower} onBlocked={() => void mutate()} />
                </>
              ),
            }))}
          />
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
          Followers
        </Typography.Title>
        <Typography.Text type="secondary">
          {page && page.total > 0 ? `${page.total} ${page.total === 1 ? 'person follows' : 'people follow'} you.` : 'People who follow you.'}
        </Typography.Text>
      </div>
      <QuerySearch
        value={list.filters.q}
        onSearch={(text) => list.setFilter({ q: text || undefined })}
        placeholder="Search followers by name or username"
        label="Search followers"
        style={{ maxWidth: 420 }}
      />
      {body}
    </Flex>
  );
}
