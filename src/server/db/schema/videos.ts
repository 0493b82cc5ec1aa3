import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { performers } from './performers';
import { mediaFiles } from './media';
import { accessColumns, counterColumns, timestamps, moderationColumns } from './content-common';

/** A creator's video with its thumbnail and teaser; scheduled release through `publishAt`. */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    performerId: uuid('performer_id').notNull().references(() => performers.userId, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Lower-case words, no '#'. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    ...accessColumns(),
    fileId: uuid('file_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
    teaserFileId: uuid('teaser_file_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
    totalViews: integer('total_views').notNull().default(0),
    ...counterColumns(),
    ...moderationColumns(),
    ...timestamps(),
  },
  (t) => [
    index('videos_performer_publish_idx').on(t.performerId, t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('videos_tags_idx').using('gin', t.tags),
  ],
);
