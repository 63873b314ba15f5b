import type { Language } from '@themis/shared';
import type { MailBlock, MailContent } from './mail-blocks';
import { formatMailTime } from './notices';

export interface InvitationTemplate {
  kind: 'organization_invitation';
  organization: string;
  /** Who invited, as their co-workers see them. */
  inviter: string;
  role: 'ADMIN' | 'MEMBER' | 'OBSERVER';
  /** The invitation page, or the registration form for an address without an account. */
  url: string;
  hasAccount: boolean;
  expiresAt: Date;
}

const COPY = {
  en: {
    subject: (organization: string) => `You are invited to ${organization} in Themis`,
    intro: (inviter: string, organization: string, role: string) =>
      `${inviter} invites you to join ${organization} in Themis as ${role}.`,
    roles: { ADMIN: 'an administrator', MEMBER: 'an employee', OBSERVER: 'an observer' },
    withAccount: 'Open the invitation to accept or decline it:',
    withoutAccount:
      'Create your Themis account with this address; the invitation waits for you after sign-up:',
    action: { open: 'Open the invitation', register: 'Create an account' },
    fallback: 'If the button does not work, copy this address into your browser:',
    validity: (date: string) => `The invitation is valid until ${date}.`,
    notExpected: 'If you did not expect it, you can safely ignore this e-mail.',
  },
  pl: {
    subject: (organization: string) => `Zaproszenie do organizacji ${organization} w Themis`,
    intro: (inviter: string, organization: string, role: string) =>
      `${inviter} zaprasza Cię do organizacji ${organization} w Themis jako ${role}.`,
    roles: { ADMIN: 'administratora', MEMBER: 'pracownika', OBSERVER: 'obserwatora' },
    withAccount: 'Otwórz zaproszenie, aby je przyjąć lub odrzucić:',
    withoutAccount:
      'Załóż konto w Themis na ten adres – zaproszenie będzie na Ciebie czekać po rejestracji:',
    action: { open: 'Otwórz zaproszenie', register: 'Załóż konto' },
    fallback: 'Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:',
    validity: (date: string) => `Zaproszenie jest ważne do ${date}.`,
    notExpected: 'Jeśli się go nie spodziewasz, po prostu zignoruj tę wiadomość.',
  },
} as const;

export function invitationContent(template: InvitationTemplate, language: Language): MailContent {
  const copy = COPY[language];
  const paragraph = (...lines: string[]): MailBlock => ({ kind: 'paragraph', lines });
  return {
    subject: copy.subject(template.organization),
    blocks: [
      paragraph(
        copy.intro(template.inviter, template.organization, copy.roles[template.role]),
        template.hasAccount ? copy.withAccount : copy.withoutAccount,
      ),
      {
        kind: 'link',
        label: template.hasAccount ? copy.action.open : copy.action.register,
        fallback: copy.fallback,
        url: template.url,
      },
      paragraph(copy.validity(formatMailTime(template.expiresAt, language)), copy.notExpected),
    ],
  };
}
