DROP INDEX "data_exports_user_idx";--> statement-breakpoint
DROP INDEX "users_created_idx";--> statement-breakpoint
DROP INDEX "feeds_performer_publish_idx";--> statement-breakpoint
DROP INDEX "feeds_publish_idx";--> statement-breakpoint
DROP INDEX "galleries_performer_publish_idx";--> statement-breakpoint
DROP INDEX "photos_performer_idx";--> statement-breakpoint
DROP INDEX "videos_performer_publish_idx";--> statement-breakpoint
DROP INDEX "products_performer_idx";--> statement-breakpoint
DROP INDEX "comments_object_idx";--> statement-breakpoint
DROP INDEX "reports_status_idx";--> statement-breakpoint
DROP INDEX "conversation_members_list_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_idx";--> statement-breakpoint
DROP INDEX "private_show_requests_performer_idx";--> statement-breakpoint
DROP INDEX "private_show_requests_fan_idx";--> statement-breakpoint
DROP INDEX "streams_live_idx";--> statement-breakpoint
DROP INDEX "account_warnings_user_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "audit_log_action_idx";--> statement-breakpoint
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
DROP INDEX "contact_messages_status_idx";--> statement-breakpoint
DROP INDEX "ledger_check_runs_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feeds_performer_publish_idx" ON "feeds" USING btree ("performer_id","publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feeds_publish_idx" ON "feeds" USING btree ("publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "galleries_performer_publish_idx" ON "galleries" USING btree ("performer_id","publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "photos_performer_idx" ON "photos" USING btree ("performer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_performer_publish_idx" ON "videos" USING btree ("performer_id","publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_performer_idx" ON "products" USING btree ("performer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_object_idx" ON "comments" USING btree ("object_type","object_id","created_at" DESC NULLS FIRST) WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversation_members_list_idx" ON "conversation_members" USING btree ("user_id","last_activity_at" DESC NULLS FIRST,"conversation_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "private_show_requests_performer_idx" ON "private_show_requests" USING btree ("performer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "private_show_requests_fan_idx" ON "private_show_requests" USING btree ("fan_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "streams_live_idx" ON "streams" USING btree ("viewer_count" DESC NULLS FIRST,"started_at" DESC NULLS FIRST) WHERE is_streaming;--> statement-breakpoint
CREATE INDEX "account_warnings_user_idx" ON "account_warnings" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_check_runs_created_idx" ON "ledger_check_runs" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);