DROP INDEX "performers_followers_idx";--> statement-breakpoint
DROP INDEX "performers_subscribers_idx";--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "popularity" integer GENERATED ALWAYS AS (total_followers + total_subscribers) STORED;--> statement-breakpoint
CREATE INDEX "performers_popular_idx" ON "performers" USING btree ("popularity" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "performers_newest_idx" ON "performers" USING btree ("created_at" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "performers_subscribers_idx" ON "performers" USING btree ("total_subscribers" DESC NULLS FIRST,"popularity" DESC NULLS FIRST,"user_id");