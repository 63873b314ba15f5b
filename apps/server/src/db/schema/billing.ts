import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { organizations } from './organizations';
import { plans } from './plans';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const BILLING_PERIOD_VALUES = ['monthly', 'yearly'] as const;
export const PAYMENT_PROVIDER_VALUES = ['sandbox', 'stripe', 'manual'] as const;

/**
 * Who pays: a user for themselves or an organization. Its row is locked while a payment for
 * it is decided, so two tabs cannot subscribe twice. Its owner going away leaves it (and its
 * invoices) without one: invoices are kept for the accounts.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    /** The customer at the payment provider (Stripe's cus_…), when it has one. */
    providerCustomerId: text('provider_customer_id'),
    /** Spec §3 billing details; null until first saved. */
    details: jsonb('details').$type<BillingDetailsRecord>(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('billing_accounts_user_idx').on(table.userId),
    uniqueIndex('billing_accounts_organization_idx').on(table.organizationId),
    check(
      'billing_accounts_one_owner',
      sql`${table.userId} is null or ${table.organizationId} is null`,
    ),
  ],
);

export interface BillingDetailsRecord {
  country: string;
  city: string;
  zip_code: string;
  address: string;
  phone: string;
  email: string;
  first_name: string;
  last_name: string;
  company_name: string;
  nip: string;
}

/** A saved card: the provider's reference and what may be shown, never the number. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => billingAccounts.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDER_VALUES }).notNull(),
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('payment_cards_account_idx').on(table.accountId, table.createdAt)],
);

export const SUBSCRIPTION_STATUS_VALUES = ['incomplete', 'active', 'past_due', 'ended'] as const;

/**
 * A plan bought for an account. 'incomplete' waits for the bank's authentication of the
 * first payment and grants nothing; 'active' and 'past_due' grant the plan; 'ended' is
 * history. One live subscription per account, enforced by the partial unique index.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => billingAccounts.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    period: text('period', { enum: BILLING_PERIOD_VALUES }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUS_VALUES }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDER_VALUES }).notNull(),
    /** Stripe's sub_…; null for the sandbox and manual grants. */
    providerSubscriptionId: text('provider_subscription_id').unique(),
    cardId: uuid('card_id').references(() => paymentCards.id, { onDelete: 'set null' }),
    /** Net price of each renewal, in minor units. */
    amountNet: integer('amount_net').notNull(),
    startedAt: at('started_at').notNull(),
    currentPeriodStart: at('current_period_start').notNull(),
    /** null: a manual grant without an end. */
    currentPeriodEnd: at('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelReason: text('cancel_reason'),
    cancelComment: text('cancel_comment'),
    canceledAt: at('canceled_at'),
    /** A downgrade that starts at the period end. */
    pendingPlanId: uuid('pending_plan_id').references(() => plans.id),
    pendingPeriod: text('pending_period', { enum: BILLING_PERIOD_VALUES }),
    /** Failed renewal attempts since the period ended. */
    failedRenewals: integer('failed_renewals').notNull().default(0),
    nextRetryAt: at('next_retry_at'),
    endedAt: at('ended_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_live_idx')
      .on(table.accountId)
      .where(sql`status in ('incomplete', 'active', 'past_due')`),
    index('subscriptions_account_idx').on(table.accountId, table.createdAt),
  ],
);

export const PAYMENT_STATUS_VALUES = ['pending', 'requires_action', 'succeeded', 'failed'] as const;
export const PAYMENT_KIND_VALUES = ['subscription', 'renewal', 'upgrade'] as const;

/**
 * A charge. A succeeded one is invoiced: its number, amounts and buyer are fixed when it
 * is paid. `planId`/`period` are what it pays for (an upgrade applies them once paid).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => billingAccounts.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PAYMENT_KIND_VALUES }).notNull(),
    status: text('status', { enum: PAYMENT_STATUS_VALUES }).notNull(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    period: text('period', { enum: BILLING_PERIOD_VALUES }).notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    amountNet: integer('amount_net').notNull(),
    amountVat: integer('amount_vat').notNull(),
    amountGross: integer('amount_gross').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDER_VALUES }).notNull(),
    /** The provider's payment (sandbox pay_…, Stripe pi_… or in_…). */
    providerRef: text('provider_ref').unique(),
    failureCode: text('failure_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The buyer as the invoice names them, fixed when paid. */
    buyer: jsonb('buyer').$type<BillingDetailsRecord>(),
    /** An upgrade's credit for the rest of the period it replaces; null for other payments. */
    proration: jsonb('proration').$type<ProrationRecord>(),
    invoiceNumber: text('invoice_number').unique(),
    paidAt: at('paid_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('payments_account_idx').on(table.accountId, table.createdAt),
    index('payments_subscription_idx').on(table.subscriptionId),
  ],
);

/**
 * What an upgrade credits: the unused rest of the plan it replaces, from the change to the end
 * of the period paid. The payment's net is `full_net` (the new plan's price for the new
 * period) less that credit.
 */
export interface ProrationRecord {
  credited_plan_id: string;
  credited_from: string;
  credited_until: string;
  full_net: number;
}

/** Invoice numbers run per month (Warsaw time) without gaps: FV/2026/12/0001. */
export const invoiceCounters = pgTable('invoice_counters', {
  /** `2026-12` */
  month: text('month').primaryKey(),
  last: integer('last').notNull(),
});

/** Provider events handled, so a replayed webhook changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  provider: text('provider').notNull(),
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: at('received_at').notNull().defaultNow(),
});
