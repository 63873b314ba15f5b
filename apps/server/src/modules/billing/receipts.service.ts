import { eq } from 'drizzle-orm';
import type { Language, Receipt } from '@themis/shared';
import { requireBillingAccess, requireBillingRecordAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import { users } from '../../db/schema';
import { notFound } from '../../errors';
import type { BillingContext } from './billing-context';
import { loadPlans } from './billing-catalogue';
import { presentReceipt } from './billing-presenters';
import { findAccount, findPayment, listReceipts } from './billing.repo';
import { renderReceiptHtml } from './receipt-html';

export async function listReceiptsOf(options: {
  ctx: BillingContext;
  actor: UserActor;
  organizationId: string | null | undefined;
}): Promise<Receipt[]> {
  const { ctx } = options;
  const { owner } = await requireBillingAccess({ db: ctx.db, ...options });
  const account = await findAccount(ctx.db, owner);
  if (!account) return [];
  const catalogue = await loadPlans(ctx.db);
  return (await listReceipts(ctx.db, account.id)).map((row) => presentReceipt(row, catalogue));
}

/** A paid payment's receipt, in the language of whoever downloads it. */
export async function downloadReceipt(options: {
  ctx: BillingContext;
  actor: UserActor;
  paymentId: string;
}): Promise<{ fileName: string; html: string }> {
  const { ctx, actor, paymentId } = options;
  await requireBillingRecordAccess({
    db: ctx.db,
    actor,
    record: { kind: 'payment', id: paymentId },
  });
  const payment = await findPayment(ctx.db, { id: paymentId });
  if (!payment || payment.status !== 'succeeded' || !payment.receiptNumber)
    throw notFound('receipt');
  const [reader] = await ctx.db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, actor.userId));
  const receipt = presentReceipt(payment, await loadPlans(ctx.db));
  return {
    fileName: `${receipt.number.replaceAll('/', '-')}.html`,
    html: renderReceiptHtml(receipt, {
      language: (reader?.language ?? 'en') as Language,
      sandbox: payment.provider === 'sandbox',
      contact: ctx.config.contactEmail,
    }),
  };
}
