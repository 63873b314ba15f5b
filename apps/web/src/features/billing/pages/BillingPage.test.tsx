import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { overview, PLANS, renderAt, subscription } from '../test-data';
import { BillingPage } from './BillingPage';

// Intl puts no-break spaces into prices.
const plain = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ');

function openPlans(current = overview(subscription())) {
  const api = fakeApi({
    'GET /plan/list': () => json(PLANS),
    'GET /billing/subscription': () => json(current),
    'GET /billing/receipt/list': () => json([]),
  });
  return { api, ...renderAt('/billing/plans', <BillingPage />, '/billing/:tab') };
}

const card = (code: string) => screen.findByTestId(`plan-card-${code}`);
const button = (code: string) => screen.getByTestId(`plan-button-${code}`) as HTMLButtonElement;

describe('billing: plans', () => {
  it('shows the individual plans with net, VAT and gross for the chosen period', async () => {
    openPlans();
    const pro = await card('pro');
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Plans' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('plan-card-team')).toBeNull();
    expect(plain(pro)).toContain('PLN 99.00 / month');
    expect(plain(screen.getByTestId('plan-price-pro-net'))).toBe('NetPLN 80.49');
    expect(plain(screen.getByTestId('plan-price-pro-vat'))).toBe('VAT 23%PLN 18.51');
    expect(plain(screen.getByTestId('plan-price-pro-gross'))).toBe('GrossPLN 99.00');
    expect(plain(pro)).toContain('Monthly token limit: 2,000,000');
    expect(plain(pro)).toContain('Conversation encryption included');

    fireEvent.click(screen.getByTestId('billing-period-yearly'));
    expect(plain(pro)).toContain('PLN 990.00 / year');
    expect(plain(screen.getByTestId('plan-price-pro-net'))).toBe('NetPLN 804.88');
    expect(plain(screen.getByTestId('plan-price-pro-vat'))).toBe('VAT 23%PLN 185.12');
  });

  it('marks the plan and period in force current, and the clicked one selected', async () => {
    const { router } = openPlans();
    const pro = await card('pro');
    // Subscribed to Pro, monthly: the free plan is available to go back to.
    expect(pro.dataset.state).toBe('current');
    expect(button('pro').disabled).toBe(true);
    expect(button('pro').textContent).toBe('Current plan');
    expect(screen.getByTestId('plan-card-free').dataset.state).toBe('available');
    expect(screen.getByTestId('plan-card-expert').dataset.state).toBe('available');
    expect(screen.queryByTestId('billing-continue')).toBeNull();

    // The same plan billed yearly is another choice.
    fireEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(pro.dataset.state).toBe('available');
    fireEvent.click(screen.getByRole('button', { name: 'Choose Expert' }));
    const expert = screen.getByTestId('plan-card-expert');
    expect(expert.dataset.state).toBe('selected');
    expect(button('expert').disabled).toBe(true);
    expect(button('expert').textContent).toBe('Selected');

    const next = within(expert).getByRole('link', { name: 'Continue with Expert' });
    expect(next.getAttribute('href')).toBe('/payment?plan=plan-expert&period=yearly');
    fireEvent.click(next);
    await screen.findByTestId('payment-stand-in');
    expect(router.state.location.search).toBe('?plan=plan-expert&period=yearly');
  });

  it('sends a subscriber choosing the free plan to the subscription, to cancel it', async () => {
    openPlans();
    await card('free');
    fireEvent.click(screen.getByRole('button', { name: 'Choose Free' }));
    const free = screen.getByTestId('plan-card-free');
    expect(free.textContent).toContain('To go back to Free, cancel your subscription.');
    expect(
      within(free).getByRole('link', { name: 'Go to your subscription' }).getAttribute('href'),
    ).toBe('/billing/subscription');
  });

  it('shows the free plan current in either period without a subscription', async () => {
    openPlans(overview());
    const free = await card('free');
    await waitFor(() => expect(free.dataset.state).toBe('current'));
    fireEvent.click(screen.getByTestId('billing-period-yearly'));
    expect(free.dataset.state).toBe('current');
    expect(screen.getByTestId('plan-card-pro').dataset.state).toBe('available');
  });

  it('opens the subscription tab', async () => {
    openPlans(overview());
    fireEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect(await screen.findByTestId('subscription-none')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Subscription' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });
});
