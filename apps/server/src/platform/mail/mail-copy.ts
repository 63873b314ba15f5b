import type { ConfirmationKind, Language } from '@themis/shared';

interface CodeMailCopy {
  subject: string;
  /** What the code confirms, ending where the code follows. */
  purpose: string;
}

export interface MailCopy {
  greeting: string;
  signOff: string[];
  codes: Record<ConfirmationKind, CodeMailCopy>;
  codeValidity: string;
  codeNotRequested: string;
  /** The labels of what an organization's code confirms. */
  codeAbout: { organization: string; newOwner: string };
  reset: {
    subject: string;
    intro: string;
    action: string;
    fallback: string;
    validity: string;
    notRequested: string;
  };
}

/** Every word the e-mails say, per language. */
export const MAIL_COPY: Record<Language, MailCopy> = {
  en: {
    greeting: 'Hello,',
    signOff: ['Best regards,', 'Themis'],
    codes: {
      USER_ACTIVATION: {
        subject: 'Your Themis account activation code',
        purpose: 'Use this code to activate your Themis account:',
      },
      USER_AUTHENTICATION: {
        subject: 'Your Themis sign-in code',
        purpose: 'Use this code to finish signing in to Themis:',
      },
      USER_PASSWORD_CHANGE: {
        subject: 'Your Themis password change code',
        purpose: 'Use this code to confirm the change of your Themis password:',
      },
      USER_DELETE: {
        subject: 'Your Themis account deletion code',
        purpose: 'Use this code to confirm the deletion of your Themis account:',
      },
      ORGANIZATION_OWNERSHIP_TRANSFER: {
        subject: 'Your Themis organization ownership transfer code',
        purpose:
          'Use this code to confirm the transfer of your organization’s ownership in Themis:',
      },
      ORGANIZATION_DELETE: {
        subject: 'Your Themis organization deletion code',
        purpose: 'Use this code to confirm the deletion of your organization in Themis:',
      },
    },
    codeValidity: 'The code is valid for 15 minutes.',
    codeAbout: { organization: 'Organization', newOwner: 'New owner' },
    codeNotRequested: 'If you did not request it, you can safely ignore this e-mail.',
    reset: {
      subject: 'Reset your Themis password',
      intro:
        'We received a request to reset the password of your Themis account. Open this link to choose a new password:',
      action: 'Choose a new password',
      fallback: 'If the button does not work, copy this address into your browser:',
      validity: 'The link is valid for one hour.',
      notRequested:
        'If you did not ask for a new password, you can safely ignore this e-mail: your password stays as it is.',
    },
  },
  pl: {
    greeting: 'Dzień dobry,',
    signOff: ['Pozdrawiamy,', 'Themis'],
    codes: {
      USER_ACTIVATION: {
        subject: 'Kod aktywacji konta w Themis',
        purpose: 'Użyj tego kodu, aby aktywować swoje konto w Themis:',
      },
      USER_AUTHENTICATION: {
        subject: 'Kod logowania do Themis',
        purpose: 'Użyj tego kodu, aby dokończyć logowanie do Themis:',
      },
      USER_PASSWORD_CHANGE: {
        subject: 'Kod zmiany hasła w Themis',
        purpose: 'Użyj tego kodu, aby potwierdzić zmianę hasła w Themis:',
      },
      USER_DELETE: {
        subject: 'Kod usunięcia konta w Themis',
        purpose: 'Użyj tego kodu, aby potwierdzić usunięcie swojego konta w Themis:',
      },
      ORGANIZATION_OWNERSHIP_TRANSFER: {
        subject: 'Kod przekazania własności organizacji w Themis',
        purpose: 'Użyj tego kodu, aby potwierdzić przekazanie własności organizacji w Themis:',
      },
      ORGANIZATION_DELETE: {
        subject: 'Kod usunięcia organizacji w Themis',
        purpose: 'Użyj tego kodu, aby potwierdzić usunięcie organizacji w Themis:',
      },
    },
    codeValidity: 'Kod jest ważny przez 15 minut.',
    codeAbout: { organization: 'Organizacja', newOwner: 'Nowy właściciel' },
    codeNotRequested: 'Jeśli ta prośba nie pochodzi od Ciebie, po prostu zignoruj tę wiadomość.',
    reset: {
      subject: 'Ustaw nowe hasło do Themis',
      intro:
        'Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta w Themis. Otwórz ten link, aby ustawić nowe hasło:',
      action: 'Ustaw nowe hasło',
      fallback: 'Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:',
      validity: 'Link jest ważny przez godzinę.',
      notRequested:
        'Jeśli ta prośba nie pochodzi od Ciebie, po prostu zignoruj tę wiadomość – Twoje hasło pozostanie bez zmian.',
    },
  },
};
