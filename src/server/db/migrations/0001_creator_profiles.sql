CREATE TABLE "performer_banking_settings" (
	"performer_id" uuid PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"routing_number" text DEFAULT '' NOT NULL,
	"swift_code" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performer_payment_settings" (
	"performer_id" uuid PRIMARY KEY NOT NULL,
	"payout_method" text NOT NULL,
	"paypal_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocked_countries" (
	"performer_id" uuid NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_countries_performer_id_country_pk" PRIMARY KEY("performer_id","country")
);
--> statement-breakpoint
CREATE TABLE "blocked_users" (
	"performer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_users_performer_id_user_id_pk" PRIMARY KEY("performer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"follower_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"object_type" text NOT NULL,
	"object_id" uuid NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_promos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_path" text NOT NULL,
	"href" text DEFAULT '' NOT NULL,
	"position" text DEFAULT 'landing' NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "sexual_orientation" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "height" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "weight" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "body_type" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "ethnicity" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "hair_color" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "eye_color" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "social_links" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "welcome_video_path" text;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "monthly_price_cents" integer DEFAULT 995 NOT NULL;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "yearly_price_cents" integer DEFAULT 9995 NOT NULL;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "is_free_subscription" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "total_posts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "total_photos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "total_videos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "total_followers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "total_likes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "total_subscribers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "performer_banking_settings" ADD CONSTRAINT "performer_banking_settings_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_payment_settings" ADD CONSTRAINT "performer_payment_settings_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_countries" ADD CONSTRAINT "blocked_countries_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_users" ADD CONSTRAINT "blocked_users_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_users" ADD CONSTRAINT "blocked_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocked_countries_country_idx" ON "blocked_countries" USING btree ("country");--> statement-breakpoint
CREATE INDEX "blocked_users_user_idx" ON "blocked_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_pair_key" ON "follows" USING btree ("follower_id","performer_id");--> statement-breakpoint
CREATE INDEX "follows_performer_idx" ON "follows" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reactions_unique_key" ON "reactions" USING btree ("user_id","object_type","object_id","action");--> statement-breakpoint
CREATE INDEX "reactions_user_idx" ON "reactions" USING btree ("user_id","object_type","action","created_at");--> statement-breakpoint
CREATE INDEX "reactions_object_idx" ON "reactions" USING btree ("object_type","object_id","action");--> statement-breakpoint
CREATE INDEX "site_promos_position_idx" ON "site_promos" USING btree ("position","ordering");--> statement-breakpoint
CREATE INDEX "performers_search_idx" ON "performers" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "performers_followers_idx" ON "performers" USING btree ("total_followers");--> statement-breakpoint
CREATE INDEX "performers_subscribers_idx" ON "performers" USING btree ("total_subscribers");--> statement-breakpoint
-- Full-text search over a performer's name, username and bio (tags stripped). The 'simple'
-- configuration: names do not stem, and bios come in any language.
CREATE FUNCTION performer_search_document(p_name text, p_username text, p_bio text) RETURNS tsvector
LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('simple', coalesce(p_name, '')), 'A')
      || setweight(to_tsvector('simple', coalesce(p_username, '')), 'A')
      || setweight(to_tsvector('simple', regexp_replace(coalesce(p_bio, ''), '<[^>]*>', ' ', 'g')), 'B')
$$;--> statement-breakpoint
CREATE FUNCTION performers_search_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT performer_search_document(u.name, u.username, NEW.bio) INTO NEW.search_vector FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER performers_search_refresh BEFORE INSERT OR UPDATE OF bio ON performers
  FOR EACH ROW EXECUTE FUNCTION performers_search_refresh();--> statement-breakpoint
CREATE FUNCTION users_search_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE performers SET search_vector = performer_search_document(NEW.name, NEW.username, bio) WHERE user_id = NEW.id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_search_refresh AFTER UPDATE OF name, username ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION users_search_refresh();--> statement-breakpoint
UPDATE performers SET bio = bio;
