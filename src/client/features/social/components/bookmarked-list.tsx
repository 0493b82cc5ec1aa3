import type { ReactNode } from 'react';
import { Empty, Flex } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import type { QueryOf, ResponseOf, RouteDef } from '@/common/contract/common';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { LinkButton } from '@/client/components/link-button';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';

type ItemOf<R extends RouteDef> = ResponseOf<R> extends { data: (infer T)[] } ? T : never;

export interface BookmarkedListProps<R extends RouteDef> {
  /** A `GET /reactions/<kind>/bookmark` route: `{ data: { data, total } }`, newest bookmark first. */
  route: R;
  /** Plural noun for the empty state ("videos"). */
  noun: string;
  /** The grid for a page of items, or its skeleton when `items` is undefined. */
  render: (items: ItemOf<R>[] | undefined) => ReactNode;
  pageSize?: number;
}

/**
 * One tab of /user/bookmarks: a paged grid of what the viewer bookmarked, with the loading,
 * error (spec 8, Try again), empty (a way to explore) and past-the-end states.
 */
export function BookmarkedList<R extends RouteDef>({ route, noun, render, pageSize = 12 }: BookmarkedListProps<R>) {
  const list = useQueryList({ pageSize });
  const { data, error, mutate } = useRouteData(route, { offset: list.params.offset, limit: list.params.limit } as QueryOf<R>);
  const page = (data as { data?: { data: ItemOf<R>[]; total: number } } | undefined)?.data;

  if (error && !page) return <ListError error={error} onRetry={() => void mutate()} />;
  if (!page) return <>{render(undefined)}</>;
  if (page.total === 0) {
    return (
      <Empty description={`You have not bookmarked any ${noun} yet`}>
        <LinkButton href="/creator" type="primary" icon={<CompassOutlined />}>
          Explore creators
        </LinkButton>
      </Empty>
    );
  }
  return (
    <Flex vertical gap={24}>
      {page.data.length ? render(page.data) : <Empty description="There is nothing on this page." />}
      <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
    </Flex>
  );
}
