ALTER TABLE "attachments" ADD COLUMN "filename_sealed" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Files sealed before their names were: each owner's encryption sync seals the names once a
-- session unlocks the owner's key.
UPDATE "users" SET "encryption_sync_pending" = true,
  "encryption_sync_version" = "encryption_sync_version" + 1
  WHERE "id" IN (SELECT "user_id" FROM "attachments" WHERE "sealed");
--> statement-breakpoint
INSERT INTO "jobs" ("type", "payload", "max_attempts")
  SELECT 'encryption.sync', jsonb_build_object('userId', u."id"), 20 FROM "users" u
  WHERE u."id" IN (SELECT "user_id" FROM "attachments" WHERE "sealed")
    AND NOT EXISTS (SELECT 1 FROM "jobs" j WHERE j."type" = 'encryption.sync'
      AND j."payload" ->> 'userId' = u."id"::text AND j."failed_at" IS NULL);
