import { AppError } from '../../errors';
import type { AppContext } from '../../app-context';

export type BillingContext = Pick<
  AppContext,
  'db' | 'now' | 'config' | 'payments' | 'queueMail'
> & {
  log: { warn(details: object, message: string): void };
};

/** A server that takes no payments (PAYMENTS=off) sells no paid plan and saves no card. */
export function requirePayments(ctx: Pick<BillingContext, 'config'>): void {
  if (ctx.config.payments === 'off') {
    throw new AppError('payments_unavailable', 503, 'no payments configured');
  }
}
