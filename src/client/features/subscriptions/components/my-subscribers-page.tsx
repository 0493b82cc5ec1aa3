import { Button, Empty, Flex, Typography } from 'antd';
import { subscriptionRoutes, type SubscriptionStatus } from '@/common/contract/subscriptions';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { QuerySearch } from '@/client/components/query-search';
import { PersonList, PersonListSkeleton } from '@/client/features/social/components/person-list';
import { formatTokens } from '@/client/lib/format-amount';
import { MessageFanButton } from '@/client/features/messages/components/message-fan-button';
import { periodText } from '../subscription-labels';
import { StatusFilter } from './status-filter';
import { SubscriptionTags } from './subscription-status-tag';

const PAGE_SIZE = 20;

/** /creator/my-subscriber: my subscribers with plan, price and state, searchable by name; Message per fan. */
export function MySubscribersPage() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const status = list.filters.status as SubscriptionStatus | undefined;
  const q = list.filters.q?.trim().slice(0, 100);
  const { data, error, mutate } = useRouteData(subscriptionRoutes.performerSearch, {
    offset: list.params.offset,
    limit: list.params.limit,
    ...(status ? { status } : {}),
    ...(q ? { q } : {}),
  });
  const page = data?.data;

  let body;
  if (error && !page) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!page) body = <PersonListSkeleton />;
  else if (page.total === 0) {
    body = q || status ? (
      <Empty description="No subscribers match.">
        <Button onClick={() => list.setFilter({ q: undefined, status: undefined })}>Clear filters</Button>
      </Empty>
    ) : (
      <Empty description="No subscribers yet. Posts for subscribers and a free trial help fans take the step." />
    );
  } else {
    body = (
      <Flex vertical gap={24}>
        <PersonList
          label="Subscribers"
          items={page.data.map((s) => ({
            key: s._id,
            person: s.user,
            detail: `${periodText(s)}${s.price > 0 ? ` · ${formatTokens(s.price)}` : ''}`,
            note: <SubscriptionTags subscription={s} />,
            actions: <MessageFanButton user={s.user} />,
          }))}
        />
        <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>Subscribers</Typography.Title>
        <Typography.Text type="secondary">
          {page && page.total > 0 ? `${page.total} ${page.total === 1 ? 'subscription' : 'subscriptions'}.` : 'Fans who subscribe to you.'}
        </Typography.Text>
      </div>
      <Flex gap={12} wrap align="center">
        <QuerySearch
          value={list.filters.q}
          onSearch={(text) => list.setFilter({ q: text || undefined })}
          placeholder="Search subscribers by name or username"
          label="Search subscribers"
          style={{ maxWidth: 420 }}
        />
        <StatusFilter value={status} onChange={(s) => list.setFilter({ status: s })} />
      </Flex>
      {body}
    </Flex>
  );
}
