import Link from 'next/link';
import { Button, Card, Empty, Flex, List, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, HeartOutlined, UploadOutlined } from '@ant-design/icons';
import { OWN_VIDEO_SORTS, OWN_VIDEO_STATUSES, videoRoutes, type OwnVideoQuery, type Video } from '@/common/contract/videos';
import { useQueryList } from '@/client/hooks/use-query-list';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useRouteData } from '@/client/hooks/use-route-data';
import { LinkButton } from '@/client/components/link-button';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { QuerySearch } from '@/client/components/query-search';
import { ACCESS_OPTIONS } from '@/client/features/content/access-options';
import { formatTokens } from '@/client/lib/format-amount';
import { deleteVideo } from '../videos.api';
import { formatDuration, videoPicture } from '../video-format';
import { VideoFileState } from './video-file-state';
import styles from './my-videos.module.css';
import { HiddenTag } from '@/client/features/content/components/hidden-notice';
import { formatDate } from '@/client/lib/format-date';

const PAGE_SIZE = 10;
const STATUS_LABELS: Record<(typeof OWN_VIDEO_STATUSES)[number], string> = { active: 'Published', scheduled: 'Scheduled', draft: 'Draft' };
const SORT_LABELS: Record<(typeof OWN_VIDEO_SORTS)[number], string> = {
  updatedAt: 'Recently updated', createdAt: 'Recently uploaded', title: 'Title', views: 'Most viewed',
};
/** While a video processes the list asks again this often, so its state changes without a reload. */
const PROCESSING_REFRESH_MS = 5000;

const isProcessing = (v: Video) => v.video?.status === 'pending' || v.video?.status === 'processing';
const pick = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

function accessText(video: Video) {
  const label = ACCESS_OPTIONS.find((o) => o.value === video.access)?.label ?? video.access;
  return video.access === 'sale' ? `${label} · ${formatTokens(video.price)}` : label;
}

function PublishState({ video }: { video: Video }) {
  if (video.status === 'draft') return <Tag>Draft</Tag>;
  if (video.isScheduled) return <Tag color="gold">Scheduled {formatDate(video.publishAt, { withTime: true })}</Tag>;
  return <Tag color="blue">Published</Tag>;
}

/** /creator/my-video: the creator's videos with processing state, search, filters, edit and delete. */
export function MyVideosPage() {
  const list = useQueryList({ pageSize: PAGE_SIZE });
  const { filters } = list;
  const sortBy = pick(OWN_VIDEO_SORTS, list.sortBy) ?? 'updatedAt';
  const status = pick(OWN_VIDEO_STATUSES, filters.status);
  const query: OwnVideoQuery = {
    offset: list.params.offset, limit: list.params.limit, sortBy, sort: list.sort,
    ...(filters.q ? { q: filters.q } : {}), ...(status ? { status } : {}), ...(filters.tag ? { tag: filters.tag } : {}),
  };
  const { data, error, mutate } = useRouteData(videoRoutes.ownSearch, query, {
    refreshInterval: (latest) => (latest?.data.data.some(isProcessing) ? PROCESSING_REFRESH_MS : 0),
  });
  const page = data?.data;

  const remove = async (video: Video) => {
    try {
      await deleteVideo(video._id);
      toast.success('Video deleted');
      await mutate(
        (current) => current && { data: { data: current.data.data.filter((v) => v._id !== video._id), total: Math.max(0, current.data.total - 1) } },
        { revalidate: true },
      );
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };

  let body;
  if (error && !page) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!page) body = <List loading dataSource={[]} />;
  else if (page.total === 0) {
    const filtered = Boolean(filters.q || status || filters.tag);
    body = (
      <Empty description={filtered ? 'No videos match these filters' : 'You have not uploaded any videos yet'}>
        {filtered ? null : (
          <LinkButton href="/creator/my-video/upload" type="primary" icon={<UploadOutlined />}>
            Upload a video
          </LinkButton>
        )}
      </Empty>
    );
  } else {
    body = (
      <Flex vertical gap={16}>
        <List
          aria-label="My videos"
          dataSource={page.data}
          locale={{ emptyText: 'There is nothing on this page.' }}
          renderItem={(video) => (
            <List.Item key={video._id}>
              <div className={styles.row}>
                <Link href={`/video/${video._id}`} className={styles.thumb} aria-label={`Open ${video.title}`}>
                  <img src={videoPicture(video)} alt="" loading="lazy" />
                  {video.duration ? <span className={styles.duration}>{formatDuration(video.duration)}</span> : null}
                </Link>
                <div className={styles.info}>
                  <span className={styles.title}>{video.title}</span>
                  <Space size={[8, 4]} wrap>
                    <VideoFileState status={video.video} />
                    <PublishState video={video} />
                    <Tag>{accessText(video)}</Tag>
                    <HiddenTag item={video} />
                  </Space>
                  {video.video?.status === 'failed' ? <VideoFileState status={video.video} withReason /> : null}
                  <Space size={12} style={{ fontSize: 13, opacity: 0.75 }}>
                    <span aria-label={`${video.stats.views} views`}><EyeOutlined aria-hidden /> {video.stats.views}</span>
                    <span aria-label={`${video.stats.likes} likes`}><HeartOutlined aria-hidden /> {video.stats.likes}</span>
                  </Space>
                  <div className={styles.actions}>
                    <LinkButton href={`/creator/my-video/${video._id}/edit`} size="small" icon={<EditOutlined />} aria-label={`Edit ${video.title}`}>
                      Edit
                    </LinkButton>
                    <Popconfirm
                      title="Delete this video?"
                      description="Its files, likes and comments are deleted too. This cannot be undone."
                      okText="Delete"
                      okButtonProps={{ danger: true }}
                      cancelText="Cancel"
                      onConfirm={() => remove(video)}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${video.title}`}>
                        Delete
                      </Button>
                    </Popconfirm>
                  </div>
                </div>
              </div>
            </List.Item>
          )}
        />
        <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            My videos{page && page.total > 0 ? ` (${page.total})` : ''}
          </Typography.Title>
          <Typography.Text type="secondary">Upload, edit and see how your videos are doing.</Typography.Text>
        </div>
        <LinkButton href="/creator/my-video/upload" type="primary" icon={<UploadOutlined />}>
          Upload a video
        </LinkButton>
      </Flex>
      <Card size="small">
        <div className={styles.filters}>
          <QuerySearch value={filters.q} onSearch={(q) => list.setFilter({ q })} placeholder="Search title, description, tags" label="Search my videos" />
          <Select
            aria-label="Status"
            allowClear
            placeholder="Any status"
            value={status}
            onChange={(value?: string) => list.setFilter({ status: value })}
            options={OWN_VIDEO_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          />
          <Select
            aria-label="Sort by"
            value={sortBy}
            onChange={(value: string) => list.setSort(value, value === 'title' ? 'asc' : 'desc')}
            options={OWN_VIDEO_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
          />
        </div>
      </Card>
      {body}
    </Flex>
  );
}
