-- Admissions lock their conversation and billing owner FOR NO KEY UPDATE rather than FOR
-- UPDATE. It still queues an owner's admissions one at a time, but no longer conflicts with the
-- foreign-key check a new message makes on its user: a batch holding a user for that user's own
-- question, and waiting for an organization held by another batch that stores the same user's
-- question in it, could otherwise wait on each other on PostgreSQL.
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
--> statement-breakpoint

CREATE OR REPLACE FUNCTION store_questions(p_items jsonb, p_texts text[]) RETURNS SETOF jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  item jsonb;
  n bigint;
  attachment_ids uuid[];
  stored jsonb;
BEGIN
  PERFORM 1 FROM conversations c
    WHERE c.id IN (SELECT (i ->> 'conversation')::uuid FROM jsonb_array_elements(p_items) i)
    ORDER BY c.id FOR NO KEY UPDATE;
  PERFORM 1 FROM users u
    WHERE u.id IN (SELECT (i ->> 'user')::uuid FROM jsonb_array_elements(p_items) i
      WHERE i ->> 'organization' IS NULL)
    ORDER BY u.id FOR NO KEY UPDATE;
  PERFORM 1 FROM organizations o
    WHERE o.id IN (SELECT (i ->> 'organization')::uuid FROM jsonb_array_elements(p_items) i)
    ORDER BY o.id FOR NO KEY UPDATE;
  FOR item, n IN SELECT e.value, e.ordinality FROM jsonb_array_elements(p_items) WITH ORDINALITY e LOOP
    attachment_ids := ARRAY(SELECT jsonb_array_elements_text(item -> 'attachments')::uuid);
    -- A block that catches starts a subtransaction: only a question with files needs one.
    IF cardinality(attachment_ids) = 0 THEN
      stored := store_question((item ->> 'conversation')::uuid, (item ->> 'user')::uuid,
        (item ->> 'organization')::uuid, (item ->> 'sealed')::boolean,
        (item ->> 'last_shown')::uuid, (item ->> 'month')::date, item ->> 'default_plan',
        (item ->> 'question_id')::uuid, p_texts[3 * n - 2], (item ->> 'answer_id')::uuid,
        p_texts[3 * n - 1], item ->> 'model', (item ->> 'reserved_tokens')::integer,
        attachment_ids, p_texts[3 * n]);
    ELSE
      BEGIN
        stored := store_question((item ->> 'conversation')::uuid, (item ->> 'user')::uuid,
          (item ->> 'organization')::uuid, (item ->> 'sealed')::boolean,
          (item ->> 'last_shown')::uuid, (item ->> 'month')::date, item ->> 'default_plan',
          (item ->> 'question_id')::uuid, p_texts[3 * n - 2], (item ->> 'answer_id')::uuid,
          p_texts[3 * n - 1], item ->> 'model', (item ->> 'reserved_tokens')::integer,
          attachment_ids, p_texts[3 * n]);
      EXCEPTION WHEN SQLSTATE 'TH404' THEN
        stored := jsonb_build_object('refusal', 'attachment_not_found');
      END;
    END IF;
    RETURN NEXT stored;
  END LOOP;
END $$;
