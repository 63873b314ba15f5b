import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  billingAccounts,
  invoiceCounters,
  organizations,
  paymentCards,
  paymentEvents,
  payments,
  plans,
  subscriptions,
  users,
  type PlanRow,
} from '../../db/schema';
import type { BillingOwner } from '../../access/billing-owner';
import { invoiceMonthOf, invoiceNumberOf } from './invoice-numbers';

export type BillingAccountRow = typeof billingAccounts.$inferSelect;
export type PaymentCardRow = typeof paymentCards.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

const LIVE_STATUSES = ['incomplete', 'active', 'past_due'] as const;

const ownerColumn = (owner: BillingOwner) =>
  owner.kind === 'user'
    ? eq(billingAccounts.userId, owner.userId)
    : eq(billingAccounts.organizationId, owner.organizationId);

export async function findAccount(
  db: Database,
  owner: BillingOwner,
): Promise<BillingAccountRow | undefined> {
  const [row] = await db.select().from(billingAccounts).where(ownerColumn(owner));
  return row;
}

/** The owner's account, made on first use; `forUpdate` locks it for the transaction. */
export async function ensureAccount(
  db: Database,
  owner: BillingOwner,
  options: { forUpdate?: boolean } = {},
): Promise<BillingAccountRow> {
  await db
    .insert(billingAccounts)
    .values(
      owner.kind === 'user' ? { userId: owner.userId } : { organizationId: owner.organizationId },
    )
    .onConflictDoNothing();
  const query = db.select().from(billingAccounts).where(ownerColumn(owner));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new Error('billing account vanished as it was made');
  return row;
}

export async function lockAccountById(db: Database, accountId: string): Promise<BillingAccountRow> {
  const [row] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.id, accountId))
    .for('update');
  if (!row) throw new Error(`billing account ${accountId} not found`);
  return row;
}

export async function updateAccount(
  db: Database,
  accountId: string,
  patch: Partial<Pick<BillingAccountRow, 'details' | 'providerCustomerId'>>,
): Promise<BillingAccountRow> {
  const [row] = await db
    .update(billingAccounts)
    .set(patch)
    .where(eq(billingAccounts.id, accountId))
    .returning();
  if (!row) throw new Error(`billing account ${accountId} not found`);
  return row;
}

export function listCards(db: Database, accountId: string): Promise<PaymentCardRow[]> {
  return db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.accountId, accountId))
    .orderBy(desc(paymentCards.createdAt), desc(paymentCards.id));
}

export async function findCard(db: Database, cardId: string): Promise<PaymentCardRow | undefined> {
  const [row] = await db.select().from(paymentCards).where(eq(paymentCards.id, cardId));
  return row;
}

/** A new card becomes the default: the one renewals charge from now on. */
export async function insertDefaultCard(
  db: Database,
  card: Omit<typeof paymentCards.$inferInsert, 'isDefault'>,
): Promise<PaymentCardRow> {
  await db
    .update(paymentCards)
    .set({ isDefault: false })
    .where(eq(paymentCards.accountId, card.accountId));
  const [row] = await db
    .insert(paymentCards)
    .values({ ...card, isDefault: true })
    .returning();
  if (!row) throw new Error('card not saved');
  return row;
}

/** A saved card chosen to pay becomes the default: the one renewals charge. */
export async function makeDefaultCard(db: Database, accountId: string, cardId: string) {
  await db
    .update(paymentCards)
    .set({ isDefault: sql`${paymentCards.id} = ${cardId}` })
    .where(eq(paymentCards.accountId, accountId));
}

export async function deleteCard(db: Database, cardId: string): Promise<void> {
  await db.delete(paymentCards).where(eq(paymentCards.id, cardId));
}

/** After a default card is removed, the newest left takes its place. */
export async function promoteNewestCard(db: Database, accountId: string): Promise<void> {
  const [newest] = await listCards(db, accountId);
  if (newest && !newest.isDefault) {
    await db.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, newest.id));
  }
}

export async function findLiveSubscription(
  db: Database,
  accountId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const query = db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.accountId, accountId), inArray(subscriptions.status, LIVE_STATUSES)),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findSubscription(
  db: Database,
  subscriptionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findSubscriptionByProviderRef(
  db: Database,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row;
}

/**
 * A provider's subscription locked for the transaction, its account first: the order every
 * payment path takes (a subscribe locks the account, then the subscription), so a webhook and
 * the user's own call never wait on each other in a circle.
 */
export async function lockSubscriptionByProviderRef(
  db: Database,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const found = await findSubscriptionByProviderRef(db, providerSubscriptionId);
  if (!found) return undefined;
  await lockAccountById(db, found.accountId);
  return findSubscription(db, found.id, { forUpdate: true });
}

export async function insertSubscription(
  db: Database,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('subscription not saved');
  return row;
}

export async function updateSubscription(
  db: Database,
  subscriptionId: string,
  patch: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set(patch)
    .where(eq(subscriptions.id, subscriptionId))
    .returning();
  if (!row) throw new Error(`subscription ${subscriptionId} not found`);
  return row;
}

export async function insertPayment(
  db: Database,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('payment not saved');
  return row;
}

export async function updatePayment(
  db: Database,
  paymentId: string,
  patch: Partial<typeof payments.$inferInsert>,
): Promise<PaymentRow> {
  const [row] = await db.update(payments).set(patch).where(eq(payments.id, paymentId)).returning();
  if (!row) throw new Error(`payment ${paymentId} not found`);
  return row;
}

export async function findPayment(
  db: Database,
  where: { id: string } | { providerRef: string },
  options: { forUpdate?: boolean } = {},
): Promise<PaymentRow | undefined> {
  const condition =
    'id' in where ? eq(payments.id, where.id) : eq(payments.providerRef, where.providerRef);
  const query = db.select().from(payments).where(condition);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** A payment of the subscription still waiting (charged now, or the bank's step). */
export async function findOpenPayment(
  db: Database,
  subscriptionId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.subscriptionId, subscriptionId),
        inArray(payments.status, ['pending', 'requires_action']),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

export function listReceipts(db: Database, accountId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.paidAt), desc(payments.id));
}

/**
 * Records a provider's event as handled; false when it was already (a replay). Inside the
 * transaction of its effect, a second delivery waits for the first and then finds it.
 */
export async function recordProviderEvent(
  db: Database,
  event: { provider: 'stripe'; eventId: string; type: string },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

/**
 * The next invoice number of the month the payment is paid in. The counter's row is taken by
 * the upsert and stays locked until the payment's transaction ends, so payments settled at
 * the same moment on any instance get consecutive numbers, and one rolled back gives its
 * number back: no gaps, no repeats (the column is unique as well).
 */
export async function nextInvoiceNumber(db: Database, paidAt: Date): Promise<string> {
  const month = invoiceMonthOf(paidAt);
  const [row] = await db
    .insert(invoiceCounters)
    .values({ month, last: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.month,
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error('invoice counter not advanced');
  return invoiceNumberOf(month, row.last);
}

export async function findPlan(db: Database, planId: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  return row;
}

/** The plan in force for the owner: what the token limit and encryption option read. */
export async function setOwnerPlan(
  db: Database,
  owner: BillingOwner,
  planId: string | null,
): Promise<void> {
  if (owner.kind === 'user') {
    await db.update(users).set({ planId }).where(eq(users.id, owner.userId));
  } else {
    await db
      .update(organizations)
      .set({ planId })
      .where(eq(organizations.id, owner.organizationId));
  }
}

export async function ownerPlanId(db: Database, owner: BillingOwner): Promise<string | null> {
  if (owner.kind === 'user') {
    const [row] = await db
      .select({ planId: users.planId })
      .from(users)
      .where(eq(users.id, owner.userId));
    return row?.planId ?? null;
  }
  const [row] = await db
    .select({ planId: organizations.planId })
    .from(organizations)
    .where(eq(organizations.id, owner.organizationId));
  return row?.planId ?? null;
}
