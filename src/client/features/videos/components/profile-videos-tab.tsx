import { Empty, Flex, Segmented, Tag } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { videoRoutes, VIDEO_SORTS, type VideoSort } from '@/common/contract/videos';
import type { ProfileTabProps } from '@/client/features/performer/components/profile-tabs';
import { useQueryList } from '@/client/hooks/use-query-list';
import { useRouteData } from '@/client/hooks/use-route-data';
import { LinkButton } from '@/client/components/link-button';
import { ListError } from '@/client/components/list-error';
import { ListPager } from '@/client/components/list-pager';
import { VideoGrid } from './video-grid';

const PAGE_SIZE = 12;
const SORT_LABELS: Record<VideoSort, string> = { newest: 'Newest', popular: 'Most viewed', likes: 'Most liked' };

/**
 * The Videos tab of a creator's page: their videos as cards, newest first (or by views or likes),
 * optionally narrowed to one tag (`?tag=`, where the tags of a video page lead), with paging.
 */
export function ProfileVideosTab({ performer, isOwner }: ProfileTabProps) {
  const list = useQueryList({ pageSize: PAGE_SIZE, sortBy: 'newest' });
  const sortBy = (VIDEO_SORTS as readonly string[]).includes(list.sortBy) ? (list.sortBy as VideoSort) : 'newest';
  const tag = list.filters.tag;
  const { data, error, mutate } = useRouteData(videoRoutes.search, {
    performerId: performer._id,
    offset: list.params.offset,
    limit: list.params.limit,
    sortBy,
    ...(tag ? { tag } : {}),
  });
  const page = data?.data;

  return (
    <Flex vertical gap={16} style={{ paddingTop: 8 }}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <Segmented
          size="small"
          value={sortBy}
          onChange={(value) => list.setSort(String(value), 'desc')}
          options={VIDEO_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
          aria-label="Sort videos"
        />
        <Flex gap={8} align="center">
          {tag ? (
            <Tag closable onClose={() => list.setFilter({ tag: undefined })} color="blue">
              #{tag}
            </Tag>
          ) : null}
          {isOwner ? (
            <LinkButton href="/creator/my-video/upload" size="small" icon={<UploadOutlined />}>
              Upload a video
            </LinkButton>
          ) : null}
        </Flex>
      </Flex>
      {error && !page ? (
        <ListError error={error} onRetry={() => void mutate()} title="We could not load the videos" />
      ) : !page ? (
        <VideoGrid videos={undefined} label="Videos" />
      ) : page.total === 0 ? (
        <Empty description={tag ? `No videos tagged #${tag}` : isOwner ? 'You have not published any videos yet' : 'No videos yet'} />
      ) : (
        <>
          {page.data.length ? <VideoGrid videos={page.data} label="Videos" showState={isOwner} /> : <Empty description="There is nothing on this page." />}
          <ListPager current={list.current} pageSize={list.pageSize} total={page.total} onChange={list.setPage} />
        </>
      )}
    </Flex>
  );
}
