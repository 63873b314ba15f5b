ALTER TABLE "users" ADD COLUMN "encryption_off_action" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "encryption_sync_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "encryption_sync_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "encryption_off_action" text;--> statement-breakpoint
ALTER TABLE "encryption_keys" ADD COLUMN "removal" text;