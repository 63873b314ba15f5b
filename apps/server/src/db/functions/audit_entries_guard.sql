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
