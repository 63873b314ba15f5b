CREATE TABLE "conversation_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid,
	"secret_hash" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"name" text NOT NULL,
	"message_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shared_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "conversation_shares_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "share_messages" (
	"share_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"model_id" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_messages_share_id_position_pk" PRIMARY KEY("share_id","position")
);
--> statement-breakpoint
CREATE TABLE "share_visitors" (
	"share_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_visited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_visitors_share_id_user_id_pk" PRIMARY KEY("share_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "conversation_shares" ADD CONSTRAINT "conversation_shares_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_shares" ADD CONSTRAINT "conversation_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_shares" ADD CONSTRAINT "conversation_shares_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_messages" ADD CONSTRAINT "share_messages_share_id_conversation_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."conversation_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_visitors" ADD CONSTRAINT "share_visitors_share_id_conversation_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."conversation_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_visitors" ADD CONSTRAINT "share_visitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_shares_open_idx" ON "conversation_shares" USING btree ("conversation_id") WHERE disabled_at is null;--> statement-breakpoint
CREATE INDEX "conversation_shares_owner_idx" ON "conversation_shares" USING btree ("user_id","created_at" DESC NULLS LAST,"id") WHERE disabled_at is null;--> statement-breakpoint
CREATE INDEX "share_visitors_order_idx" ON "share_visitors" USING btree ("share_id","first_visited_at");