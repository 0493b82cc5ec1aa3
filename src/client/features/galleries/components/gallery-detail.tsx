import { useEffect } from 'react';
import Link from 'next/link';
import { Avatar, Empty, Flex, Tag, Typography } from 'antd';
import { LazyResult } from '@/client/components/lazy-result';
import { EditOutlined, EyeOutlined, PictureOutlined } from '@ant-design/icons';
import { NotFound } from '@/client/components/not-found';
import { PageTitle } from '@/client/components/page-title';
import { useAppSelector } from '@/client/store/hooks';
import { LockedMedia } from '@/client/features/content/components/locked-media';
import { LinkButton } from '@/client/components/link-button';
import { ShareButton } from '@/client/components/share-button';
import { CommentSection } from '@/client/features/engagement/components/comment-section';
import { ReactionBar } from '@/client/features/engagement/components/reaction-bar';
import { ReportButton } from '@/client/features/engagement/components/report-button';
import { PerformerNotAvailable } from '@/client/features/performer/components/performer-not-available';
import { countGalleryView } from '../galleries.api';
import { accessLabel, galleryPicture, photoCount } from '../gallery-format';
import type { GalleryPageProps } from '../load-gallery';
import { BlurredPhotos, GalleryPhotos } from './gallery-photos';
import styles from './gallery-detail.module.css';
import { HiddenAlert } from '@/client/features/content/components/hidden-notice';
import { formatCount } from '@/client/lib/format-amount';
import { RelativeTime } from '@/client/components/relative-time';

/** Counts one view per page open (the server keeps at most one per viewer per hour). */
function useCountView(id: string | undefined) {
  useEffect(() => {
    if (id) countGalleryView(id).catch(() => undefined);
  }, [id]);
}

/**
 * /gallery/{id}: title, creator, description; the photo grid with a lightbox when the gallery is
 * open to the viewer, else its blurred previews under the unlock call to action; likes, bookmarks,
 * report and comments.
 */
export function GalleryDetailPage({ gallery, notAvailable, error }: GalleryPageProps) {
  const viewerId = useAppSelector((s) => (s.auth.loggedIn ? s.user.current._id : ''));
  useCountView(gallery?._id);

  if (notAvailable) return <PerformerNotAvailable message={notAvailable} />;
  if (error) return <LazyResult status="500" title="We could not load this gallery" subTitle={error} />;
  if (!gallery) return <NotFound title="Gallery not found" text="This gallery does not exist or is not available." />;

  const { performer } = gallery;
  const performerHref = `/${performer.username || performer._id}`;
  const isOwner = Boolean(viewerId) && viewerId === gallery.performerId;

  return (
    <article className={`app-container ${styles.page}`}>
      <PageTitle title={gallery.title} description={gallery.description.slice(0, 160) || `${photoCount(gallery.totalPhotos)} by ${performer.name}`} />
      <HiddenAlert item={gallery} noun="gallery" />
      <header className={styles.head}>
        <Typography.Title level={2} className={styles.title}>{gallery.title}</Typography.Title>
        <Link href={performerHref} className={styles.author}>
          <Avatar src={performer.avatar || undefined} alt="" size={32}>{performer.name.charAt(0)}</Avatar>
          <span>{performer.name}</span>
        </Link>
        <div className={styles.meta}>
          <span><PictureOutlined aria-hidden /> {photoCount(gallery.totalPhotos)}</span>
          <span><EyeOutlined aria-hidden /> {formatCount(gallery.views)} {gallery.views === 1 ? 'view' : 'views'}</span>
          <RelativeTime value={gallery.publishAt} />
          <Tag>{accessLabel(gallery)}</Tag>
          {gallery.status === 'draft' ? <Tag>Draft</Tag> : gallery.isScheduled ? <Tag color="gold">Scheduled</Tag> : null}
        </div>
        {gallery.description ? <Typography.Paragraph className={styles.description}>{gallery.description}</Typography.Paragraph> : null}
      </header>

      {gallery.isLocked ? (
        <Flex vertical gap={16}>
          <div className={styles.locked}>
            <LockedMedia
              preview={galleryPicture(gallery)}
              access={gallery.access}
              price={gallery.price}
              performerHref={performerHref}
              label={`Locked gallery: ${photoCount(gallery.totalPhotos)}`}
              item={{ type: 'gallery', id: gallery._id }}
            />
          </div>
          <BlurredPhotos photos={gallery.photos} />
        </Flex>
      ) : gallery.photos.length ? (
        <GalleryPhotos photos={gallery.photos} />
      ) : (
        <Empty description="No photos in this gallery yet" />
      )}

      <div className={styles.actions}>
        <ReactionBar
          objectType="gallery"
          objectId={gallery._id}
          isLiked={gallery.isLiked}
          isBookmarked={gallery.isBookmarked}
          stats={gallery.stats}
          locked={gallery.isLocked}
        />
        <Flex gap={8}>
          <ShareButton path={`/gallery/${gallery._id}`} title={gallery.title} />
          {isOwner ? (
            <LinkButton href={`/creator/my-gallery/${gallery._id}`} icon={<EditOutlined />}>
              Manage gallery
            </LinkButton>
          ) : (
            <ReportButton targetType="gallery" targetId={gallery._id} />
          )}
        </Flex>
      </div>

      <CommentSection
        objectType="gallery"
        objectId={gallery._id}
        canComment={!gallery.isLocked}
        lockedMessage="Unlock this gallery to see and write comments"
      />
    </article>
  );
}
