import type { BillingOverview } from '@themis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../app/i18n';
import { fakeApi, json, sentBodies } from '../../../test/fake-api';
import { EXPERT, overview, PRO, receipt, renderAt, subscription } from '../test-data';
import { SubscriptionPanel } from './SubscriptionPanel';

const plain = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ');

function openSubscription(
  current: () => BillingOverview,
  handlers: Parameters<typeof fakeApi>[0] = {},
  organizationPk: string | null = null,
) {
  const api = fakeApi({
    'GET /billing/subscription': () => json(current()),
    'GET /billing/receipt/list': () => json([receipt()]),
    ...handlers,
  });
  const view = renderAt(
    '/billing/subscription',
    <SubscriptionPanel organizationPk={organizationPk} plansPath="/billing/plans" />,
  );
  return { api, ...view };
}

describe('billing: subscription', () => {
  it('shows the plan, amount, period, first payment, renewal and card', async () => {
    openSubscription(() => overview(subscription()));
    expect((await screen.findByTestId('subscription-plan')).textContent).toBe('PlanPro');
    expect(plain(screen.getByTestId('subscription-amount-net'))).toBe('NetPLN 80.49');
    expect(plain(screen.getByTestId('subscription-amount-vat'))).toBe('VAT 23%PLN 18.51');
    expect(plain(screen.getByTestId('subscription-amount-gross'))).toBe('GrossPLN 99.00');
    expect(screen.getByTestId('subscription-period').textContent).toBe('Billing periodMonthly');
    expect(screen.getByTestId('subscription-started').textContent).toBe('First payment20.11.2026');
    expect(screen.getByTestId('subscription-renewal').textContent).toBe('Renews on20.12.2026');
    expect(screen.getByTestId('subscription-card').textContent).toBe('Renews withVisa •••• 4242');
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
    expect(screen.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe(
      '/billing/plans',
    );
  });

  it('lists the invoices, each with a link that downloads its PDF in the page’s language', async () => {
    openSubscription(() => overview(subscription()));
    const row = await screen.findByTestId('billing-receipt-row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => plain(cell)),
      // The number's cell holds the date too, shown under it on a phone only (no CSS here).
    ).toEqual(['FV/2026/11/000120.11.2026', '20.11.2026', 'Pro, Monthly', 'PLN 99.00', 'Download']);
    const download = within(row).getByRole('link', {
      name: 'Download invoice FV/2026/11/0001 (PDF)',
    });
    expect(download.getAttribute('href')).toMatch(
      /\/api\/billing\/receipt\/download\/receipt-1\?lang=en$/,
    );
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('downloads the invoice in Polish when the page is in Polish', async () => {
    await i18n.changeLanguage('pl');
    openSubscription(() => overview(subscription()));
    const row = await screen.findByTestId('billing-receipt-row');
    const download = within(row).getByRole('link', {
      name: 'Pobierz fakturę FV/2026/11/0001 (PDF)',
    });
    expect(download.getAttribute('href')).toMatch(/\?lang=pl$/);
  });

  it('needs a reason to cancel, then says until when the plan stays', async () => {
    let current = subscription();
    const { api } = openSubscription(() => overview(current), {
      'POST /billing/subscription/cancel': () => {
        current = subscription({ cancel_at_period_end: true, cancel_reason: 'not_using' });
        return json(overview(current));
      },
      'POST /billing/subscription/resume': () => {
        current = subscription();
        return json(overview(current));
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the subscription?' });
    expect(dialog.textContent).toContain('The Pro plan stays active until 20.12.2026');
    const confirm = within(dialog).getByTestId('cancel-subscription-confirm');
    expect(confirm).toHaveProperty('disabled', true);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'I do not use it enough' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Anything else/ }), {
      target: { value: ' Busy year ' },
    });
    expect(confirm).toHaveProperty('disabled', false);
    fireEvent.click(confirm);

    const done = await within(dialog).findByTestId('cancel-subscription-done');
    expect(done.textContent).toBe(
      'Your subscription is cancelled. The Pro plan stays active until 20.12.2026.',
    );
    expect(await sentBodies(api, 'POST /billing/subscription/cancel')).toEqual([
      { reason: 'not_using', comment: 'Busy year', organization_pk: null },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Cancelled: active until the period end, and it can be resumed.
    await waitFor(() =>
      expect(screen.getByTestId('subscription-renewal').textContent).toBe('Active until20.12.2026'),
    );
    expect(screen.getByTestId('subscription-cancelled').textContent).toBe('Cancelled');
    // One chip, not "Active" beside "Cancelled"; the card is what it was paid with.
    expect(screen.queryByTestId('subscription-status')).toBeNull();
    expect(screen.getByTestId('subscription-card').textContent).toMatch(/^Paid with/);
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(
      await screen.findByText('Your subscription is active again and renews on 20.12.2026.'),
    ).toBeTruthy();
    expect(await sentBodies(api, 'POST /billing/subscription/resume')).toEqual([
      { organization_pk: null },
    ]);
  });

  it('does not cancel when the dialog is closed', async () => {
    const { api } = openSubscription(() => overview(subscription()));
    fireEvent.click(await screen.findByTestId('subscription-cancel'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sentBodies(api, 'POST /billing/subscription/cancel')).toEqual([]);
  });

  it('says when the free plan has no subscription, and links to the plans', async () => {
    openSubscription(() => overview(), { 'GET /billing/receipt/list': () => json([]) });
    expect((await screen.findByTestId('subscription-none')).textContent).toBe(
      'You are on the Free plan, without a paid subscription.',
    );
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe(
      '/billing/plans',
    );
    expect((await screen.findByTestId('billing-receipts-empty')).textContent).toContain(
      'No invoices yet.',
    );
    expect(screen.queryByTestId('subscription-cancel')).toBeNull();
  });

  it('labels a plan granted by support, which cannot be cancelled here', async () => {
    openSubscription(() =>
      overview(subscription({ source: 'manual', card: null, current_period_end: null })),
    );
    expect((await screen.findByTestId('subscription-manual')).textContent).toBe(
      'Granted by support',
    );
    expect(screen.getByTestId('subscription-renewal').textContent).toBe('Renews onNo end date');
    expect(screen.queryByTestId('subscription-card')).toBeNull();
    expect(screen.queryByTestId('subscription-cancel')).toBeNull();
  });

  it('warns of a failed renewal and shows a pending downgrade, which can be dropped', async () => {
    const current = subscription({
      plan: EXPERT,
      status: 'past_due',
      next_retry_at: '2026-12-23T10:00:00.000Z',
      pending_change: { plan: PRO, period: 'yearly', amount: PRO.prices.yearly },
    });
    const { api } = openSubscription(() => overview(current), {
      'POST /billing/subscription/change': () =>
        json({
          status: 'scheduled',
          payment_pk: null,
          client_secret: null,
          overview: overview(current),
        }),
    });
    expect((await screen.findByTestId('subscription-past-due')).textContent).toBe(
      'The last renewal payment failed. We will try again on 23.12.2026; if that fails too, the plan ends.',
    );
    expect(screen.getByTestId('subscription-status').textContent).toBe('Payment overdue');
    const pending = screen.getByTestId('subscription-pending');
    expect(pending.textContent).toContain('Changes to Pro, billed yearly, on 20.12.2026.');
    fireEvent.click(within(pending).getByRole('button', { name: 'Keep Expert' }));
    expect(await screen.findByText('You stay on the Expert plan.')).toBeTruthy();
    expect(await sentBodies(api, 'POST /billing/subscription/change')).toEqual([
      { plan_pk: EXPERT.pk, period: 'monthly', organization_pk: null },
    ]);
  });

  it("asks for an organization's subscription by its pk", async () => {
    const { api } = openSubscription(() => overview(null, 'org-1'), {}, 'org-1');
    expect((await screen.findByTestId('subscription-none')).textContent).toBe(
      'The organization is on the Free plan, without a paid subscription.',
    );
    const asked = api.mock.calls.map(([input]) => new URL((input as Request).url));
    const subscriptionCall = asked.find((url) => url.pathname === '/api/billing/subscription');
    expect(subscriptionCall?.searchParams.get('organization_pk')).toBe('org-1');
  });
});
