import Link from 'next/link';
import useSWR from 'swr';
import { Avatar, Button, Card, Empty, Flex, Pagination, Skeleton, Typography } from 'antd';
import { LazyResult } from '@/client/components/lazy-result';
import { EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import type { StreamPage, StreamView } from '@/common/contract/streaming';
import { QuerySearch } from '@/client/components/query-search';
import { useQueryList } from '@/client/hooks/use-query-list';
import { fetcher } from '@/client/lib/fetcher';
import { getErrorMessage } from '@/client/lib/error-message';
import { listSwrOptions } from '@/client/lib/swr-options';
import { useAppSelector } from '@/client/store/hooks';
import { LiveTag, StreamAccessTag } from './stream-access-tag';
import styles from './streaming.module.css';

export const LIVE_OFF = 'Live streaming is switched off on this site';
export const NOBODY_LIVE = 'Nobody is live right now';
export const LIVE_PAGE_SIZE = 12;

export const watchHref = (stream: Pick<StreamView, 'performer' | 'performerId'>) =>
  `/streaming/${encodeURIComponent(stream.performer.username || stream.performerId)}`;

function StreamCard({ stream }: { stream: StreamView }) {
  return (
    <Link href={watchHref(stream)} aria-label={`Watch ${stream.performer.name}`}>
      <Card hoverable size="small">
        <Flex gap={12} align="center">
          <Avatar src={stream.performer.avatar} size={56} alt="" />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis>
              {stream.performer.name}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis>
              {stream.title || 'Live now'}
            </Typography.Text>
          </Flex>
        </Flex>
        <Flex gap={4} wrap align="center" style={{ marginTop: 12 }}>
          <LiveTag />
          <StreamAccessTag stream={stream} />
          <Typography.Text type="secondary">
            <EyeOutlined /> {stream.viewerCount} watching
          </Typography.Text>
        </Flex>
      </Card>
    </Link>
  );
}

/** /live: creators live now, most watched first; search and page in the query string. */
export function LiveListPage() {
  const enabled = useAppSelector((s) => s.settings.agoraEnable);
  const list = useQueryList({ pageSize: LIVE_PAGE_SIZE });
  const q = list.filters.q || undefined;
  const key = enabled ? (['/streaming/user/search', { offset: list.params.offset, limit: list.params.limit, q }] as const) : null;
  const { data, error, isLoading, mutate } = useSWR<{ data: StreamPage }>(key, fetcher, listSwrOptions());
  const streams = data?.data.data ?? [];
  const total = data?.data.total ?? 0;

  if (!enabled) {
    return (
      <Card>
        <Empty description={LIVE_OFF} />
      </Card>
    );
  }

  return (
    <Card title={<Typography.Title level={3} style={{ margin: 0 }}>Live now</Typography.Title>}>
      <Flex vertical gap={16}>
        <QuerySearch value={q} onSearch={(text) => list.setFilter({ q: text || undefined })} placeholder="Search creators or titles" label="Search live streams" />
        {error ? (
          <LazyResult
            status="warning"
            title="We could not load the live streams"
            subTitle={getErrorMessage(error)}
            extra={<Button icon={<ReloadOutlined />} onClick={() => void mutate()}>Try again</Button>}
          />
        ) : isLoading ? (
          <Skeleton active />
        ) : streams.length ? (
          <div className={styles.liveGrid}>
            {streams.map((s) => (
              <StreamCard key={s._id} stream={s} />
            ))}
          </div>
        ) : (
          <Empty description={q ? 'No live stream matches your search' : NOBODY_LIVE} />
        )}
        {total > list.pageSize ? (
          <Pagination align="center" current={list.current} pageSize={list.pageSize} total={total} onChange={(c, size) => list.setPage(c, size)} />
        ) : null}
      </Flex>
    </Card>
  );
}
