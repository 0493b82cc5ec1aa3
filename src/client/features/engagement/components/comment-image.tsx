import { Image } from 'antd';
import type { CommentImage as CommentImageData } from '@/common/contract/comments';
import styles from './comments.module.css';

/** The longest side of a comment's picture in the list: it never pushes the text far down. */
export const COMMENT_IMAGE_MAX_PX = 240;

/**
 * A comment's picture: the thumbnail, loaded lazily in a box sized from the picture's own width
 * and height (so nothing moves when it arrives; the blurred preview fills it meanwhile), and the
 * full picture when clicked.
 */
export function CommentImage({ image, author }: { image: CommentImageData; author: string }) {
  const scale = Math.min(1, COMMENT_IMAGE_MAX_PX / image.width, COMMENT_IMAGE_MAX_PX / image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  return (
    <figure
      className={styles.commentImage}
      style={{ width, aspectRatio: `${image.width} / ${image.height}`, backgroundImage: image.blurUrl ? `url("${image.blurUrl}")` : undefined }}
    >
      <Image
        src={image.thumbnailUrl}
        alt={`Image from ${author}`}
        width="100%"
        height="100%"
        loading="lazy"
        decoding="async"
        preview={{ src: image.url, mask: 'View' }}
      />
    </figure>
  );
}
