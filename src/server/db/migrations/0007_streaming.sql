CREATE TABLE "stream_settings" (
	"performer_id" uuid PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"access" text DEFAULT 'free' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"performer_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"access" text DEFAULT 'free' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"is_streaming" boolean DEFAULT true NOT NULL,
	"is_chat_closed" boolean DEFAULT false NOT NULL,
	"conversation_id" uuid NOT NULL,
	"viewer_count" integer DEFAULT 0 NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"last_heartbeat_at" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stream_settings" ADD CONSTRAINT "stream_settings_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "streams_one_live_per_performer" ON "streams" USING btree ("performer_id") WHERE is_streaming;--> statement-breakpoint
CREATE UNIQUE INDEX "streams_conversation_key" ON "streams" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "streams_live_idx" ON "streams" USING btree ("viewer_count" DESC NULLS LAST,"started_at" DESC NULLS LAST) WHERE is_streaming;