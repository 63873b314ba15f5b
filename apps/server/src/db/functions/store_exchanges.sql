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
