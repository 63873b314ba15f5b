INSERT INTO "plans" ("code", "product_name", "scope", "monthly_token_limit", "has_encryption", "price_monthly_cents", "price_yearly_cents", "currency", "is_default", "sort_order")
VALUES
  ('free', 'Free', 'individual', 100000, false, 0, 0, 'PLN', true, 0),
  ('pro', 'Pro', 'individual', 2000000, true, 7900, 79000, 'PLN', false, 1)
ON CONFLICT ("code") DO NOTHING;
