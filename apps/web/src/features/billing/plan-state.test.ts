import { describe, expect, it } from 'vitest';
import { planStateOf } from './plan-state';
import { EXPERT, FREE, overview, PRO, subscription } from './test-data';

describe('plan states', () => {
  it('makes the subscribed plan current in its period only', () => {
    const subscribed = overview(subscription({ plan: PRO, period: 'yearly' }));
    expect(planStateOf(PRO, 'yearly', subscribed, undefined)).toBe('current');
    expect(planStateOf(PRO, 'monthly', subscribed, undefined)).toBe('available');
    expect(planStateOf(FREE, 'yearly', subscribed, undefined)).toBe('available');
    expect(planStateOf(EXPERT, 'yearly', subscribed, EXPERT.pk)).toBe('selected');
  });

  it('makes the free plan current in both periods without a subscription', () => {
    expect(planStateOf(FREE, 'monthly', overview(), undefined)).toBe('current');
    expect(planStateOf(FREE, 'yearly', overview(), FREE.pk)).toBe('current');
    expect(planStateOf(PRO, 'monthly', overview(), PRO.pk)).toBe('selected');
  });

  it('marks nothing current before the account is known', () => {
    expect(planStateOf(FREE, 'monthly', undefined, undefined)).toBe('available');
  });
});
