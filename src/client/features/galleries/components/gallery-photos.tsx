import { Image } from 'antd';
import type { GalleryDetail } from '@/common/contract/galleries';
import { FALLBACK_THUMBNAIL } from '@/common/lib/thumbnail';
import styles from './gallery-detail.module.css';

const labelOf = (title: string, index: number) => title || `Photo ${index + 1}`;

/** An open gallery: square thumbnails that open a lightbox with the full photos (arrows, zoom, keyboard). */
export function GalleryPhotos({ photos }: Pick<GalleryDetail, 'photos'>) {
  return (
    <Image.PreviewGroup>
      <ul className={styles.photos} aria-label="Photos">
        {photos.map((p, i) => (
          <li key={p._id} className={styles.photo}>
            <Image
              src={p.file.thumbnails[0] || p.file.url || FALLBACK_THUMBNAIL}
              alt={labelOf(p.title, i)}
              preview={p.file.url ? { src: p.file.url } : false}
            />
          </li>
        ))}
      </ul>
    </Image.PreviewGroup>
  );
}

/** A locked gallery's photos: blurred previews only (the server sends nothing else). */
export function BlurredPhotos({ photos }: Pick<GalleryDetail, 'photos'>) {
  return (
    <ul className={styles.photos} aria-label="Locked photos">
      {photos.map((p) => (
        <li key={p._id} className={`${styles.photo} ${styles.blurred}`}>
          <img src={p.file.thumbnails[0] || p.file.preview || FALLBACK_THUMBNAIL} alt="" loading="lazy" />
        </li>
      ))}
    </ul>
  );
}
