import type { BillingDetails } from '@themis/shared';
import type { BillingOwner } from '../../access/billing-owner';
import type { StripePayments } from '../../platform/payments/payments';
import type { BillingContext } from './billing-context';
import { updateAccount, type BillingAccountRow } from './billing.repo';
import { findPayer } from './billing-owners.repo';

/** The account's Stripe customer, made once (Stripe's idempotency key is the account). */
export async function ensureStripeCustomer(
  ctx: BillingContext,
  stripe: StripePayments,
  account: BillingAccountRow,
  owner: BillingOwner,
): Promise<string> {
  if (account.providerCustomerId) return account.providerCustomerId;
  const email = account.details?.email ?? (await findPayer({ db: ctx.db, owner }))?.email ?? '';
  const name = (account.details && payerName(account.details)) || email;
  const customer = await stripe.ensureCustomer({ id: account.id, email, name });
  await updateAccount(ctx.db, account.id, { providerCustomerId: customer });
  return customer;
}

/** The company when the payer is one, else the person. */
const payerName = (details: BillingDetails) =>
  details.company_name || [details.first_name, details.last_name].filter(Boolean).join(' ');

/**
 * Changed billing details reach the account's Stripe customer, if it has one. Best effort:
 * the details are ours to invoice with; a Stripe outage must not refuse saving them.
 */
export async function copyDetailsToStripe(
  ctx: BillingContext,
  account: BillingAccountRow,
  details: BillingDetails,
): Promise<void> {
  if (ctx.payments.kind !== 'stripe' || !account.providerCustomerId) return;
  try {
    await ctx.payments.updateCustomer(account.providerCustomerId, {
      email: details.email,
      name: payerName(details),
      phone: details.phone,
      address: {
        country: details.country,
        city: details.city,
        postalCode: details.zip_code,
        line1: details.address,
      },
    });
  } catch (error) {
    ctx.log.warn({ err: error }, 'billing details not copied to Stripe');
  }
}
