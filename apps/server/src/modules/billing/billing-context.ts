import type { AppContext } from '../../app-context';

export type BillingContext = Pick<
  AppContext,
  'db' | 'now' | 'config' | 'payments' | 'queueMail'
> & {
  log: { warn(details: object, message: string): void };
};
