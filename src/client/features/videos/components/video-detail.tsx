import Head from 'next/head';
import Link from 'next/link';
import { Avatar, Button, Card, Flex, Space, Tag, Typography } from 'antd';
import { LazyResult } from '@/client/components/lazy-result';
import { EditOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Video } from '@/common/contract/videos';
import { NotFound } from '@/client/components/not-found';
import { PageTitle } from '@/client/components/page-title';
import { LockedMedia } from '@/client/features/content/components/locked-media';
import { ReactionBar } from '@/client/features/engagement/components/reaction-bar';
import { CommentSection } from '@/client/features/engagement/components/comment-section';
import { ReportButton } from '@/client/features/engagement/components/report-button';
import { PerformerNotAvailable } from '@/client/features/performer/components/performer-not-available';
import { LinkButton } from '@/client/components/link-button';
import { ShareButton } from '@/client/components/share-button';
import { useAppSelector } from '@/client/store/hooks';
import type { VideoPageProps } from '../load-video';
import { useCountView } from '@/client/hooks/use-count-view';
import { countVideoView } from '../videos.api';
import { formatDuration, performerHref, tagHref, videoPicture } from '../video-format';
import { VideoPlayer } from './video-player';
import styles from './video-detail.module.css';
import { HiddenAlert } from '@/client/features/content/components/hidden-notice';
import { RelativeTime } from '@/client/components/relative-time';
import { formatCount } from '@/client/lib/format-amount';



function lockedMessage(video: Video) {
  return video.access === 'sale' ? 'Buy this video to see and write comments' : 'Subscribe to see and write comments';
}

/** /video/[id]: the player or the locked preview, details, tags, reactions, comments and report. */
export function VideoDetail({ video, notAvailable, error }: VideoPageProps) {
  const viewerId = useAppSelector((s) => s.user.current._id);
  useCountView(video?._id, countVideoView);

  if (notAvailable) return <PerformerNotAvailable message={notAvailable} />;
  if (error) {
    return (
      <LazyResult
        status="warning"
        title="We could not load this video"
        subTitle={error}
        extra={<Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>Try again</Button>}
      />
    );
  }
  if (!video) return <NotFound title="Video not found" text="This video does not exist, was removed, or is not published yet." />;

  const isOwner = viewerId === video.performerId;
  const picture = videoPicture(video);
  const summary = video.description.slice(0, 160) || `A video by ${video.performer.name}`;
  const duration = formatDuration(video.duration);

  return (
    <div className={styles.page}>
      <PageTitle title={video.title} description={summary} />
      <Head>
        <meta property="og:type" content="video.other" key="og:type" />
        <meta property="og:title" content={video.title} key="og:title" />
        <meta property="og:description" content={summary} key="og:description" />
        <meta property="og:image" content={picture} key="og:image" />
        <meta name="twitter:card" content="summary_large_image" key="twitter:card" />
      </Head>
      <Flex vertical gap={16}>
        <HiddenAlert item={video} noun="video" />
        <Card styles={{ body: { padding: 12 } }}>
          {video.isLocked || !video.video ? (
            <Flex vertical gap={12}>
              <div className={styles.locked}>
                <LockedMedia
                  preview={video.video?.preview ?? picture}
                  access={video.access}
                  price={video.price}
                  performerHref={performerHref(video)}
                  label="Locked video"
                  item={{ type: 'video', id: video._id }}
                />
              </div>
              {video.teaser?.url ? (
                <Flex vertical gap={4} className={styles.teaser}>
                  <Typography.Text strong>Free preview</Typography.Text>
                  <VideoPlayer file={video.teaser} label={`Teaser of ${video.title}`} poster={video.thumbnail?.thumbnails[0]} />
                </Flex>
              ) : null}
            </Flex>
          ) : (
            <VideoPlayer file={video.video} label={video.title} isOwner={isOwner} poster={video.thumbnail?.thumbnails[0]} />
          )}
        </Card>

        <Card>
          <Flex vertical gap={12}>
            <Typography.Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {video.title}
            </Typography.Title>
            <Flex justify="space-between" align="center" wrap gap={12}>
              <Link href={performerHref(video)} className={styles.author}>
                <Avatar src={video.performer.avatar || undefined} alt="" />
                <Typography.Text strong>{video.performer.name}</Typography.Text>
              </Link>
              <Space size={12} wrap>
                <Typography.Text type="secondary"><RelativeTime value={video.publishAt} /></Typography.Text>
                <Typography.Text type="secondary" aria-label={`${video.stats.views} views`}>
                  <EyeOutlined aria-hidden /> {formatCount(video.stats.views)}
                </Typography.Text>
                {duration ? <Typography.Text type="secondary">{duration}</Typography.Text> : null}
                {video.status === 'draft' ? <Tag>Draft</Tag> : video.isScheduled ? <Tag color="gold">Scheduled</Tag> : null}
              </Space>
            </Flex>
            {video.description ? <Typography.Paragraph className={styles.description}>{video.description}</Typography.Paragraph> : null}
            {video.tags.length ? (
              <Flex wrap gap={6} role="group" aria-label="Tags">
                {video.tags.map((tag) => (
                  <Link key={tag} href={tagHref(video, tag)}>
                    <Tag color="blue" style={{ cursor: 'pointer' }}>#{tag}</Tag>
                  </Link>
                ))}
              </Flex>
            ) : null}
            <Flex justify="space-between" align="center" wrap gap={8}>
              <ReactionBar
                objectType="video"
                objectId={video._id}
                isLiked={video.isLiked}
                isBookmarked={video.isBookmarked}
                stats={video.stats}
                locked={video.isLocked}
              />
              <Space size={8}>
                <ShareButton path={`/video/${video._id}`} title={video.title} />
                {isOwner ? (
                  <LinkButton href={`/creator/my-video/${video._id}/edit`} icon={<EditOutlined />}>
                    Edit
                  </LinkButton>
                ) : (
                  <ReportButton targetType="video" targetId={video._id} />
                )}
              </Space>
            </Flex>
          </Flex>
        </Card>

        <Card>
          <CommentSection objectType="video" objectId={video._id} canComment={!video.isLocked} lockedMessage={lockedMessage(video)} />
        </Card>
      </Flex>
    </div>
  );
}
