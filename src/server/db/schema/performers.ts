import { sql } from 'drizzle-orm';
import { boolean, customType, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Where a creator's identity check stands: documents not sent yet, waiting for an operator,
 * approved (the creator may be paid and is listed) or rejected with a note (new documents put
 * them back in the queue). Read with `requireCreatorVerification` (payable-creator check).
 */
export const VERIFICATION_STATUSES = ['not_submitted', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export interface SocialLinks {
  website?: string;
  twitter?: string;
  instagram?: string;
  facebook?: string;
  youtube?: string;
  tiktok?: string;
}

/**
 * Creator-only fields, one row per performer account. Prices are integer cents of tokens. The
 * stats columns are counters kept in the same transaction as the rows they count.
 */
export const performers = pgTable(
  'performers',
  {
    userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    /** Sanitised rich text (src/common/lib/rich-text.ts). */
    bio: text('bio').notNull().default(''),
    gender: text('gender'),
    sexualOrientation: text('sexual_orientation'),
    country: text('country'),
    city: text('city'),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    dateOfBirth: date('date_of_birth'),
    height: text('height'),
    weight: text('weight'),
    bodyType: text('body_type'),
    ethnicity: text('ethnicity'),
    size: text('size'),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
    welcomeVideoPath: text('welcome_video_path'),
    monthlyPriceCents: integer('monthly_price_cents').notNull().default(995),
    yearlyPriceCents: integer('yearly_price_cents').notNull().default(9995),
    isFreeSubscription: boolean('is_free_subscription').notNull().default(false),
    idDocumentPath: text('id_document_path'),
    selfiePath: text('selfie_path'),
    verificationStatus: text('verification_status', { enum: VERIFICATION_STATUSES }).notNull().default('not_submitted'),
    /** The operator's reason when rejected (the creator sees it). */
    verificationNote: text('verification_note'),
    /** When the documents under review were sent (the queue's order). */
    verificationSubmittedAt: timestamp('verification_submitted_at', { withTimezone: true }),
    verificationReviewedAt: timestamp('verification_reviewed_at', { withTimezone: true }),
    verificationReviewedBy: uuid('verification_reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    totalPosts: integer('total_posts').notNull().default(0),
    totalPhotos: integer('total_photos').notNull().default(0),
    totalVideos: integer('total_videos').notNull().default(0),
    totalFollowers: integer('total_followers').notNull().default(0),
    totalLikes: integer('total_likes').notNull().default(0),
    totalSubscribers: integer('total_subscribers').notNull().default(0),
    /** Views of the public profile by others (POST /performers/:id/view, once per viewer per hour). */
    profileViews: integer('profile_views').notNull().default(0),
    /** The platform's share of this creator's sales in basis points; null: `performerCommission`. */
    commissionBasisPoints: integer('commission_basis_points'),
    /** The 'popular' sort key, stored so that a page of the default sort is an index walk. */
    popularity: integer('popularity').generatedAlwaysAs(sql`total_followers + total_subscribers`),
    /** name + username + bio text, kept current by triggers on users and performers (migration 0001). */
    searchVector: tsvector('search_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('performers_search_idx').using('gin', t.searchVector),
    index('performers_popular_idx').on(t.popularity.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.userId),
    index('performers_newest_idx').on(t.createdAt.desc().nullsFirst(), t.userId),
    index('performers_verification_idx').on(t.verificationStatus, t.verificationSubmittedAt),
    index('performers_subscribers_idx').on(t.totalSubscribers.desc().nullsFirst(), t.popularity.desc().nullsFirst(), t.userId),
  ],
);

/** Where a performer's earnings are paid out (spec: PUT /performers/banking-settings). */
export const performerBankingSettings = pgTable('performer_banking_settings', {
  performerId: uuid('performer_id').primaryKey().references(() => performers.userId, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  bankName: text('bank_name').notNull(),
  accountNumber: text('account_number').notNull(),
  routingNumber: text('routing_number').notNull().default(''),
  swiftCode: text('swift_code').notNull().default(''),
  country: text('country').notNull(),
  address: text('address').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How a performer wants payouts sent (spec: PUT /performers/payment-gateway-settings). */
export const performerPaymentSettings = pgTable('performer_payment_settings', {
  performerId: uuid('performer_id').primaryKey().references(() => performers.userId, { onDelete: 'cascade' }),
  payoutMethod: text('payout_method', { enum: ['bank_transfer', 'paypal'] }).notNull(),
  paypalEmail: text('paypal_email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
