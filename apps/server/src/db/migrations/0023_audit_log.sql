CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"subject_user_id" uuid,
	"actor_user_id" uuid,
	"actor_name" text,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"ip" text,
	"device" text,
	"details" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_entries_organization_idx" ON "audit_entries" USING btree ("organization_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_subject_idx" ON "audit_entries" USING btree ("subject_user_id","id" DESC NULLS LAST);--> statement-breakpoint
-- The audit log is appended to only: an UPDATE, a DELETE or a TRUNCATE of audit_entries is
-- refused, whoever asks. The one exception is an organization's purge, which deletes its
-- entries with everything else it held, in a transaction that says so
-- (set_config('themis.audit_purge', 'on', true)).
CREATE OR REPLACE FUNCTION audit_entries_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('themis.audit_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit entries are never changed or removed'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION audit_entries_guard();--> statement-breakpoint
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_guard();
