import { describe, expect, it } from 'vitest';
import { priceOf } from '@themis/shared';
import type { PlanRow } from '../../db/schema';
import type { PaymentRow } from './billing.repo';
import { invoiceLinesOf } from './invoice-lines';
import { invoiceMonthOf, invoiceNumberOf } from './invoice-numbers';

const plans = new Map([
  ['pro', { id: 'pro', productName: 'Pro' } as PlanRow],
  ['expert', { id: 'expert', productName: 'Expert' } as PlanRow],
]);

const paid = (net: number, extra: Partial<PaymentRow> = {}) => {
  const price = priceOf(net);
  return {
    planId: 'expert',
    period: 'monthly',
    periodStart: new Date('2026-03-12T09:00:00Z'),
    periodEnd: new Date('2026-04-12T09:00:00Z'),
    amountNet: price.net,
    amountVat: price.vat,
    amountGross: price.gross,
    proration: null,
    ...extra,
  } as PaymentRow;
};

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('invoiceLinesOf', () => {
  it('is the plan for its period at the amount paid', () => {
    expect(invoiceLinesOf(paid(16179), plans)).toEqual([
      {
        kind: 'plan',
        planName: 'Expert',
        period: 'monthly',
        from: new Date('2026-03-12T09:00:00Z'),
        until: new Date('2026-04-12T09:00:00Z'),
        amount: { net: 16179, vat: 3721, gross: 19900 },
      },
    ]);
  });

  it('gives an upgrade’s credit a line of its own, the lines adding up to what was paid', () => {
    const proration = {
      credited_plan_id: 'pro',
      credited_from: '2026-03-12T09:00:00.000Z',
      credited_until: '2026-04-02T09:00:00.000Z',
      full_net: 16179,
    };
    // Every charge a credit can leave, even the odd grosz of VAT rounding.
    for (const net of [1, 3, 107, 10726, 16178]) {
      const payment = paid(net, { kind: 'upgrade', proration });
      const lines = invoiceLinesOf(payment, plans);
      expect(lines.map((line) => [line.kind, line.planName])).toEqual([
        ['plan', 'Expert'],
        ['credit', 'Pro'],
      ]);
      expect(lines[0]!.amount).toEqual(priceOf(16179));
      expect(lines[1]).toMatchObject({
        from: new Date(proration.credited_from),
        until: new Date(proration.credited_until),
      });
      for (const part of ['net', 'vat', 'gross'] as const) {
        expect(lines[1]!.amount[part]).toBeLessThanOrEqual(0);
        expect(sum(lines.map((line) => line.amount[part]))).toBe(priceOf(net)[part]);
      }
    }
  });

  it('leaves out a credit that took nothing off (a provider that charged the full price)', () => {
    const proration = {
      credited_plan_id: 'pro',
      credited_from: '2026-03-12T09:00:00.000Z',
      credited_until: '2026-04-02T09:00:00.000Z',
      full_net: 16179,
    };
    expect(invoiceLinesOf(paid(16179, { proration }), plans)).toHaveLength(1);
  });
});

describe('invoice numbers', () => {
  it('count in the month of Warsaw time', () => {
    expect(invoiceMonthOf(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12');
    expect(invoiceMonthOf(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01');
    // Summer time: two hours ahead.
    expect(invoiceMonthOf(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06');
    expect(invoiceMonthOf(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07');
  });

  it('read FV/year/month/counter, four digits at least', () => {
    expect(invoiceNumberOf('2026-12', 1)).toBe('FV/2026/12/0001');
    expect(invoiceNumberOf('2026-12', 12345)).toBe('FV/2026/12/12345');
  });
});
