import { Type, type Static } from 'typebox';

export const MEDIA_FILE_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;

/**
 * One file of a post, gallery, video, product or message as a viewer receives it. `type` is
 * what it was uploaded as (spec 3: feed-photo, feed-video, ...). URLs are short-lived signed
 * links. A viewer without access gets `url: null` and `thumbnails` holding only the blurred
 * preview, so the spec's thumbnail order still finds a picture; they never get an original.
 */
export const MediaFileView = Type.Object({
  _id: Type.String(),
  type: Type.String({ description: 'feed-photo, feed-video, feed-audio, feed-thumbnail, feed-teaser, gallery-photo, video, video-thumbnail, video-teaser, product-image, product-file, message-photo, message-video, comment-image' }),
  kind: Type.Enum(['image', 'video', 'audio', 'document']),
  status: Type.Enum([...MEDIA_FILE_STATUSES]),
  /** Why processing failed (shown to the owner); null otherwise. */
  failureReason: Type.Union([Type.String(), Type.Null()]),
  /** The playable/viewable file: null while locked, processing or failed. */
  url: Type.Union([Type.String(), Type.Null()]),
  /** Small images: the thumbnail when unlocked, the blurred preview when locked; empty until one exists. */
  thumbnails: Type.Array(Type.String()),
  /** The blurred preview, for anyone. */
  preview: Type.Union([Type.String(), Type.Null()]),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  /** Seconds, for video and audio once processed. */
  duration: Type.Union([Type.Number(), Type.Null()]),
  mimeType: Type.Union([Type.String(), Type.Null()]),
  size: Type.Integer({ minimum: 0 }),
  name: Type.String(),
  isLocked: Type.Boolean(),
});
export type MediaFileView = Static<typeof MediaFileView>;

/** What the status endpoints of spec 7 answer while a video or audio file is processed. */
export const MediaFileStatus = Type.Object({
  _id: Type.String(),
  status: Type.Enum([...MEDIA_FILE_STATUSES]),
  failureReason: Type.Union([Type.String(), Type.Null()]),
});
export type MediaFileStatus = Static<typeof MediaFileStatus>;
