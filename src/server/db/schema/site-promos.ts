import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Operator-managed banners (spec: GET /site-promo/search), shown on the landing page. */
export const sitePromos = pgTable(
  'site_promos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Storage key of the banner image (public prefix). */
    imagePath: text('image_path').notNull(),
    /** Where a click goes: a site path (/creator) or an http(s) URL. */
    href: text('href').notNull().default(''),
    position: text('position', { enum: ['landing', 'home'] }).notNull().default('landing'),
    ordering: integer('ordering').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_promos_position_idx').on(t.position, t.ordering)],
);
