import { bigint, boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  productName: text('product_name').notNull(),
  scope: text('scope', { enum: ['individual', 'organization'] }).notNull(),
  monthlyTokenLimit: bigint('monthly_token_limit', { mode: 'number' }).notNull(),
  hasEncryption: boolean('has_encryption').notNull().default(false),
  priceMonthlyCents: integer('price_monthly_cents').notNull().default(0),
  priceYearlyCents: integer('price_yearly_cents').notNull().default(0),
  currency: text('currency').notNull().default('PLN'),
  isDefault: boolean('is_default').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Stripe's prod_… for this plan, made the first time it is sold through Stripe. */
  stripeProductId: text('stripe_product_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PlanRow = typeof plans.$inferSelect;
