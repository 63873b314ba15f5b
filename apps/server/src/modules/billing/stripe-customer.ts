import { and, eq } from 'drizzle-orm';
import { memberships, users } from '../../db/schema';
import type { BillingOwner } from '../../access/access';
import type { StripePayments } from '../../platform/payments/payments';
import type { BillingContext } from './billing-context';
import { updateAccount, type BillingAccountRow } from './billing.repo';

/** The account's Stripe customer, made once (Stripe's idempotency key is the account). */
export async function ensureStripeCustomer(
  ctx: BillingContext,
  stripe: StripePayments,
  account: BillingAccountRow,
  owner: BillingOwner,
): Promise<string> {
  if (account.providerCustomerId) return account.providerCustomerId;
  const email = account.details?.email ?? (await ownerEmail(ctx, owner));
  const name =
    account.details?.company_name ||
    [account.details?.first_name, account.details?.last_name].filter(Boolean).join(' ') ||
    email;
  const customer = await stripe.ensureCustomer({ id: account.id, email, name });
  await updateAccount(ctx.db, account.id, { providerCustomerId: customer });
  return customer;
}

async function ownerEmail(ctx: BillingContext, owner: BillingOwner): Promise<string> {
  if (owner.kind === 'user') {
    const [row] = await ctx.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, owner.userId));
    return row?.email ?? '';
  }
  const [row] = await ctx.db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.organizationId, owner.organizationId), eq(memberships.role, 'OWNER')),
    );
  return row?.email ?? '';
}
