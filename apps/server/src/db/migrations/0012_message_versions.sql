ALTER TABLE "messages" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "shown" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "files_from_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_parent_id_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_parent_idx" ON "messages" USING btree ("parent_id");--> statement-breakpoint
-- Conversations so far are one branch: each message follows the one before it.
UPDATE "messages" AS m SET "parent_id" = (
  SELECT p."id" FROM "messages" AS p
  WHERE p."conversation_id" = m."conversation_id" AND p."seq" < m."seq"
  ORDER BY p."seq" DESC LIMIT 1
);
