/** The parts of a post-like item (spec 3) that can supply a picture. */
export interface ThumbnailSource {
  thumbnail?: { url?: string | null; thumbnails?: readonly string[] } | null;
  files?: readonly { type: string; thumbnails?: readonly string[] }[] | null;
  teaser?: { thumbnails?: readonly string[] } | null;
}

/** Shown when an item has no picture at all (a text post, a video still processing). */
export const FALLBACK_THUMBNAIL = '/images/content-placeholder.svg';

const firstThumbOf = (files: ThumbnailSource['files'], type: string) =>
  files?.find((f) => f.type === type && f.thumbnails?.length)?.thumbnails?.[0];

/**
 * The picture shown for a post, video, gallery or product, in spec 3's order: its own thumbnail,
 * the first photo's thumbnail, the teaser's thumbnail, the first video's thumbnail, then the
 * fallback. For a viewer without access the server fills `thumbnails` with blurred previews, so
 * the same order gives the blurred picture.
 */
export function pickThumbnail(item: ThumbnailSource, fallback: string = FALLBACK_THUMBNAIL): string {
  return (
    item.thumbnail?.thumbnails?.[0] ||
    item.thumbnail?.url ||
    firstThumbOf(item.files, 'feed-photo') ||
    item.teaser?.thumbnails?.[0] ||
    firstThumbOf(item.files, 'feed-video') ||
    fallback
  );
}
