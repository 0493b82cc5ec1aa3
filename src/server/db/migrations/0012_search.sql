ALTER TABLE "feeds" ADD COLUMN "hashtags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(regexp_replace(text, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "feeds_search_idx" ON "feeds" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "feeds_hashtags_idx" ON "feeds" USING gin ("hashtags");--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express a data backfill): the hashtags of posts written before
-- this migration. From now on the feeds service stores them with the text (src/common/lib/hashtags.ts);
-- this SQL twin classifies letters by the database's locale, so on a "C" locale only ASCII tags are
-- found here; saving such a post again stores its full list.
UPDATE "feeds" SET "hashtags" = coalesce((
  SELECT array_agg(DISTINCT lower(m[1]))
  FROM regexp_matches(
    regexp_replace(regexp_replace("text", '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g'),
    '(?:^|[^[:alnum:]_&#/])#([[:alnum:]_]*[[:alpha:]][[:alnum:]_]*)', 'g'
  ) AS m
), '{}'::text[]) WHERE "text" LIKE '%#%';
