import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Stored overrides of the site settings; absent keys fall back to the defaults in src/common. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
