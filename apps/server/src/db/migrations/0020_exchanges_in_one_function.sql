-- Which of its versions a message is, and how many there are: the messages of its
-- conversation that follow the same one (first questions: no parent), in the order stored.
CREATE OR REPLACE FUNCTION message_version(p_message messages) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'version', count(*) FILTER (WHERE s.seq <= p_message.seq),
    'versions', count(*))
  FROM messages s
  WHERE s.conversation_id = p_message.conversation_id
    AND s.parent_id IS NOT DISTINCT FROM p_message.parent_id
$$;
--> statement-breakpoint

-- One exchange, admitted (admit_exchange) and stored at once: a new question with its empty
-- 'streaming' answer, or, for a question asked again, the shown branch hidden from
-- `redo_from_seq` on (it stays, as versions no longer shown) and a new answer to the same
-- question (`new_question` false: a regenerate) or to a new version of it (an edit, whose
-- files stay those of `files_from`). The answer holds its expected tokens against the limit,
-- the files sent with a new question are bound to it, and the conversation is touched (and
-- named, when `p_name` is given). The messages take the owner's user and organization: the
-- access check has already found the conversation in that context.
-- `p_item` holds the ids and settings (see store_exchanges); the texts people wrote come as
-- text. Answers {"refusal": code} with nothing written, else the rows as stored, each message
-- with which of its versions it is. A file missing, sent already or someone else's raises
-- TH404 'attachment_not_found'.
CREATE OR REPLACE FUNCTION store_exchange(
  p_item jsonb, p_question_content text, p_answer_content text, p_name text
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_conversation uuid := (p_item ->> 'conversation')::uuid;
  v_user uuid := (p_item ->> 'user')::uuid;
  v_organization uuid := (p_item ->> 'organization')::uuid;
  v_sealed boolean := (p_item ->> 'sealed')::boolean;
  v_question_id uuid := (p_item ->> 'question_id')::uuid;
  v_attachments uuid[] := ARRAY(SELECT jsonb_array_elements_text(p_item -> 'attachments')::uuid);
  refusal text;
  question messages;
  answer messages;
  files jsonb := '[]';
  bound integer;
  touched conversations;
BEGIN
  refusal := admit_exchange(v_conversation, v_user, v_organization, v_sealed,
    (p_item ->> 'last_shown')::uuid, (p_item ->> 'month')::date, p_item ->> 'default_plan');
  IF refusal IS NOT NULL THEN RETURN jsonb_build_object('refusal', refusal); END IF;
  IF p_item ->> 'redo_from_seq' IS NOT NULL THEN
    UPDATE messages m SET shown = false
      WHERE m.conversation_id = v_conversation AND m.shown
        AND m.seq >= (p_item ->> 'redo_from_seq')::bigint;
  END IF;
  IF (p_item ->> 'new_question')::boolean THEN
    INSERT INTO messages (id, conversation_id, user_id, organization_id, parent_id, files_from_id, role, content, sealed, status)
      VALUES (v_question_id, v_conversation, v_user, v_organization,
        (p_item ->> 'question_parent')::uuid, (p_item ->> 'files_from')::uuid, 'user',
        p_question_content, v_sealed, 'complete')
      RETURNING * INTO question;
  ELSE
    SELECT * INTO question FROM messages m WHERE m.id = v_question_id;
  END IF;
  INSERT INTO messages (id, conversation_id, user_id, organization_id, parent_id, role, content, sealed, status, model_id, reserved_tokens)
    VALUES ((p_item ->> 'answer_id')::uuid, v_conversation, v_user, v_organization, v_question_id,
      'assistant', p_answer_content, v_sealed, 'streaming', p_item ->> 'model',
      (p_item ->> 'reserved_tokens')::integer)
    RETURNING * INTO answer;
  -- A question sent without files does not run the statement that binds them.
  IF cardinality(v_attachments) > 0 THEN
    WITH bound_files AS (
      UPDATE attachments a SET message_id = v_question_id
        WHERE a.id = ANY (v_attachments) AND a.user_id = v_user
          AND a.conversation_id = v_conversation AND a.message_id IS NULL
        RETURNING a.*)
    SELECT count(*), coalesce(jsonb_agg(to_jsonb(f) ORDER BY f.created_at), '[]')
      INTO bound, files FROM bound_files f;
    -- A file missing, sent already or someone else's: nothing of the question stays.
    IF bound <> cardinality(v_attachments) THEN
      RAISE EXCEPTION 'attachment_not_found' USING ERRCODE = 'TH404';
    END IF;
  END IF;
  UPDATE conversations c SET updated_at = now(), name = coalesce(p_name, c.name)
    WHERE c.id = v_conversation RETURNING * INTO touched;
  RETURN jsonb_build_object(
    'question', to_jsonb(question), 'question_version', message_version(question),
    'answer', to_jsonb(answer), 'answer_version', message_version(answer),
    'files', files, 'conversation', to_jsonb(touched));
END $$;
--> statement-breakpoint

-- Exchanges that arrive together, in one statement: each admitted and stored by
-- store_exchange, in the order given, each seeing the reservations of those before it. On the
-- embedded database every statement waits its turn on the one session. The rows are locked
-- conversations first, then owners, each in id order, as one exchange locks its conversation
-- before its owner: two instances' batches cannot wait on each other. An exchange whose files
-- are not bound is refused alone ({"refusal": "attachment_not_found"}), nothing of it written.
-- Each item of p_items: conversation, user, organization, sealed, last_shown, month,
-- default_plan, question_id, answer_id, model, reserved_tokens, attachments (ids),
-- redo_from_seq (null for a new question), new_question, question_parent, files_from. The
-- texts people wrote are not in JSON but in p_texts, three per item: the question, the answer
-- and the name (null to keep it). Answers a row for each item, in their order.
CREATE OR REPLACE FUNCTION store_exchanges(p_items jsonb, p_texts text[]) RETURNS SETOF jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  item jsonb;
  n bigint;
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
    -- A block that catches starts a subtransaction: only an exchange with files needs one.
    IF jsonb_array_length(item -> 'attachments') = 0 THEN
      stored := store_exchange(item, p_texts[3 * n - 2], p_texts[3 * n - 1], p_texts[3 * n]);
    ELSE
      BEGIN
        stored := store_exchange(item, p_texts[3 * n - 2], p_texts[3 * n - 1], p_texts[3 * n]);
      EXCEPTION WHEN SQLSTATE 'TH404' THEN
        stored := jsonb_build_object('refusal', 'attachment_not_found');
      END;
    END IF;
    RETURN NEXT stored;
  END LOOP;
END $$;
--> statement-breakpoint

-- Sending, answering again and editing are all stored by store_exchanges now.
DROP FUNCTION store_questions(jsonb, text[]);
--> statement-breakpoint
DROP FUNCTION store_question(uuid, uuid, uuid, boolean, uuid, date, text, uuid, text, uuid, text, text, integer, uuid[], text);
