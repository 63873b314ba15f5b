-- A question sent without files no longer runs the statement that binds files.
CREATE OR REPLACE FUNCTION store_question(
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
  files jsonb := '[]';
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
  IF cardinality(p_attachments) > 0 THEN
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
  END IF;
  UPDATE conversations c SET updated_at = now(), name = coalesce(p_name, c.name)
    WHERE c.id = p_conversation RETURNING * INTO touched;
  RETURN jsonb_build_object('question', to_jsonb(question), 'answer', to_jsonb(answer),
    'files', files, 'conversation', to_jsonb(touched));
END $$;
--> statement-breakpoint

-- Questions that arrive together, in one statement: each admitted and stored by store_question,
-- in the order given, each seeing the reservations of those before it. On the embedded
-- database every statement waits its turn on the one session. The rows are locked
-- conversations first, then owners, each in id order, as one question locks its conversation
-- before its owner: two instances' batches cannot wait on each other. A question whose files
-- are not bound is refused alone ({"refusal": "attachment_not_found"}), nothing of it written.
-- Each item of p_items: conversation, user, organization, sealed, last_shown, month,
-- default_plan, question_id, answer_id, model, reserved_tokens, attachments (ids). The texts
-- people wrote are not in JSON but in p_texts, three per item: the question, the answer and
-- the name (null to keep it). Answers a row for each item, in their order.
CREATE FUNCTION store_questions(p_items jsonb, p_texts text[]) RETURNS SETOF jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  item jsonb;
  n bigint;
  attachment_ids uuid[];
  stored jsonb;
BEGIN
  PERFORM 1 FROM conversations c
    WHERE c.id IN (SELECT (i ->> 'conversation')::uuid FROM jsonb_array_elements(p_items) i)
    ORDER BY c.id FOR UPDATE;
  PERFORM 1 FROM users u
    WHERE u.id IN (SELECT (i ->> 'user')::uuid FROM jsonb_array_elements(p_items) i
      WHERE i ->> 'organization' IS NULL)
    ORDER BY u.id FOR UPDATE;
  PERFORM 1 FROM organizations o
    WHERE o.id IN (SELECT (i ->> 'organization')::uuid FROM jsonb_array_elements(p_items) i)
    ORDER BY o.id FOR UPDATE;
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
