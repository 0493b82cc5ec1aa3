import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const MEDIA_KINDS = ['image', 'video', 'audio', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/**
 * One uploaded file and what the media pipeline made of it. Every key is a private storage key:
 * content files are only ever served through short-lived signed URLs (src/server/media/), never
 * under `public/`. Content rows (feeds, photos, videos, products, messages) point here by id; a
 * file nobody points at is removed by the clean-up job after a day.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MEDIA_KINDS }).notNull(),
    /** What it was uploaded as: feed-photo, feed-video, feed-audio, feed-thumbnail, feed-teaser, gallery-photo, video, video-thumbnail, video-teaser, product-image, product-file, message-photo, message-video. */
    purpose: text('purpose').notNull(),
    status: text('status', { enum: MEDIA_STATUSES }).notNull().default('pending'),
    /** Why processing failed, in words a creator can act on. */
    failureReason: text('failure_reason'),
    /** The uploaded name, cleaned: used only as a download file name. */
    originalName: text('original_name').notNull().default(''),
    /** The bytes as uploaded (after the byte check). Deleted once a derived main file exists, except documents. */
    originalKey: text('original_key'),
    /** What viewers get: the re-encoded image, the MP4 (H.264/AAC, faststart), the AAC audio, or the document itself. */
    mainKey: text('main_key'),
    mainContentType: text('main_content_type'),
    /** A small image: the image scaled down, or a frame of the video. */
    thumbnailKey: text('thumbnail_key'),
    /** A heavily blurred small image for viewers without access. */
    previewKey: text('preview_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_files_owner_idx').on(t.ownerId, t.createdAt), index('media_files_status_idx').on(t.status, t.updatedAt)],
);
