import type { Language } from '@themis/shared';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { NoticeTemplate } from '../../platform/mail/notices';
import type { RequestOrigin } from './auth.context';
import { describeUserAgent } from './user-agent';

/** Who a notice goes to, in their language. */
export type NoticeRecipient = Pick<UserRow, 'email' | 'language'>;

/** Pages of the web app the notices link to; they hold no secret. */
const RESET_REQUEST_PAGE = '/send-reset-password-link';
const LOGIN_PAGE = '/login';

const pageUrl = (ctx: AppContext, path: string) => new URL(path, ctx.config.publicUrl).toString();

/** `db`: a transaction, so the notice goes only if the change it tells of commits. */
function queueNotice(
  ctx: AppContext,
  to: NoticeRecipient,
  template: NoticeTemplate,
  db?: Database,
): Promise<void> {
  return ctx.queueMail({ to: to.email, language: to.language as Language, template }, db);
}

export function queuePasswordChangedNotice(
  ctx: AppContext,
  to: NoticeRecipient,
  db?: Database,
): Promise<void> {
  const template = {
    kind: 'password_changed',
    at: ctx.now(),
    resetUrl: pageUrl(ctx, RESET_REQUEST_PAGE),
  } as const;
  return queueNotice(ctx, to, template, db);
}

/** Sent after the account is gone: the address and language are all that is left of it. */
export function queueAccountDeletedNotice(ctx: AppContext, to: NoticeRecipient): Promise<void> {
  return queueNotice(ctx, to, { kind: 'account_deleted', at: ctx.now() });
}

/** A session was opened on a device that was not trusted before. */
export function queueNewDeviceNotice(
  ctx: AppContext,
  to: NoticeRecipient,
  options: { origin: RequestOrigin; method: 'password' | 'google' },
): Promise<void> {
  const { browser, os } = describeUserAgent(options.origin.userAgent);
  const known = (name: string) => (name === 'Unknown' ? undefined : name);
  return queueNotice(ctx, to, {
    kind: 'new_device_sign_in',
    at: ctx.now(),
    browser: known(browser),
    os: known(os),
    ip: options.origin.ip,
    method: options.method,
    resetUrl: pageUrl(ctx, RESET_REQUEST_PAGE),
  });
}

/** Someone registered an address that already has an active account. */
export function queueRegistrationAttemptNotice(
  ctx: AppContext,
  to: NoticeRecipient,
  db?: Database,
): Promise<void> {
  const template = { kind: 'registration_attempt', loginUrl: pageUrl(ctx, LOGIN_PAGE) } as const;
  return queueNotice(ctx, to, template, db);
}
