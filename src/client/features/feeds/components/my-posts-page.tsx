import { useState } from 'react';
import Link from 'next/link';
import { Button, Card, Empty, Flex, List, Popconfirm, Select, Skeleton, Tag, Tooltip, Typography } from 'antd';
import {
  CommentOutlined, DeleteOutlined, EditOutlined, HeartOutlined, PlusOutlined, PushpinFilled, PushpinOutlined,
} from '@ant-design/icons';
import { FEED_STATUS_FILTERS, FEED_TYPES, feedRoutes, type Feed, type FeedStatusFilter, type FeedType } from '@/common/contract/feeds';
import { richTextToPlain } from '@/common/lib/rich-text';
import { pickThumbnail } from '@/common/lib/thumbnail';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { LinkButton } from '@/client/components/link-button';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { QuerySearch } from '@/client/components/query-search';
import { HiddenTag } from '@/client/features/content/components/hidden-notice';
import { formatCompact, formatTokens } from '@/client/lib/format-amount';
import { formatDate } from '@/client/lib/format-date';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { deleteFeed, updateFeed } from '../feeds.api';
import styles from './my-posts.module.css';

const PAGE_SIZE = 10;
const TYPE_LABELS: Record<FeedType, string> = { text: 'Text', photo: 'Photos', video: 'Video', audio: 'Audio', poll: 'Poll' };
const STATUS_LABELS: Record<FeedStatusFilter, string> = { published: 'Published', scheduled: 'Scheduled', draft: 'Draft' };

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

function StatusTag({ feed }: { feed: Feed }) {
  if (feed.status === 'draft') return <Tag>Draft</Tag>;
  if (feed.isScheduled) return <Tag color="gold">Scheduled · {formatDate(feed.publishAt, { withTime: true })}</Tag>;
  return <Tag color="green">Published</Tag>;
}

function AccessTag({ feed }: { feed: Feed }) {
  if (feed.access === 'sale') return <Tag color="purple">{formatTokens(feed.price)}</Tag>;
  return <Tag>{feed.access === 'free' ? 'Free' : 'Subscribers'}</Tag>;
}

/** One of the creator's posts with its state, counts and actions. */
function MyPostRow({ feed, onChanged }: { feed: Feed; onChanged: () => Promise<unknown> }) {
  const [busy, setBusy] = useState<'pin' | 'delete' | null>(null);
  const excerpt = richTextToPlain(feed.text) || (feed.poll ? feed.poll.question || 'Poll' : 'No text');

  const run = async (kind: 'pin' | 'delete', action: () => Promise<unknown>, done: string) => {
    setBusy(kind);
    try {
      await action();
      toast.success(done);
      await onChanged();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <List.Item className={styles.row}>
      <Link href={`/post/${feed._id}`} className={styles.picture} aria-label="Open the post">
        <img src={pickThumbnail(feed)} alt="" />
      </Link>
      <div className={styles.body}>
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 4 }}>{excerpt}</Typography.Paragraph>
        <Flex gap={4} wrap>
          <Tag color="blue">{TYPE_LABELS[feed.type]}</Tag>
          <AccessTag feed={feed} />
          <StatusTag feed={feed} />
          {feed.isPinned ? <Tag icon={<PushpinFilled />} color="cyan">Pinned</Tag> : null}
          <HiddenTag item={feed} />
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <HeartOutlined aria-label="Likes" /> {formatCompact(feed.stats.likes)} · <CommentOutlined aria-label="Comments" /> {formatCompact(feed.stats.comments)}
        </Typography.Text>
      </div>
      <Flex gap={4} className={styles.actions} wrap>
        <Tooltip title="Edit">
          <LinkButton href={`/creator/my-post/${feed._id}/edit`} icon={<EditOutlined />} aria-label="Edit post" />
        </Tooltip>
        <Tooltip title={feed.isPinned ? 'Unpin' : 'Pin to the top of my page'}>
          <Button
            icon={feed.isPinned ? <PushpinFilled /> : <PushpinOutlined />}
            aria-label={feed.isPinned ? 'Unpin post' : 'Pin post'}
            loading={busy === 'pin'}
            disabled={busy !== null}
            onClick={() => run('pin', () => updateFeed(feed._id, { isPinned: !feed.isPinned }), feed.isPinned ? 'Post unpinned' : 'Post pinned')}
          />
        </Tooltip>
        <Popconfirm
          title="Delete this post?"
          description="Its files, poll, likes and comments are deleted too."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() => run('delete', () => deleteFeed(feed._id), 'Post deleted')}
        >
          <Button danger icon={<DeleteOutlined />} aria-label="Delete post" loading={busy === 'delete'} disabled={busy !== null} />
        </Popconfirm>
      </Flex>
    </List.Item>
  );
}

/** /creator/my-post: the creator's posts with search, type and status filters in the query string. */
export function MyPostsPage() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const type = oneOf(FEED_TYPES, list.filters.type);
  const status = oneOf(FEED_STATUS_FILTERS, list.filters.status);
  const sortBy = oneOf(['updatedAt', 'createdAt', 'publishAt'] as const, list.sortBy) ?? 'updatedAt';
  const { data, error, mutate } = useRouteData(feedRoutes.mine, {
    offset: list.params.offset,
    limit: list.params.limit,
    sortBy,
    sort: list.sort,
    ...(list.filters.q ? { q: list.filters.q } : {}),
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
  });
  const page = data?.data;
  const filtered = Boolean(list.filters.q || type || status);

  let body;
  if (error && !page) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!page) body = <Skeleton active avatar paragraph={{ rows: 2 }} aria-busy="true" />;
  else if (!page.total) {
    body = (
      <Empty description={filtered ? 'No posts match these filters' : 'You have not posted anything yet'}>
        {filtered ? (
          <Button onClick={() => list.setFilter({ q: undefined, type: undefined, status: undefined })}>Clear filters</Button>
        ) : (
          <LinkButton href="/creator/my-post/create" type="primary" icon={<PlusOutlined />}>Create your first post</LinkButton>
        )}
      </Empty>
    );
  } else {
    body = (
      <Flex vertical gap={16}>
        <section aria-label="My posts">
          <List dataSource={page.data} rowKey="_id" renderItem={(feed) => <MyPostRow feed={feed} onChanged={() => mutate()} />} />
        </section>
        <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
      </Flex>
    );
  }

  return (
    <Card
      title="My posts"
      extra={<LinkButton href="/creator/my-post/create" type="primary" icon={<PlusOutlined />}>New post</LinkButton>}
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <QuerySearch value={list.filters.q} onSearch={(q) => list.setFilter({ q })} placeholder="Search my posts" label="Search my posts" style={{ flex: '1 1 220px' }} />
        <Select
          aria-label="Kind of post"
          allowClear
          placeholder="All kinds"
          style={{ width: 140 }}
          value={type}
          onChange={(v) => list.setFilter({ type: v })}
          options={FEED_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        />
        <Select
          aria-label="Status"
          allowClear
          placeholder="Any status"
          style={{ width: 140 }}
          value={status}
          onChange={(v) => list.setFilter({ status: v })}
          options={FEED_STATUS_FILTERS.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        />
        <Select
          aria-label="Order"
          style={{ width: 170 }}
          value={`${sortBy}:${list.sort}`}
          onChange={(v) => {
            const [by, dir] = v.split(':');
            list.setSort(by, dir as 'asc' | 'desc');
          }}
          options={[
            { value: 'updatedAt:desc', label: 'Recently edited' },
            { value: 'publishAt:desc', label: 'Newest published' },
            { value: 'publishAt:asc', label: 'Oldest published' },
            { value: 'createdAt:desc', label: 'Recently created' },
          ]}
        />
      </Flex>
      {body}
    </Card>
  );
}
