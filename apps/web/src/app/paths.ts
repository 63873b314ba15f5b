import type { BillingPeriod } from '@themis/shared';

/** Route paths in one place, so links and the router never drift apart. */
export const paths = {
  root: '/',
  chat: '/chat',
  documents: '/documents',
  models: '/models',
  login: '/login',
  register: '/register',
  registerConfirmation: '/register/confirmation',
  activation: '/activation',
  activated: '/activation/activated',
  resetRequest: '/send-reset-password-link',
  resetRequestSuccess: '/send-reset-password-link/success',
  resetPassword: '/reset-password',
  questionnaire: '/questionnaire',
  auth: '/auth',
  authSuccess: '/auth/success',
  authFailure: '/auth/failure',
  authCancel: '/auth/cancel',
  providerLogin: '/auth/login',
  authSignup: '/auth/signup',
  authSignout: '/auth/signout',
  terms: '/terms',
  privacy: '/privacy',
  organizationInvitation: '/organizations/invitation',
  organizations: '/organizations',
  organizationBilling: '/organizations/billing',
  billing: '/billing',
  billingPlans: '/billing/plans',
  billingSubscription: '/billing/subscription',
  payment: '/payment',
} as const;

/** A path with an `email` query parameter, as the registration and activation pages take. */
export function withEmail(path: string, email: string): string {
  return `${path}?${new URLSearchParams({ email }).toString()}`;
}

/** A path with the `from` query parameter the sign-in and sign-up pages go on to, if any. */
export function withFrom(path: string, from: string | null | undefined): string {
  return from ? `${path}?${new URLSearchParams({ from }).toString()}` : path;
}

export interface PaymentTarget {
  plan: string;
  period: BillingPeriod;
  /** The organization paying; absent for the user's own billing. */
  organization?: string | null;
}

/** The payment page for a plan: /payment?plan=…&period=…[&organization=…]. */
export function paymentPath({ plan, period, organization }: PaymentTarget): string {
  const query = new URLSearchParams({
    ...(organization ? { organization } : {}),
    plan,
    period,
  });
  return `${paths.payment}?${query.toString()}`;
}
