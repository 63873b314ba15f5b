import type { Language } from '@themis/shared';
import type { MailBlock, MailContent } from './mail-blocks';
import { NOTICE_COPY } from './notice-copy';

/** Security notices to an account's owner: what happened, never a code, token or link secret. */
export type NoticeTemplate =
  | { kind: 'password_changed'; at: Date; resetUrl: string }
  | { kind: 'account_deleted'; at: Date }
  | {
      kind: 'new_device_sign_in';
      at: Date;
      browser?: string;
      os?: string;
      ip: string;
      method: 'password' | 'google';
      resetUrl: string;
    }
  | { kind: 'registration_attempt'; loginUrl: string };

/** The operator works in Poland: times are Polish time, with the zone named. */
const MAIL_TIME_ZONE = 'Europe/Warsaw';
const LOCALES: Record<Language, string> = { en: 'en-GB', pl: 'pl-PL' };

export function formatMailTime(at: Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: MAIL_TIME_ZONE,
    timeZoneName: 'short',
  }).format(at);
}

/** `contact`: the mailbox the notices tell people to write to. */
export function noticeContent(
  template: NoticeTemplate,
  language: Language,
  contact: string,
): MailContent {
  const copy = NOTICE_COPY[language];
  const paragraph = (...lines: string[]): MailBlock => ({ kind: 'paragraph', lines });
  const link = (label: string, url: string): MailBlock => ({
    kind: 'link',
    label,
    fallback: copy.linkFallback,
    url,
  });
  const time = 'at' in template ? formatMailTime(template.at, language) : '';
  switch (template.kind) {
    case 'password_changed': {
      const text = copy.passwordChanged;
      return {
        subject: text.subject,
        blocks: [
          paragraph(text.changed(time), text.ifYou),
          paragraph(text.ifNotYou),
          link(copy.newPasswordAction, template.resetUrl),
          paragraph(copy.writeToUs(contact)),
        ],
      };
    }
    case 'account_deleted': {
      const text = copy.accountDeleted;
      return {
        subject: text.subject,
        blocks: [paragraph(text.deleted(time), text.farewell), paragraph(text.ifNotYou(contact))],
      };
    }
    case 'new_device_sign_in': {
      const text = copy.newSignIn;
      return {
        subject: text.subject,
        blocks: [
          paragraph(text.intro),
          {
            kind: 'details',
            rows: [
              [text.device, text.deviceValue(template.browser, template.os)],
              [text.ip, template.ip],
              [text.time, time],
              [text.method, text.methods[template.method]],
            ],
          },
          paragraph(text.ifYou),
          paragraph(text.ifNotYou),
          link(copy.newPasswordAction, template.resetUrl),
          paragraph(text.afterwards, copy.writeToUs(contact)),
        ],
      };
    }
    case 'registration_attempt': {
      const text = copy.registrationAttempt;
      return {
        subject: text.subject,
        blocks: [
          paragraph(text.intro),
          paragraph(text.ifYou),
          link(text.signInAction, template.loginUrl),
          paragraph(text.forgotten, text.ifNotYou),
        ],
      };
    }
  }
}
