import { boolean, date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Creator-only fields, one row per performer account. The creator-profile issue adds the
 * attribute lists, prices and stats; registration fills what is known at sign-up.
 */
export const performers = pgTable('performers', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  bio: text('bio').notNull().default(''),
  gender: text('gender'),
  country: text('country'),
  dateOfBirth: date('date_of_birth'),
  idDocumentPath: text('id_document_path'),
  selfiePath: text('selfie_path'),
  /** Set by an admin after checking the identity document and selfie. */
  verifiedDocument: boolean('verified_document').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
