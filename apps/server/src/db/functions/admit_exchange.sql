-- Locks a conversation and its billing owner for a new exchange (until the transaction ends)
-- and says why it may not take one, or null when it may. The owner's questions are admitted
-- one at a time, each seeing the others' reservations, so together they pass the limit by at
-- most one answer; an organization's members queue on its row, as they share its pool. The
-- rows are locked FOR NO KEY UPDATE: that still queues an owner's admissions, but does not
-- conflict with the foreign-key check a new message makes on its user.
CREATE OR REPLACE FUNCTION admit_exchange(
  p_conversation uuid, p_user uuid, p_organization uuid, p_sealed boolean, p_last_shown uuid,
  p_month date, p_default_organization_plan text
) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  is_encrypted boolean;
  allowance record;
BEGIN
  SELECT c.encrypted INTO is_encrypted FROM conversations c WHERE c.id = p_conversation FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN 'conversation_not_found'; END IF;
  -- The background encryption job changes it under the same lock.
  IF is_encrypted <> p_sealed THEN RETURN 'encryption_changed'; END IF;
  IF p_organization IS NULL THEN
    PERFORM 1 FROM users u WHERE u.id = p_user FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM organizations o WHERE o.id = p_organization FOR NO KEY UPDATE;
  END IF;
  -- Another instance took the conversation, or another version was shown, since the history
  -- was read: the exchange would follow a branch no longer shown.
  IF EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = p_conversation AND m.status = 'streaming')
    OR (SELECT m.id FROM messages m WHERE m.conversation_id = p_conversation AND m.shown
        ORDER BY m.seq DESC LIMIT 1) IS DISTINCT FROM p_last_shown THEN
    RETURN 'conversation_busy';
  END IF;
  SELECT * INTO allowance
    FROM owner_allowance(p_user, p_organization, p_month, p_default_organization_plan);
  IF NOT allowance.owner_found THEN RETURN 'owner_gone'; END IF;
  IF allowance.used + allowance.reserved >= allowance.token_limit THEN
    RETURN 'monthly_limit_reached';
  END IF;
  RETURN NULL;
END $$;
