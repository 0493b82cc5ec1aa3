import { useCallback } from 'react';
import useSWR from 'swr';
import { Button, Card, Flex, Image, Popconfirm, Skeleton, Typography } from 'antd';
import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import type { Video } from '@/common/contract/videos';
import { NotFound } from '@/client/components/not-found';
import { fetcher } from '@/client/lib/fetcher';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppSelector } from '@/client/store/hooks';
import { ListError } from '@/client/components/list-error';
import { LinkButton } from '@/client/components/link-button';
import { ownVideoUrl, removeVideoFile } from '../videos.api';
import { VideoForm } from './video-form';
import { VideoPlayer } from './video-player';
import { VideoProcessing } from './video-processing';

/** /creator/my-video/[id]/edit: the video's files with their processing state, and the form. */
export function EditVideoPage({ id }: { id: string }) {
  const viewer = useAppSelector((s) => s.user.current._id);
  const { data, error, mutate } = useSWR<{ data: Video }>(id ? [ownVideoUrl(id), viewer] : null, ([url]: [string]) => fetcher([url]), {
    shouldRetryOnError: false,
  });
  const video = data?.data;
  const reload = useCallback(() => void mutate(), [mutate]);

  if (error && !video) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 400) return <NotFound title="Video not found" text="This video does not exist or is not yours." />;
    return <ListError error={error} onRetry={reload} title="We could not load this video" />;
  }
  if (!video) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;

  const removeFile = async (type: 'thumbnail' | 'teaser') => {
    try {
      const res = await removeVideoFile(video._id, type);
      await mutate({ data: res.data }, { revalidate: false });
      toast.success(type === 'thumbnail' ? 'Thumbnail removed' : 'Teaser removed');
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };
  const removeButton = (type: 'thumbnail' | 'teaser') => (
    <Popconfirm title={`Remove the ${type}?`} okText="Remove" okButtonProps={{ danger: true }} cancelText="Cancel" onConfirm={() => removeFile(type)}>
      <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Remove the ${type}`}>
        Remove
      </Button>
    </Popconfirm>
  );

  const current = {
    video: video.video ? (
      <Flex vertical gap={8}>
        <VideoProcessing key={video.video._id} videoId={video._id} file="video" initial={video.video} onSettled={reload} />
        {video.video.status === 'ready' ? <VideoPlayer file={video.video} label={video.title} isOwner /> : null}
      </Flex>
    ) : (
      <Typography.Text type="danger">The video file is missing: upload a new one.</Typography.Text>
    ),
    thumbnail: video.thumbnail ? (
      <Flex gap={8} align="center" wrap>
        <Image src={video.thumbnail.thumbnails[0] ?? undefined} alt="Current thumbnail" width={160} style={{ borderRadius: 8 }} />
        {removeButton('thumbnail')}
      </Flex>
    ) : null,
    teaser: video.teaser ? (
      <Flex gap={8} align="center" wrap>
        <VideoProcessing key={video.teaser._id} videoId={video._id} file="teaser" initial={video.teaser} onSettled={reload} />
        {removeButton('teaser')}
      </Flex>
    ) : null,
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={2} style={{ margin: 0, overflowWrap: 'anywhere' }}>
          Edit video
        </Typography.Title>
        <LinkButton href={`/video/${video._id}`} icon={<EyeOutlined />}>
          View page
        </LinkButton>
      </Flex>
      <Card>
        <VideoForm key={video.updatedAt} video={video} current={current} onSaved={(saved) => void mutate({ data: saved }, { revalidate: false })} />
      </Card>
    </Flex>
  );
}
