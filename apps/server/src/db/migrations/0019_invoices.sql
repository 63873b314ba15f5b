CREATE TABLE "invoice_counters" (
	"month" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "proration" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
-- Payments made before invoices get their numbers here, in the order they were paid, within
-- the month (Warsaw time) of their payment; the counters go on from there.
WITH numbered AS (
  SELECT "id", to_char("paid_at" AT TIME ZONE 'Europe/Warsaw', 'YYYY/MM') AS "month",
    row_number() OVER (
      PARTITION BY to_char("paid_at" AT TIME ZONE 'Europe/Warsaw', 'YYYY/MM')
      ORDER BY "paid_at", "created_at", "id"
    ) AS "n"
  FROM "payments" WHERE "status" = 'succeeded' AND "paid_at" IS NOT NULL
)
UPDATE "payments" p SET "invoice_number" =
  'FV/' || b."month" || '/' || lpad(b."n"::text, greatest(4, length(b."n"::text)), '0')
  FROM numbered b WHERE p."id" = b."id";
--> statement-breakpoint
INSERT INTO "invoice_counters" ("month", "last")
  SELECT to_char("paid_at" AT TIME ZONE 'Europe/Warsaw', 'YYYY-MM'), count(*) FROM "payments"
  WHERE "invoice_number" IS NOT NULL GROUP BY 1;
--> statement-breakpoint
-- An upgrade credited the rest of the subscription's previous payment: the same figures the
-- charge was made of (the catalogue's price of the new plan, that payment's plan and end).
WITH credited AS (
  SELECT u."id", u."created_at", prev."plan_id", prev."period_end",
    CASE u."period" WHEN 'yearly' THEN pl."price_yearly_cents" ELSE pl."price_monthly_cents" END AS "full_net"
  FROM "payments" u
  JOIN "plans" pl ON pl."id" = u."plan_id"
  CROSS JOIN LATERAL (
    SELECT p."plan_id", p."period_end" FROM "payments" p
    WHERE p."subscription_id" = u."subscription_id" AND p."status" = 'succeeded'
      AND p."created_at" < u."created_at"
    ORDER BY p."created_at" DESC LIMIT 1
  ) prev
  WHERE u."kind" = 'upgrade'
)
UPDATE "payments" p SET "proration" = jsonb_build_object(
    'credited_plan_id', c."plan_id",
    'credited_from', to_jsonb(c."created_at"),
    'credited_until', to_jsonb(c."period_end"),
    'full_net', c."full_net"
  )
  FROM credited c WHERE p."id" = c."id" AND c."full_net" > p."amount_net";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_receipt_number_unique";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "receipt_number";--> statement-breakpoint
DROP TABLE "receipt_counters";
