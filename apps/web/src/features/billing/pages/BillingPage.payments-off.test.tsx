import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { overview, PLANS, renderAt } from '../test-data';
import { BillingPage } from './BillingPage';

// The page reads what the server takes payments with from the config it injects, once.
await vi.hoisted(async () => {
  const { DEFAULT_RUNTIME_CONFIG } = await import('@themis/shared');
  window.__APP_CONFIG__ = { ...DEFAULT_RUNTIME_CONFIG, payments: 'off' };
});

describe('billing on a server that takes no payments', () => {
  it('shows the plans, says why the paid ones cannot be chosen, and keeps the free one current', async () => {
    fakeApi({
      'GET /plan/list': () => json(PLANS),
      'GET /billing/subscription': () => json(overview()),
      'GET /billing/receipt/list': () => json([]),
    });
    renderAt('/billing/plans', <BillingPage />, '/billing/:tab');
    const pro = await screen.findByTestId('plan-card-pro');
    expect(screen.getByTestId('payments-unavailable').textContent).toBe(
      'Card payments are not available on this server yet, so paid plans cannot be bought.',
    );
    expect(pro.dataset.state).toBe('unavailable');
    const choose = screen.getByTestId('plan-button-pro') as HTMLButtonElement;
    expect([choose.disabled, choose.textContent]).toEqual([true, 'Not available yet']);
    expect(screen.getByTestId('plan-card-free').dataset.state).toBe('current');
  });
});
