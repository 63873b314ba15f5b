import type {
  BillingOverview,
  PaymentCard,
  PaymentOutcome,
  Plan,
  Quote,
  Receipt,
  Subscription,
} from '@themis/shared';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { plan } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';

// Net prices of the catalogue: 23% VAT on top gives round gross prices.
export const FREE = plan({ pk: 'plan-free', code: 'free', product_name: 'Free' });
export const PRO = plan({
  pk: 'plan-pro',
  code: 'pro',
  product_name: 'Pro',
  monthly_token_limit: 2_000_000,
  has_encryption: true,
  price_monthly_cents: 8049,
  price_yearly_cents: 80488,
});
export const EXPERT = plan({
  pk: 'plan-expert',
  code: 'expert',
  product_name: 'Expert',
  monthly_token_limit: 10_000_000,
  has_encryption: true,
  price_monthly_cents: 16179,
  price_yearly_cents: 161789,
});
export const TEAM = plan({
  pk: 'plan-team',
  code: 'team',
  product_name: 'Team',
  scope: 'organization',
  monthly_token_limit: 10_000_000,
  has_encryption: true,
  price_monthly_cents: 32439,
  price_yearly_cents: 324390,
});
export const PLANS: Plan[] = [FREE, PRO, EXPERT, TEAM];

export const CARD: PaymentCard = {
  pk: 'card-1',
  provider: 'sandbox',
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2030,
  is_default: true,
  created_at: '2026-11-20T10:00:00.000Z',
};

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  const subscribed = overrides.plan ?? PRO;
  const period = overrides.period ?? 'monthly';
  return {
    pk: 'sub-1',
    plan: subscribed,
    period,
    status: 'active',
    source: 'paid',
    amount: subscribed.prices[period],
    currency: 'PLN',
    started_at: '2026-11-20T10:00:00.000Z',
    current_period_start: '2026-11-20T10:00:00.000Z',
    current_period_end: '2026-12-20T10:00:00.000Z',
    cancel_at_period_end: false,
    cancel_reason: null,
    pending_change: null,
    card: { pk: CARD.pk, brand: CARD.brand, last4: CARD.last4 },
    next_retry_at: null,
    ...overrides,
  };
}

export function overview(
  current: Subscription | null = null,
  organizationPk: string | null = null,
): BillingOverview {
  return {
    organization_pk: organizationPk,
    plan: current?.plan ?? FREE,
    subscription: current,
    provider: 'sandbox',
  };
}

export function receipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    pk: 'receipt-1',
    number: 'FV/2026/11/0001',
    kind: 'subscription',
    issued_at: '2026-11-20T10:00:00.000Z',
    plan_name: 'Pro',
    period: 'monthly',
    period_start: '2026-11-20T10:00:00.000Z',
    period_end: '2026-12-20T10:00:00.000Z',
    amount: PRO.prices.monthly,
    vat_rate_percent: 23,
    currency: 'PLN',
    buyer: {
      country: 'PL',
      city: 'Warszawa',
      zip_code: '00-950',
      address: 'ul. Prosta 1',
      phone: '600100200',
      email: 'anna@example.com',
      first_name: 'Anna',
      last_name: 'Kowalska',
      company_name: '',
      nip: '',
    },
    card: { brand: 'visa', last4: '4242' },
    ...overrides,
  };
}

export function quote(overrides: Partial<Quote> = {}): Quote {
  const quoted = overrides.plan ?? PRO;
  const period = overrides.period ?? 'monthly';
  return {
    kind: 'subscribe',
    plan: quoted,
    period,
    charge_now: quoted.prices[period],
    renewal_amount: quoted.prices[period],
    effective_at: '2026-11-20T10:00:00.000Z',
    period_end: '2026-12-20T10:00:00.000Z',
    ...overrides,
  };
}

export function outcome(
  status: PaymentOutcome['status'],
  overrides: Partial<PaymentOutcome> = {},
): PaymentOutcome {
  return {
    status,
    payment_pk: status === 'scheduled' ? null : 'payment-1',
    client_secret: null,
    overview: overview(subscription()),
    ...overrides,
  };
}

/** `element` at `routePath` (the path itself unless given), beside stand-ins for where it leads. */
export function renderAt(
  path: string,
  element: ReactElement,
  routePath = new URL(path, 'http://x').pathname,
) {
  const standIn = (name: string) => <div data-testid={`${name}-stand-in`} />;
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      ...['/payment', '/billing/subscription', '/billing/plans', '/organizations/billing']
        .filter((standInPath) => !standInPath.startsWith(routePath.replace(/\/:.*$/, '')))
        .map((standInPath) => ({
          path: standInPath,
          element: standIn(standInPath.slice(1).replace('/', '-')),
        })),
    ],
    { initialEntries: [path] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}
