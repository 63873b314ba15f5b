-- The month's allowance of a billing owner (a user's own when the organization is null): the
-- plan's limit (its scope's default plan without one), the tokens charged, and those reserved
-- by answers still streaming.
CREATE OR REPLACE FUNCTION owner_allowance(
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
