-- A question is taken in one statement: its checks and writes run in the database, with their
-- plans kept, rather than as a transaction of a round trip each. Every statement in a function
-- sees what was committed before it began, so each check reads after the locks taken before it.

-- The month's allowance of a billing owner (a user's own when the organization is null): the
-- plan's limit (its scope's default plan without one), the tokens charged, and those reserved
-- by answers still streaming.
CREATE FUNCTION owner_allowance(
  p_user uuid, p_organization uuid, p_month date, p_default_organization_plan text
) RETURNS TABLE (owner_found boolean, token_limit bigint, used bigint, reserved bigint)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_organization IS NULL THEN
    RETURN QUERY SELECT
      EXISTS (SELECT 1 FROM users u WHERE u.id = p_user),
      coalesce(
        (SELECT p.monthly_token_limit FROM users u JOIN plans p ON p.id = u.plan_id WHERE u.id = p_user),
        (SELECT p.monthly_token_limit FROM plans p WHERE p.is_default ORDER BY p.created_at DESC LIMIT 1),
        0)::bigint,
      coalesce((SELECT t.tokens FROM token_usage t WHERE t.user_id = p_user AND t.month = p_month), 0)::bigint,
      -- messages_streaming_user_idx holds only the answers being written.
      (SELECT coalesce(sum(m.reserved_tokens), 0) FROM messages m
        WHERE m.status = 'streaming' AND m.user_id = p_user AND m.organization_id IS NULL)::bigint;
  ELSE
    RETURN QUERY SELECT
      EXISTS (SELECT 1 FROM organizations o WHERE o.id = p_organization),
      coalesce(
        (SELECT p.monthly_token_limit FROM organizations o JOIN plans p ON p.id = o.plan_id
          WHERE o.id = p_organization),
        (SELECT p.monthly_token_limit FROM plans p
          WHERE p.scope = 'organization' AND p.code = p_default_organization_plan
          ORDER BY p.created_at DESC LIMIT 1),
        0)::bigint,
      (SELECT coalesce(sum(t.tokens), 0) FROM organization_token_usage t
        WHERE t.organization_id = p_organization AND t.month = p_month)::bigint,
      -- messages_streaming_organization_idx holds only the answers being written.
      (SELECT coalesce(sum(m.reserved_tokens), 0) FROM messages m
        WHERE m.status = 'streaming' AND m.organization_id = p_organization)::bigint;
  END IF;
END $$;
--> statement-breakpoint

-- Locks a conversation and its billing owner for a new exchange (until the transaction ends)
-- and says why it may not take one, or null when it may. The owner's questions are admitted
-- one at a time, each seeing the others' reservations, so together they pass the limit by at
-- most one answer; an organization's members queue on its row, as they share its pool.
CREATE FUNCTION admit_exchange(
  p_conversation uuid, p_user uuid, p_organization uuid, p_sealed boolean, p_last_shown uuid,
  p_month date, p_default_organization_plan text
) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  is_encrypted boolean;
  allowance record;
BEGIN
  SELECT c.encrypted INTO is_encrypted FROM conversations c WHERE c.id = p_conversation FOR UPDATE;
  IF NOT FOUND THEN RETURN 'conversation_not_found'; END IF;
  -- The background encryption job changes it under the same lock.
  IF is_encrypted <> p_sealed THEN RETURN 'encryption_changed'; END IF;
  IF p_organization IS NULL THEN
    PERFORM 1 FROM users u WHERE u.id = p_user FOR UPDATE;
  ELSE
    PERFORM 1 FROM organizations o WHERE o.id = p_organization FOR UPDATE;
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

-- A new question and its empty 'streaming' answer, admitted and stored at once: the answer
-- holds its expected tokens against the limit, the files sent with it are bound to it, and the
-- conversation is touched (and named, when `p_name` is given). Answers {"refusal": code} with
-- nothing written, else the rows as stored. The messages take the owner's user and organization:
-- the access check has already found the conversation in that context.
CREATE FUNCTION store_question(
  p_conversation uuid, p_user uuid, p_organization uuid, p_sealed boolean, p_last_shown uuid,
  p_month date, p_default_organization_plan text,
  p_question_id uuid, p_question_content text, p_answer_id uuid, p_answer_content text,
  p_model text, p_reserved_tokens integer, p_attachments uuid[], p_name text
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  refusal text;
  question messages;
  answer messages;
  files jsonb;
  bound integer;
  touched conversations;
BEGIN
  refusal := admit_exchange(p_conversation, p_user, p_organization, p_sealed, p_last_shown,
    p_month, p_default_organization_plan);
  IF refusal IS NOT NULL THEN RETURN jsonb_build_object('refusal', refusal); END IF;
  INSERT INTO messages (id, conversation_id, user_id, organization_id, parent_id, role, content, sealed, status)
    VALUES (p_question_id, p_conversation, p_user, p_organization, p_last_shown, 'user',
      p_question_content, p_sealed, 'complete')
    RETURNING * INTO question;
  INSERT INTO messages (id, conversation_id, user_id, organization_id, parent_id, role, content, sealed, status, model_id, reserved_tokens)
    VALUES (p_answer_id, p_conversation, p_user, p_organization, p_question_id, 'assistant',
      p_answer_content, p_sealed, 'streaming', p_model, p_reserved_tokens)
    RETURNING * INTO answer;
  WITH bound_files AS (
    UPDATE attachments a SET message_id = p_question_id
      WHERE a.id = ANY (p_attachments) AND a.user_id = p_user
        AND a.conversation_id = p_conversation AND a.message_id IS NULL
      RETURNING a.*)
  SELECT count(*), coalesce(jsonb_agg(to_jsonb(f) ORDER BY f.created_at), '[]')
    INTO bound, files FROM bound_files f;
  -- A file missing, sent already or someone else's: nothing of the question stays.
  IF bound <> cardinality(p_attachments) THEN
    RAISE EXCEPTION 'attachment_not_found' USING ERRCODE = 'TH404';
  END IF;
  UPDATE conversations c SET updated_at = now(), name = coalesce(p_name, c.name)
    WHERE c.id = p_conversation RETURNING * INTO touched;
  RETURN jsonb_build_object('question', to_jsonb(question), 'answer', to_jsonb(answer),
    'files', files, 'conversation', to_jsonb(touched));
END $$;
