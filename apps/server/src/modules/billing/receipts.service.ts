import { LANGUAGES, type Language, type Receipt } from '@themis/shared';
import { requireBillingAccess, requireBillingRecordAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import { notFound } from '../../errors';
import type { BillingContext } from './billing-context';
import { loadPlans } from './billing-catalogue';
import { presentReceipt } from './billing-presenters';
import { findAccount, findPayment, listReceipts } from './billing.repo';
import { INVOICE_COPY } from './invoice-copy';
import { invoiceLinesOf } from './invoice-lines';
import { renderInvoicePdf } from './invoice-pdf';
import { findUser } from '../../repos/users.repo';

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

const isLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);

/**
 * A paid payment's invoice as a PDF, in the language asked for, else in that of whoever
 * downloads it.
 */
export async function downloadInvoice(options: {
  ctx: BillingContext;
  actor: UserActor;
  paymentId: string;
  language: Language | undefined;
}): Promise<{ fileName: string; pdf: Buffer }> {
  const { ctx, actor, paymentId } = options;
  await requireBillingRecordAccess({
    db: ctx.db,
    actor,
    record: { kind: 'payment', id: paymentId },
  });
  const payment = await findPayment(ctx.db, { id: paymentId });
  if (!payment || payment.status !== 'succeeded' || !payment.invoiceNumber || !payment.paidAt)
    throw notFound('receipt');
  let language = options.language;
  if (!language) {
    const reader = await findUser({ db: ctx.db, userId: actor.userId });
    language = reader && isLanguage(reader.language) ? reader.language : 'en';
  }
  const catalogue = await loadPlans(ctx.db);
  const receipt = presentReceipt(payment, catalogue);
  const pdf = await renderInvoicePdf(
    {
      number: payment.invoiceNumber,
      issuedAt: payment.paidAt,
      seller: ctx.config.invoiceSeller,
      buyer: receipt.buyer,
      lines: invoiceLinesOf(payment, catalogue),
      total: receipt.amount,
      vatRatePercent: receipt.vat_rate_percent,
      currency: receipt.currency,
      card: receipt.card,
      sandbox: payment.provider === 'sandbox',
      contact: ctx.config.contactEmail,
    },
    language,
  );
  const fileName = `${INVOICE_COPY[language].fileName}-${payment.invoiceNumber.replaceAll('/', '-')}.pdf`;
  return { fileName, pdf };
}
