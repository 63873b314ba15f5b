import { BILLING_CURRENCY, type Language } from '@themis/shared';
import type { Database } from '../../db/client';
import type { BillingContext } from './billing-context';
import { planOwnerOf } from './billing-catalogue';
import { findPlan, lockAccountById, type SubscriptionRow } from './billing.repo';
import { findPayer } from './billing-owners.repo';

const LOCALES: Record<Language, string> = { en: 'en-GB', pl: 'pl-PL' };
const BILLING_PAGES = { user: '/billing/subscription', organization: '/organizations/billing' };

const formatAmount = (minor: number, language: Language) =>
  new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency: BILLING_CURRENCY,
  }).format(minor / 100);

/**
 * Payment notices go to the billing e-mail, in the language of the person who pays (the
 * organization's owner for an organization). Nobody left to pay: no notice.
 */
async function recipientOf(tx: Database, subscription: SubscriptionRow) {
  const account = await lockAccountById(tx, subscription.accountId);
  const owner = planOwnerOf(account);
  if (!owner) return undefined;
  const person = await findPayer({ db: tx, owner });
  if (!person) return undefined;
  return {
    to: account.details?.email || person.email,
    language: person.language as Language,
    page: BILLING_PAGES[owner.kind],
  };
}

export async function queueSubscriptionEnded(
  ctx: BillingContext,
  tx: Database,
  subscription: SubscriptionRow,
  reason: 'canceled' | 'unpaid',
): Promise<void> {
  const recipient = await recipientOf(tx, subscription);
  const plan = await findPlan(tx, subscription.planId);
  if (!recipient || !plan) return;
  await ctx.queueMail(
    {
      to: recipient.to,
      language: recipient.language,
      template: {
        kind: 'billing_subscription_ended',
        plan: plan.productName,
        reason,
        url: new URL(recipient.page, ctx.config.publicUrl).toString(),
      },
    },
    tx,
  );
}

export async function queuePaymentFailed(
  ctx: BillingContext,
  tx: Database,
  subscription: SubscriptionRow,
  options: { amountGross: number; retryAt: Date },
): Promise<void> {
  const recipient = await recipientOf(tx, subscription);
  const plan = await findPlan(tx, subscription.planId);
  if (!recipient || !plan) return;
  await ctx.queueMail(
    {
      to: recipient.to,
      language: recipient.language,
      template: {
        kind: 'billing_payment_failed',
        plan: plan.productName,
        amount: formatAmount(options.amountGross, recipient.language),
        retryAt: options.retryAt,
        url: new URL(recipient.page, ctx.config.publicUrl).toString(),
      },
    },
    tx,
  );
}
