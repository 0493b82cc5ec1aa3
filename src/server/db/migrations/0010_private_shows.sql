CREATE TABLE "private_show_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fan_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price_cents" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"stream_id" uuid,
	"sale_transaction_id" uuid,
	"refund_transaction_id" uuid,
	"decided_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_show_requests_price_positive" CHECK ("private_show_requests"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "stream_settings" ADD COLUMN "private_show_price_cents" integer;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "private_viewer_id" uuid;--> statement-breakpoint
ALTER TABLE "private_show_requests" ADD CONSTRAINT "private_show_requests_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_show_requests" ADD CONSTRAINT "private_show_requests_performer_id_performers_user_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_show_requests" ADD CONSTRAINT "private_show_requests_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_show_requests" ADD CONSTRAINT "private_show_requests_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_show_requests" ADD CONSTRAINT "private_show_requests_sale_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("sale_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_show_requests" ADD CONSTRAINT "private_show_requests_refund_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("refund_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "private_show_requests_one_open" ON "private_show_requests" USING btree ("fan_id","performer_id") WHERE status in ('pending', 'accepted', 'started');--> statement-breakpoint
CREATE UNIQUE INDEX "private_show_requests_stream_key" ON "private_show_requests" USING btree ("stream_id");--> statement-breakpoint
CREATE INDEX "private_show_requests_performer_idx" ON "private_show_requests" USING btree ("performer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "private_show_requests_fan_idx" ON "private_show_requests" USING btree ("fan_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "private_show_requests_conversation_idx" ON "private_show_requests" USING btree ("conversation_id");--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_private_viewer_id_users_id_fk" FOREIGN KEY ("private_viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;