import type { Language, Receipt } from '@themis/shared';
import { escapeHtml } from '../../platform/mail/escape-html';
import { formatAmount } from './billing-notices';

const COPY = {
  en: {
    title: 'Payment receipt',
    number: 'Number',
    issued: 'Issued',
    seller: 'Seller',
    buyer: 'Buyer',
    nip: 'NIP',
    item: 'Item',
    plan: (plan: string, period: string) => `Themis ${plan} plan, ${period}`,
    periods: { monthly: 'monthly', yearly: 'yearly' },
    servicePeriod: 'Service period',
    net: 'Net',
    vat: (rate: number) => `VAT ${rate}%`,
    gross: 'Gross',
    paidBy: 'Paid by card',
    sandbox: 'Test payment: no money was charged.',
  },
  pl: {
    title: 'Potwierdzenie płatności',
    number: 'Numer',
    issued: 'Data wystawienia',
    seller: 'Sprzedawca',
    buyer: 'Nabywca',
    nip: 'NIP',
    item: 'Pozycja',
    plan: (plan: string, period: string) => `Plan Themis ${plan}, ${period}`,
    periods: { monthly: 'miesięczny', yearly: 'roczny' },
    servicePeriod: 'Okres usługi',
    net: 'Netto',
    vat: (rate: number) => `VAT ${rate}%`,
    gross: 'Brutto',
    paidBy: 'Zapłacono kartą',
    sandbox: 'Płatność testowa: nie pobrano żadnych pieniędzy.',
  },
} as const;

const LOCALES: Record<Language, string> = { en: 'en-GB', pl: 'pl-PL' };

/** A self-contained page the buyer keeps or prints to PDF; every value is escaped. */
export function renderReceiptHtml(
  receipt: Receipt,
  options: { language: Language; sandbox: boolean; contact: string },
): string {
  const { language } = options;
  const copy = COPY[language];
  const date = (iso: string) =>
    new Intl.DateTimeFormat(LOCALES[language], {
      dateStyle: 'long',
      timeZone: 'Europe/Warsaw',
    }).format(new Date(iso));
  const amount = (minor: number) => escapeHtml(formatAmount(minor, language));
  const e = escapeHtml;
  const buyer = receipt.buyer;
  const buyerLines = [
    buyer.company_name,
    `${buyer.first_name} ${buyer.last_name}`.trim(),
    buyer.address,
    `${buyer.zip_code} ${buyer.city}`.trim(),
    buyer.country,
    buyer.nip ? `${copy.nip}: ${buyer.nip}` : '',
    buyer.email,
  ].filter((line) => line !== '');
  const card = receipt.card ? `${receipt.card.brand} •••• ${receipt.card.last4}` : '';
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<title>${e(copy.title)} ${e(receipt.number)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%;margin:1rem 0}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #ddd}
td.n,th.n{text-align:right}
.parties{display:flex;gap:2rem;flex-wrap:wrap}
.parties div{flex:1;min-width:14rem}
.note{color:#8a4b00;font-weight:600}
</style>
</head>
<body>
<h1>${e(copy.title)}</h1>
<p>${e(copy.number)}: <strong>${e(receipt.number)}</strong><br>${e(copy.issued)}: ${e(date(receipt.issued_at))}</p>
<div class="parties">
<div><h2>${e(copy.seller)}</h2><p>Themis<br>${e(options.contact)}</p></div>
<div><h2>${e(copy.buyer)}</h2><p>${buyerLines.map(e).join('<br>')}</p></div>
</div>
<table>
<thead><tr><th>${e(copy.item)}</th><th class="n">${e(copy.net)}</th><th class="n">${e(copy.vat(receipt.vat_rate_percent))}</th><th class="n">${e(copy.gross)}</th></tr></thead>
<tbody><tr><td>${e(copy.plan(receipt.plan_name, copy.periods[receipt.period]))}<br><small>${e(copy.servicePeriod)}: ${e(date(receipt.period_start))} – ${e(date(receipt.period_end))}</small></td>
<td class="n">${amount(receipt.amount.net)}</td><td class="n">${amount(receipt.amount.vat)}</td><td class="n"><strong>${amount(receipt.amount.gross)}</strong></td></tr></tbody>
</table>
${card ? `<p>${e(copy.paidBy)}: ${e(card)}</p>` : ''}
${options.sandbox ? `<p class="note">${e(copy.sandbox)}</p>` : ''}
</body>
</html>
`;
}
