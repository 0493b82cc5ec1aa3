import { VIDEO_TAG_MAX, VIDEO_TAG_PATTERN, VIDEO_TAGS_MAX, type Video } from '@/common/contract/videos';
import { FALLBACK_THUMBNAIL, pickThumbnail } from '@/common/lib/thumbnail';

/** 65 → "1:05"; 3723 → "1:02:03"; null → "" (not processed yet). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * A video's picture in spec 3's order (its own thumbnail, then the teaser's), falling back to a
 * frame of the video itself: its poster when the viewer may open it, its blurred preview otherwise.
 */
export const videoPicture = (video: Pick<Video, 'thumbnail' | 'teaser' | 'video'>): string =>
  pickThumbnail(video, video.video?.thumbnails[0] || FALLBACK_THUMBNAIL);

/** The creator's page: /{username}, or /{id} when there is none. */
export const performerHref = (video: Pick<Video, 'performer'>): string => `/${video.performer.username || video.performer._id}`;

/** Where a tag leads: the creator's Videos tab filtered by it. */
export const tagHref = (video: Pick<Video, 'performer'>, tag: string): string =>
  `${performerHref(video)}?tab=videos&tag=${encodeURIComponent(tag)}`;

const TAG = new RegExp(VIDEO_TAG_PATTERN, 'u');

/** The server's tag rule, for the form: a reason to refuse, or null. */
export function tagProblem(tags: readonly string[]): string | null {
  const cleaned = tags.map((t) => t.trim().replace(/^#/, ''));
  const bad = cleaned.find((t) => !t || t.length > VIDEO_TAG_MAX || !TAG.test(t));
  if (bad !== undefined) return `Tag "${bad}" must be 1 to ${VIDEO_TAG_MAX} letters, digits or hyphens`;
  if (new Set(cleaned.map((t) => t.toLowerCase())).size > VIDEO_TAGS_MAX) return `A video can have at most ${VIDEO_TAGS_MAX} tags`;
  return null;
}
