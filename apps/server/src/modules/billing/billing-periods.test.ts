import { describe, expect, it } from 'vitest';
import { priceOf } from '@themis/shared';
import type { PlanRow } from '../../db/schema';
import { changeKindOf, periodEndOf, priceOfGross, upgradeChargeOf } from './billing-periods';

const plan = (id: string, monthly: number) =>
  ({ id, priceMonthlyCents: monthly, priceYearlyCents: monthly * 10 }) as PlanRow;
const pro = plan('pro', 8049);
const expert = plan('expert', 16179);

describe('periodEndOf', () => {
  it('is the same day a month or a year on, or the last day of a shorter month', () => {
    const at = (iso: string, period: 'monthly' | 'yearly') =>
      periodEndOf(new Date(iso), period).toISOString();
    expect(at('2026-03-02T09:00:00.000Z', 'monthly')).toBe('2026-04-02T09:00:00.000Z');
    expect(at('2026-01-31T10:00:00.000Z', 'monthly')).toBe('2026-02-28T10:00:00.000Z');
    expect(at('2028-01-31T10:00:00.000Z', 'monthly')).toBe('2028-02-29T10:00:00.000Z');
    expect(at('2026-12-15T00:00:00.000Z', 'monthly')).toBe('2027-01-15T00:00:00.000Z');
    expect(at('2028-02-29T12:00:00.000Z', 'yearly')).toBe('2029-02-28T12:00:00.000Z');
  });
});

describe('changeKindOf', () => {
  it('upgrades to a dearer plan or to yearly billing, and waits for anything else', () => {
    const kind = (from: [PlanRow, 'monthly' | 'yearly'], to: [PlanRow, 'monthly' | 'yearly']) =>
      changeKindOf({ plan: from[0], period: from[1] }, { plan: to[0], period: to[1] });
    expect(kind([pro, 'monthly'], [pro, 'monthly'])).toBe('unchanged');
    expect(kind([pro, 'monthly'], [expert, 'monthly'])).toBe('upgrade');
    expect(kind([pro, 'monthly'], [pro, 'yearly'])).toBe('upgrade');
    expect(kind([pro, 'monthly'], [expert, 'yearly'])).toBe('upgrade');
    expect(kind([pro, 'yearly'], [pro, 'monthly'])).toBe('downgrade');
    expect(kind([expert, 'monthly'], [pro, 'monthly'])).toBe('downgrade');
    // Dearer, but for a shorter period: the paid year is not cut short.
    expect(kind([pro, 'yearly'], [expert, 'monthly'])).toBe('downgrade');
  });
});

describe('upgradeChargeOf', () => {
  const start = new Date('2026-03-02T09:00:00.000Z');
  const end = new Date('2026-04-02T09:00:00.000Z');

  it('credits the unused part, rounded in the payer’s favour', () => {
    const now = new Date('2026-03-12T09:00:00.000Z');
    expect(
      upgradeChargeOf({ newNet: 16179, paidNet: 8049, periodStart: start, periodEnd: end, now }),
    ).toEqual({ net: 10726, vat: 2467, gross: 13193 });
  });

  it('credits everything at the start, nothing at or after the end', () => {
    const at = (now: Date) =>
      upgradeChargeOf({ newNet: 16179, paidNet: 8049, periodStart: start, periodEnd: end, now })
        .net;
    expect(at(start)).toBe(16179 - 8049);
    expect(at(end)).toBe(16179);
    expect(at(new Date('2026-05-01T00:00:00.000Z'))).toBe(16179);
  });

  it('stays exact for yearly prices, past 2^53 in the intermediate product', () => {
    const yearEnd = new Date('2027-03-02T09:00:00.000Z');
    const now = new Date('2026-09-01T09:00:00.000Z');
    const charge = upgradeChargeOf({
      newNet: 10_000_000,
      paidNet: 9_999_999,
      periodStart: start,
      periodEnd: yearEnd,
      now,
    });
    const length = yearEnd.getTime() - start.getTime();
    const left = yearEnd.getTime() - now.getTime();
    const credit = (9_999_999n * BigInt(left) + BigInt(length) - 1n) / BigInt(length);
    expect(charge.net).toBe(10_000_000 - Number(credit));
  });
});

describe('priceOfGross', () => {
  it('splits a gross charge as our own prices were made, and any other gross exactly', () => {
    expect(priceOfGross(9900)).toEqual({ net: 8049, vat: 1851, gross: 9900 });
    expect(priceOfGross(1230000)).toEqual({ net: 1000000, vat: 230000, gross: 1230000 });
    for (let net = 0; net < 3000; net += 7) {
      expect(priceOfGross(priceOf(net).gross)).toEqual(priceOf(net));
    }
    const odd = priceOfGross(13197);
    expect(odd.net + odd.vat).toBe(13197);
  });
});
