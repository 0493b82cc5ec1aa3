import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { performers } from './performers';
import { mediaFiles } from './media';
import { CONTENT_STATUSES, counterColumns, timestamps, moderationColumns } from './content-common';

export const PRODUCT_TYPES = ['physical', 'digital'] as const;

/** Something a creator sells from their store: always for sale; a digital one has a file for buyers. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    performerId: uuid('performer_id').notNull().references(() => performers.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: PRODUCT_TYPES }).notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Units left of a physical product; null for digital ones. Never below zero. */
    stock: integer('stock'),
    digitalFileId: uuid('digital_file_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
    status: text('status', { enum: CONTENT_STATUSES }).notNull().default('active'),
    totalSold: integer('total_sold').notNull().default(0),
    ...counterColumns(),
    ...moderationColumns(),
    ...timestamps(),
  },
  (t) => [index('products_performer_idx').on(t.performerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').notNull().references(() => mediaFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.fileId] }), index('product_images_file_idx').on(t.fileId)],
);
