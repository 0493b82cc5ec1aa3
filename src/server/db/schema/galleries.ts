import { index, integer, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { performers } from './performers';
import { mediaFiles } from './media';
import { accessColumns, CONTENT_STATUSES, counterColumns, timestamps, moderationColumns } from './content-common';

/** A photo set. Its access level covers every photo in it. */
export const galleries = pgTable(
  'galleries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    performerId: uuid('performer_id').notNull().references(() => performers.userId, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ...accessColumns(),
    /** The photo shown for the gallery; null = its first photo. */
    coverPhotoId: uuid('cover_photo_id').references((): AnyPgColumn => photos.id, { onDelete: 'set null' }),
    totalPhotos: integer('total_photos').notNull().default(0),
    totalViews: integer('total_views').notNull().default(0),
    ...counterColumns(),
    ...moderationColumns(),
    ...timestamps(),
  },
  (t) => [index('galleries_performer_publish_idx').on(t.performerId, t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    performerId: uuid('performer_id').notNull().references(() => performers.userId, { onDelete: 'cascade' }),
    galleryId: uuid('gallery_id').notNull().references(() => galleries.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').notNull().references(() => mediaFiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    position: integer('position').notNull().default(0),
    status: text('status', { enum: CONTENT_STATUSES }).notNull().default('active'),
    ...timestamps(),
  },
  (t) => [
    index('photos_gallery_idx').on(t.galleryId, t.position, t.createdAt),
    index('photos_performer_idx').on(t.performerId, t.createdAt.desc().nullsFirst()),
    index('photos_file_idx').on(t.fileId),
  ],
);
