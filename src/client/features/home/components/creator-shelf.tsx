import type { ReactNode } from 'react';
import Link from 'next/link';
import { Empty, Flex, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { performerRoutes } from '@/common/contract/performers';
import { useRouteData } from '@/client/hooks/use-route-data';
import { ListError } from '@/client/components/list-error';
import { LinkButton } from '@/client/components/link-button';
import { PerformerGrid } from '@/client/features/discovery/components/performer-grid';

const SOURCES = {
  /** GET /performers/top */
  top: performerRoutes.top,
  /** GET /performers/search/random: reshuffled on every fetch, so not on every focus. */
  random: performerRoutes.random,
};

interface Props {
  title: ReactNode;
  source: keyof typeof SOURCES;
  limit?: number;
  emptyText: string;
}

/** A titled row of creator cards with a link to explore, its own loading, empty and error states. */
export function CreatorShelf({ title, source, limit = 8, emptyText }: Props) {
  const { data, error, mutate } = useRouteData(SOURCES[source], { limit }, source === 'random' ? { revalidateOnFocus: false } : {});
  const performers = data?.data.data;
  const headingId = `shelf-${source}`;

  let body: ReactNode;
  if (error && !data) body = <ListError error={error} onRetry={() => void mutate()} title="We could not load creators" />;
  else if (performers && !performers.length) {
    body = (
      <Empty description={emptyText}>
        <LinkButton href="/creator">Explore creators</LinkButton>
      </Empty>
    );
  } else body = <PerformerGrid performers={performers} skeletons={4} layout="row" label={typeof title === 'string' ? title : undefined} />;

  return (
    <section aria-labelledby={headingId}>
      <Flex align="baseline" justify="space-between" gap={12} style={{ marginBottom: 12 }}>
        <Typography.Title level={3} id={headingId} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Link href="/creator">
          See all <ArrowRightOutlined />
        </Link>
      </Flex>
      {body}
    </section>
  );
}
