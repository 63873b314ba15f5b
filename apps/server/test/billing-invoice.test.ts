import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentCard, Plan } from '@themis/shared';
import { extractDocumentText } from '../src/modules/attachments/text-extraction';
import { Client, signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';
import {
  catalogue,
  DETAILS,
  receiptsOf,
  savedCard,
  saveDetails,
  signInAs,
  subscribed,
  subscribeTo,
} from './billing-fixtures';

// The invoice of a paid payment: a PDF in Polish or English naming the configured seller and
// the buyer's billing details, numbered per month, an upgrade's credit on a line of its own.

const SELLER = {
  INVOICE_SELLER_NAME: 'Kancelaria Łąka i Wspólnicy sp. z o.o.',
  INVOICE_SELLER_ADDRESS: 'ul. Żółkiewskiego 12/4, 80-950 Gdańsk',
  INVOICE_SELLER_NIP: '123-456-32-18',
};

let clock = new Date('2026-03-02T09:00:00.000Z');
let t: TestApp;
let plans: Record<string, Plan>;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: SELLER });
  plans = await catalogue((await signedUpClient(t)).client);
});
afterAll(() => t.close());

const downloadUrl = (pk: string, lang?: string) =>
  `/api/billing/receipt/download/${pk}${lang ? `?lang=${lang}` : ''}`;

/** The invoice's text as a PDF reader gets it, its white space made single spaces. */
async function invoiceText(client: Client, pk: string, lang?: 'pl' | 'en') {
  const res = await client.get(downloadUrl(pk, lang));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const text = await extractDocumentText({ kind: 'pdf', bytes: res.rawPayload });
  return {
    disposition: res.headers['content-disposition'],
    text: (text ?? '').replace(/\s+/g, ' '),
  };
}

describe('the invoice of a payment', () => {
  it('names the seller and the buyer, in Polish with its letters, and marks a test payment', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const { client } = await signedUpClient(t);
    await subscribed(client, plans.pro!, 'monthly');
    const [receipt] = await receiptsOf(client);
    expect(receipt!.number).toMatch(/^FV\/2026\/03\/\d{4}$/);

    const { disposition, text } = await invoiceText(client, receipt!.pk, 'pl');
    expect(disposition).toBe(
      `attachment; filename="faktura-${receipt!.number.replaceAll('/', '-')}.pdf"`,
    );
    for (const expected of [
      `Faktura nr ${receipt!.number}`,
      'Data wystawienia: 02.03.2026',
      'Data sprzedaży: 02.03.2026',
      'Sprzedawca',
      'Kancelaria Łąka i Wspólnicy sp. z o.o.',
      'ul. Żółkiewskiego 12/4, 80-950 Gdańsk',
      'NIP: 1234563218',
      'Nabywca',
      'Kancelaria Nowak',
      'Anna Nowak',
      'Rynek Główny 1',
      '31-042 Kraków',
      'Polska',
      'NIP: 5260001246',
      `E-mail: ${DETAILS.email}`,
      'Plan Themis Pro, miesięczny',
      'Okres usługi: 02.03.2026 – 02.04.2026',
      '80,49 23% 18,51 99,00',
      'Waluta: PLN',
      'Sposób płatności: karta testowa Visa zakończona na 4242',
      'Zapłacono: 99,00 PLN, 02.03.2026',
      'Płatność testowa: nie pobrano żadnych pieniędzy.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Rozliczenie');
  });

  it('comes in English when asked, and in the reader’s language otherwise', async () => {
    clock = new Date('2026-03-03T09:00:00.000Z');
    const account = await signedUpClient(t, undefined, { language: 'pl' });
    await subscribed(account.client, plans.expert!, 'yearly');
    const [receipt] = await receiptsOf(account.client);

    const english = await invoiceText(account.client, receipt!.pk, 'en');
    expect(english.disposition).toContain('filename="invoice-FV-2026-03-');
    for (const expected of [
      `Invoice No. ${receipt!.number}`,
      'Issue date: 03/03/2026',
      'Seller',
      'Kancelaria Łąka i Wspólnicy sp. z o.o.',
      'Tax ID (NIP): 1234563218',
      'Buyer',
      'Poland',
      'Tax ID (NIP): 5260001246',
      'Themis Expert plan, yearly',
      '1,617.89 23% 372.11 1,990.00',
      'Payment method: test card Visa ending 4242',
      'Test payment: no money was charged.',
    ]) {
      expect(english.text).toContain(expected);
    }
    expect(english.text).not.toContain('Faktura');

    const own = await invoiceText(account.client, receipt!.pk);
    expect(own.text).toContain(`Faktura nr ${receipt!.number}`);
  });

  it('shows an upgrade as the new plan for its period less the credit for the rest of the old one', async () => {
    clock = new Date('2026-03-02T09:00:00.000Z');
    const account = await signedUpClient(t);
    await subscribed(account.client, plans.pro!, 'monthly');
    clock = new Date('2026-03-12T09:00:00.000Z');
    const client = await signInAs(t, account.email);
    const change = await client.post('/api/billing/subscription/change', {
      plan_pk: plans.expert!.pk,
      period: 'monthly',
    });
    expect(change.statusCode, change.body).toBe(200);
    const [upgrade] = await receiptsOf(client);
    expect(upgrade).toMatchObject({ kind: 'upgrade', amount: { net: 10726, gross: 13193 } });

    const polish = (await invoiceText(client, upgrade!.pk, 'pl')).text;
    // 21 of 31 days of Pro's 80.49 net left: 54.53 credited against Expert's 161.79.
    expect(polish).toContain(
      '1. Plan Themis Expert, miesięczny Okres usługi: 12.03.2026 – 12.04.2026 1 161,79 23% 37,21 199,00',
    );
    expect(polish).toContain(
      '2. Rozliczenie niewykorzystanej części planu Themis Pro Niewykorzystany okres: 12.03.2026 – 02.04.2026 1 -54,53 23% -12,54 -67,07',
    );
    expect(polish).toContain('Razem (PLN) 107,26 23% 24,67 131,93');
    expect(polish).toContain('Zapłacono: 131,93 PLN, 12.03.2026');

    const english = (await invoiceText(client, upgrade!.pk, 'en')).text;
    expect(english).toContain(
      'Credit for the unused rest of the Themis Pro plan Unused period: 12/03/2026 – 02/04/2026 1 -54.53 23% -12.54 -67.07',
    );
    expect(english).toContain('Total (PLN) 107.26 23% 24.67 131.93');
  });

  it('prints no buyer NIP when none was given', async () => {
    clock = new Date('2026-03-04T09:00:00.000Z');
    const { client } = await signedUpClient(t);
    const details = { ...DETAILS, company_name: '', nip: '' };
    expect((await client.put('/api/billing/details', details)).statusCode).toBe(200);
    const card = await savedCard(client);
    const paid = await subscribeTo(client, { plan: plans.pro!, period: 'monthly', card });
    expect(paid.statusCode, paid.body).toBe(200);
    const [receipt] = await receiptsOf(client);
    const { text } = await invoiceText(client, receipt!.pk, 'pl');
    expect(text).toContain('NIP: 1234563218');
    expect(text.match(/NIP:/g)).toHaveLength(1);
    expect(text).not.toContain('Kancelaria Nowak');
  });

  it('is the payer’s only: anyone else, an unpaid payment or a bad language is refused', async () => {
    clock = new Date('2026-03-05T09:00:00.000Z');
    const { client } = await signedUpClient(t);
    await subscribed(client, plans.pro!, 'monthly');
    const [receipt] = await receiptsOf(client);
    const stranger = (await signedUpClient(t)).client;
    const foreign = await stranger.get(downloadUrl(receipt!.pk, 'pl'));
    expect([foreign.statusCode, foreign.json().detail]).toEqual([404, 'not_found']);

    // A first payment left at the bank's step has no invoice.
    const waiting = (await signedUpClient(t)).client;
    await saveDetails(waiting);
    const card = await savedCard(waiting, '4000 0025 0000 3155');
    const pending = await subscribeTo(waiting, { plan: plans.pro!, period: 'monthly', card });
    expect(pending.json().status).toBe('requires_action');
    const unpaid = await waiting.get(downloadUrl(pending.json().payment_pk as string));
    expect([unpaid.statusCode, unpaid.json().detail]).toEqual([404, 'not_found']);

    const badLanguage = await client.get(downloadUrl(receipt!.pk, 'de'));
    expect([badLanguage.statusCode, badLanguage.json().detail]).toEqual([400, 'validation_error']);
  });
});

describe('invoice numbers', () => {
  it('run per month of Warsaw time, starting again at 0001', async () => {
    // 23:30 on 30 June in Warsaw, then half past midnight on 1 July.
    clock = new Date('2026-06-30T21:30:00.000Z');
    const june = await signedUpClient(t);
    await subscribed(june.client, plans.pro!, 'monthly');
    clock = new Date('2026-06-30T22:30:00.000Z');
    const july = (await signedUpClient(t)).client;
    await subscribed(july, plans.pro!, 'monthly');
    const juneAgain = await signInAs(t, june.email);
    expect((await receiptsOf(juneAgain))[0]!.number).toBe('FV/2026/06/0001');
    expect((await receiptsOf(july))[0]!.number).toBe('FV/2026/07/0001');
  });

  it('stay unique and without gaps when payments are made at the same moment', async () => {
    clock = new Date('2026-05-11T10:00:00.000Z');
    // The payers sign up one by one (parallel sign-ups would race for the mail job that sends
    // their codes); what happens at the same moment is the payments.
    const payers: { client: Client; card: PaymentCard }[] = [];
    for (let payer = 0; payer < 5; payer += 1) {
      const { client } = await signedUpClient(t);
      await saveDetails(client);
      payers.push({ client, card: await savedCard(client) });
    }
    const answers = await Promise.all(
      payers.map(({ client, card }) =>
        subscribeTo(client, { plan: plans.pro!, period: 'monthly', card }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const numbers = await Promise.all(
      payers.map(async ({ client }) => (await receiptsOf(client))[0]!.number),
    );
    expect([...numbers].sort()).toEqual([
      'FV/2026/05/0001',
      'FV/2026/05/0002',
      'FV/2026/05/0003',
      'FV/2026/05/0004',
      'FV/2026/05/0005',
    ]);
  });
});
