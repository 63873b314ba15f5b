import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { cardBrand, type BillingDetails, type Language, type Price } from '@themis/shared';
import type { InvoiceSeller } from '../../config-invoice-seller';
import { INVOICE_COPY } from './invoice-copy';
import type { InvoiceLine } from './invoice-lines';

/** Everything an invoice prints, fixed when the payment was made. */
export interface InvoiceContent {
  number: string;
  issuedAt: Date;
  seller: InvoiceSeller;
  buyer: BillingDetails;
  lines: InvoiceLine[];
  total: Price;
  vatRatePercent: number;
  currency: string;
  card: { brand: string; last4: string } | null;
  sandbox: boolean;
  contact: string;
}

// PDF's standard fonts have no Polish letters: DejaVu Sans (a free licence) is embedded,
// subset to the glyphs used. Resolved in node_modules from src/ and from the bundled dist/.
const fromHere = createRequire(import.meta.url);
const FONTS = {
  regular: fromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: fromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

const LOCALES: Record<Language, string> = { en: 'en-GB', pl: 'pl-PL' };
const MARGIN = 50;
const INK = '#1a1a1a';
const MUTED = '#5c5c5c';
const RULE = '#c8c8c8';
const WARNING = '#8a4b00';

/** Column x positions and widths (A4 is 595 pt wide); numbers are right-aligned. */
const COLUMNS = {
  index: { x: MARGIN, width: 22 },
  item: { x: MARGIN + 24, width: 204 },
  quantity: { x: MARGIN + 230, width: 28 },
  net: { x: MARGIN + 260, width: 60 },
  rate: { x: MARGIN + 322, width: 46 },
  vat: { x: MARGIN + 370, width: 58 },
  gross: { x: MARGIN + 430, width: 65 },
} as const;
const NUMERIC = ['quantity', 'net', 'rate', 'vat', 'gross'] as const;

function formatters(language: Language) {
  const locale = LOCALES[language];
  const dateFormat = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Warsaw',
  });
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const countries = new Intl.DisplayNames([locale], { type: 'region' });
  return {
    date: (at: Date) => dateFormat.format(at),
    amount: (minor: number) => number.format(minor / 100),
    country: (code: string) => (code ? (countries.of(code) ?? code) : ''),
  };
}

/** The invoice as a PDF, in the language asked for. */
export function renderInvoicePdf(content: InvoiceContent, language: Language): Promise<Buffer> {
  const copy = INVOICE_COPY[language];
  const format = formatters(language);
  const title = `${copy.title} ${copy.number} ${content.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: FONTS.regular,
    lang: LOCALES[language],
    displayTitle: true,
    info: {
      Title: title,
      Author: content.seller.name,
      Subject: title,
      CreationDate: content.issuedAt,
    },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.font('bold').fontSize(18).fillColor(INK).text(title, MARGIN, MARGIN, { width });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(9.5).fillColor(MUTED);
  doc.text(`${copy.issued}: ${format.date(content.issuedAt)}`);
  doc.text(`${copy.sold}: ${format.date(content.issuedAt)}`);
  if (content.sandbox) {
    doc.moveDown(0.5).font('bold').fillColor(WARNING).text(copy.sandbox, { width });
  }
  doc.moveDown(1.2);

  const partiesTop = doc.y;
  const half = width / 2 - 10;
  const seller = [
    content.seller.name,
    content.seller.address,
    `${copy.nip}: ${content.seller.nip}`,
  ];
  const buyer = content.buyer;
  const buyerLines = [
    buyer.company_name,
    `${buyer.first_name} ${buyer.last_name}`.trim(),
    buyer.address,
    `${buyer.zip_code} ${buyer.city}`.trim(),
    format.country(buyer.country),
    buyer.nip ? `${copy.nip}: ${buyer.nip}` : '',
    buyer.email ? `${copy.email}: ${buyer.email}` : '',
    buyer.phone ? `${copy.phone}: ${buyer.phone}` : '',
  ].filter((line) => line !== '');
  const party = (heading: string, lines: string[], x: number) => {
    doc.font('bold').fontSize(10.5).fillColor(INK).text(heading, x, partiesTop, { width: half });
    doc.moveDown(0.2).font('regular').fontSize(9.5);
    for (const line of lines) doc.text(line, x, doc.y, { width: half });
    return doc.y;
  };
  const sellerBottom = party(copy.seller, seller, MARGIN);
  const buyerBottom = party(copy.buyer, buyerLines, MARGIN + half + 20);
  doc.y = Math.max(sellerBottom, buyerBottom) + 24;

  const rule = (y: number) =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
  const row = (cells: Record<keyof typeof COLUMNS, string>, options: { bold?: boolean } = {}) => {
    const top = doc.y;
    doc
      .font(options.bold ? 'bold' : 'regular')
      .fontSize(9)
      .fillColor(INK);
    let bottom = top;
    for (const [name, column] of Object.entries(COLUMNS) as [
      keyof typeof COLUMNS,
      (typeof COLUMNS)[keyof typeof COLUMNS],
    ][]) {
      const numeric = (NUMERIC as readonly string[]).includes(name);
      doc.text(cells[name], column.x, top, {
        width: column.width,
        align: numeric ? 'right' : 'left',
      });
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 5;
    rule(doc.y - 2.5);
    doc.y += 3;
  };

  const columns = copy.columns;
  row(
    {
      index: columns.index,
      item: columns.item,
      quantity: columns.quantity,
      net: columns.net,
      rate: columns.rate,
      vat: columns.vat,
      gross: columns.gross,
    },
    { bold: true },
  );
  const rate = `${content.vatRatePercent}%`;
  content.lines.forEach((line, i) => {
    const name =
      line.kind === 'plan'
        ? copy.plan(line.planName, copy.periods[line.period])
        : copy.credit(line.planName);
    const range = `${format.date(line.from)} – ${format.date(line.until)}`;
    const label = line.kind === 'plan' ? copy.servicePeriod : copy.creditPeriod;
    row({
      index: `${i + 1}.`,
      item: `${name}\n${label}: ${range}`,
      quantity: '1',
      net: format.amount(line.amount.net),
      rate,
      vat: format.amount(line.amount.vat),
      gross: format.amount(line.amount.gross),
    });
  });
  row(
    {
      index: '',
      item: `${copy.total} (${content.currency})`,
      quantity: '',
      net: format.amount(content.total.net),
      rate,
      vat: format.amount(content.total.vat),
      gross: format.amount(content.total.gross),
    },
    { bold: true },
  );

  doc.moveDown(1.5).font('regular').fontSize(9.5).fillColor(INK);
  const text = (line: string) => doc.text(line, MARGIN, doc.y, { width });
  text(`${copy.currency}: ${content.currency}`);
  if (content.card) {
    const { last4 } = content.card;
    const brand = cardBrand(content.card.brand);
    const method = content.sandbox ? copy.testCard(brand, last4) : copy.card(brand, last4);
    text(`${copy.paymentMethod}: ${method}`);
  }
  doc.font('bold');
  text(
    `${copy.paid}: ${format.amount(content.total.gross)} ${content.currency}, ${format.date(content.issuedAt)}`,
  );
  if (content.sandbox) doc.fillColor(WARNING).text(copy.sandbox, MARGIN, doc.y, { width });
  doc.moveDown(1.5).font('regular').fontSize(8.5).fillColor(MUTED);
  text(`${copy.contact}: ${content.contact}`);

  doc.end();
  return done;
}
