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
