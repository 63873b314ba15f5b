import type { Language } from '@themis/shared';
import type { MailBlock, MailContent } from './mail-blocks';
import { formatMailTime } from './notices';

/** Payment notices to whoever the billing details name; amounts already formatted. */
export type BillingMailTemplate =
  | {
      kind: 'billing_payment_failed';
      plan: string;
      amount: string;
      retryAt: Date;
      url: string;
    }
  | {
      kind: 'billing_subscription_ended';
      plan: string;
      reason: 'canceled' | 'unpaid';
      url: string;
    };

const COPY = {
  en: {
    failed: {
      subject: 'Your Themis payment did not go through',
      intro: (plan: string, amount: string) =>
        `We could not charge ${amount} for the renewal of your ${plan} plan.`,
      retry: (date: string) =>
        `Your plan stays active for now; we will try again on ${date}. Check the card or add another one:`,
    },
    ended: {
      subject: 'Your Themis plan has ended',
      canceled: (plan: string) => `Your ${plan} plan has ended, as you cancelled it.`,
      unpaid: (plan: string) => `Your ${plan} plan has ended: its renewal could not be paid.`,
      after: 'You are on the free plan now. You can choose a plan again at any time:',
    },
    action: 'Open billing',
    fallback: 'If the button does not work, copy this address into your browser:',
  },
  pl: {
    failed: {
      subject: 'Płatność w Themis nie powiodła się',
      intro: (plan: string, amount: string) =>
        `Nie udało się pobrać ${amount} za odnowienie planu ${plan}.`,
      retry: (date: string) =>
        `Plan na razie pozostaje aktywny; spróbujemy ponownie ${date}. Sprawdź kartę lub dodaj inną:`,
    },
    ended: {
      subject: 'Twój plan w Themis się zakończył',
      canceled: (plan: string) => `Plan ${plan} zakończył się, zgodnie z anulowaniem.`,
      unpaid: (plan: string) => `Plan ${plan} zakończył się: nie udało się opłacić odnowienia.`,
      after: 'Korzystasz teraz z planu bezpłatnego. Plan możesz wybrać ponownie w każdej chwili:',
    },
    action: 'Otwórz płatności',
    fallback: 'Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:',
  },
} as const;

export function billingMailContent(template: BillingMailTemplate, language: Language): MailContent {
  const copy = COPY[language];
  const paragraph = (...lines: string[]): MailBlock => ({ kind: 'paragraph', lines });
  const link: MailBlock = {
    kind: 'link',
    label: copy.action,
    fallback: copy.fallback,
    url: template.url,
  };
  if (template.kind === 'billing_payment_failed') {
    return {
      subject: copy.failed.subject,
      blocks: [
        paragraph(
          copy.failed.intro(template.plan, template.amount),
          copy.failed.retry(formatMailTime(template.retryAt, language)),
        ),
        link,
      ],
    };
  }
  return {
    subject: copy.ended.subject,
    blocks: [paragraph(copy.ended[template.reason](template.plan), copy.ended.after), link],
  };
}
