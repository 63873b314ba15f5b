CREATE TABLE "encryption_keys" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"key_type" text NOT NULL,
	"salt" text NOT NULL,
	"kdf" jsonb NOT NULL,
	"wrapped_key" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "encryption_keys" ADD CONSTRAINT "encryption_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "encryption_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "encrypted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Sealed text is never indexed: the search columns are generated again over the flags.
ALTER TABLE "conversations" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', case when encrypted then '' else coalesce(name, '') end)) STORED;--> statement-breakpoint
CREATE INDEX "conversations_search_idx" ON "conversations" USING gin ("search");--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', case when sealed then '' else coalesce(content, '') end)) STORED;--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");
