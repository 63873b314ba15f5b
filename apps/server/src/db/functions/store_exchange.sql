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
