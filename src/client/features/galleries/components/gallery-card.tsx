import type { ReactNode } from 'react';
import Link from 'next/link';
import { Skeleton, Tag } from 'antd';
import { LockOutlined, PictureOutlined } from '@ant-design/icons';
import type { Gallery } from '@/common/contract/galleries';
import { HiddenTag } from '@/client/features/content/components/hidden-notice';
import { accessLabel, galleryPicture, photoCount, statusLabel } from '../gallery-format';
import styles from './gallery-card.module.css';

export interface GalleryCardProps {
  gallery: Gallery;
  href: string;
  /** The creator's own list: access and draft/scheduled/published tags. */
  showStatus?: boolean;
  /** Buttons under the card, above the whole-card link. */
  actions?: ReactNode;
}

/** A gallery as a card: cover (blurred when locked), photo count, lock badge with its price, title. */
export function GalleryCard({ gallery, href, showStatus, actions }: GalleryCardProps) {
  const status = statusLabel(gallery);
  return (
    <article className={styles.card} aria-label={gallery.title}>
      <div className={styles.picture}>
        <img src={galleryPicture(gallery)} alt="" loading="lazy" />
        <div className={styles.badges}>
          <span className={styles.badge}>
            <PictureOutlined aria-hidden /> {photoCount(gallery.totalPhotos)}
          </span>
          {gallery.isLocked ? (
            <span className={styles.badge} data-testid="lock-badge">
              <LockOutlined aria-hidden /> {accessLabel(gallery)}
            </span>
          ) : null}
        </div>
      </div>
      <div className={styles.body}>
        <Link href={href} className={styles.title}>
          {gallery.title}
        </Link>
        {showStatus ? (
          <div className={styles.meta}>
            <Tag color={status.color}>{status.text}</Tag>
            <Tag>{accessLabel(gallery)}</Tag>
            <HiddenTag item={gallery} />
          </div>
        ) : (
          <div className={styles.meta}>
            <span>{gallery.performer.name}</span>
            {gallery.isLocked ? null : <span>· {accessLabel(gallery)}</span>}
          </div>
        )}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </article>
  );
}

export interface GalleryGridProps {
  /** undefined while loading: skeleton cards. */
  galleries: Gallery[] | undefined;
  hrefOf: (gallery: Gallery) => string;
  label: string;
  skeletons?: number;
  showStatus?: boolean;
  actionsOf?: (gallery: Gallery) => ReactNode;
}

export function GalleryGrid({ galleries, hrefOf, label, skeletons = 6, showStatus, actionsOf }: GalleryGridProps) {
  if (!galleries) {
    return (
      <ul className={styles.grid} aria-label={label} aria-busy="true">
        {Array.from({ length: skeletons }, (_, i) => (
          <li key={i}>
            <Skeleton.Button active block style={{ height: 150 }} />
            <Skeleton active title={false} paragraph={{ rows: 1 }} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={styles.grid} aria-label={label}>
      {galleries.map((g) => (
        <li key={g._id}>
          <GalleryCard gallery={g} href={hrefOf(g)} showStatus={showStatus} actions={actionsOf?.(g)} />
        </li>
      ))}
    </ul>
  );
}
