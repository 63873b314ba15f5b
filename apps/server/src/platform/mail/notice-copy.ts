import type { Language } from '@themis/shared';

export interface NoticeCopy {
  /** Shown under a button, before the bare address. */
  linkFallback: string;
  newPasswordAction: string;
  writeToUs: (contact: string) => string;
  passwordChanged: {
    subject: string;
    changed: (time: string) => string;
    ifYou: string;
    ifNotYou: string;
  };
  accountDeleted: {
    subject: string;
    deleted: (time: string) => string;
    farewell: string;
    ifNotYou: (contact: string) => string;
  };
  newSignIn: {
    subject: string;
    intro: string;
    device: string;
    /** Either part may be unknown. */
    deviceValue: (browser: string | undefined, os: string | undefined) => string;
    ip: string;
    time: string;
    method: string;
    methods: { password: string; google: string };
    ifYou: string;
    ifNotYou: string;
    afterwards: string;
  };
  registrationAttempt: {
    subject: string;
    intro: string;
    ifYou: string;
    signInAction: string;
    forgotten: string;
    ifNotYou: string;
  };
}

/** The words of the security notices, per language; none of them carries a secret. */
export const NOTICE_COPY: Record<Language, NoticeCopy> = {
  en: {
    linkFallback: 'If the button does not work, copy this address into your browser:',
    newPasswordAction: 'Set a new password',
    writeToUs: (contact) => `If you need help, write to us at ${contact}.`,
    passwordChanged: {
      subject: 'Your Themis password was changed',
      changed: (time) => `The password of your Themis account was changed on ${time}.`,
      ifYou: 'If you changed it, there is nothing more to do.',
      ifNotYou:
        'If you did not, someone else may have access to your account or your e-mail. Set a new password at once:',
    },
    accountDeleted: {
      subject: 'Your Themis account was deleted',
      deleted: (time) =>
        `Your Themis account was deleted on ${time}, together with your profile, conversations and files.`,
      farewell: 'Thank you for using Themis. You are welcome to create a new account at any time.',
      ifNotYou: (contact) =>
        `If you did not delete your account, write to us at once at ${contact}.`,
    },
    newSignIn: {
      subject: 'New sign-in to your Themis account',
      intro:
        'Someone just signed in to your Themis account on a device that was not trusted before:',
      device: 'Device',
      deviceValue: (browser, os) =>
        `${browser ?? 'An unknown browser'} on ${os ?? 'an unknown system'}`,
      ip: 'IP address',
      time: 'Time',
      method: 'Signed in with',
      methods: { password: 'E-mail and password', google: 'Google' },
      ifYou: 'If it was you, you can ignore this e-mail.',
      ifNotYou: 'If it was not you, set a new password at once:',
      afterwards: 'Then, in Settings, under Security, sign out the devices you do not recognise.',
    },
    registrationAttempt: {
      subject: 'Someone tried to create a Themis account with your address',
      intro:
        'Someone just tried to create a new Themis account with this e-mail address. You already have an account, so nothing was created and your account stays as it is.',
      ifYou: 'If it was you, sign in instead:',
      forgotten:
        'If you have forgotten your password, choose “Forgot your password?” on the sign-in page.',
      signInAction: 'Sign in',
      ifNotYou: 'If it was not you, you can safely ignore this e-mail.',
    },
  },
  pl: {
    linkFallback: 'Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:',
    newPasswordAction: 'Ustaw nowe hasło',
    writeToUs: (contact) => `Jeśli potrzebujesz pomocy, napisz do nas na adres ${contact}.`,
    passwordChanged: {
      subject: 'Hasło do Themis zostało zmienione',
      changed: (time) => `Hasło do Twojego konta w Themis zostało zmienione ${time}.`,
      ifYou: 'Jeśli to była Twoja zmiana, nie musisz nic więcej robić.',
      ifNotYou:
        'Jeśli nie, ktoś inny może mieć dostęp do Twojego konta lub poczty e-mail. Od razu ustaw nowe hasło:',
    },
    accountDeleted: {
      subject: 'Twoje konto w Themis zostało usunięte',
      deleted: (time) =>
        `Twoje konto w Themis zostało usunięte ${time} razem z profilem, rozmowami i plikami.`,
      farewell: 'Dziękujemy za korzystanie z Themis. Nowe konto możesz założyć w każdej chwili.',
      ifNotYou: (contact) =>
        `Jeśli konto nie zostało usunięte przez Ciebie, od razu napisz do nas na adres ${contact}.`,
    },
    newSignIn: {
      subject: 'Nowe logowanie do Twojego konta w Themis',
      intro:
        'Ktoś właśnie zalogował się na Twoje konto w Themis na urządzeniu, które nie było dotąd zaufane:',
      device: 'Urządzenie',
      deviceValue: (browser, os) =>
        `${browser ?? 'Nieznana przeglądarka'} ${os ? `w systemie ${os}` : 'w nieznanym systemie'}`,
      ip: 'Adres IP',
      time: 'Czas',
      method: 'Sposób logowania',
      methods: { password: 'E-mail i hasło', google: 'Google' },
      ifYou: 'Jeśli to Ty, możesz zignorować tę wiadomość.',
      ifNotYou: 'Jeśli to nie Ty, od razu ustaw nowe hasło:',
      afterwards:
        'Następnie w Ustawieniach, w sekcji Bezpieczeństwo, wyloguj urządzenia, których nie rozpoznajesz.',
    },
    registrationAttempt: {
      subject: 'Ktoś próbował założyć konto w Themis na Twój adres',
      intro:
        'Ktoś właśnie próbował założyć nowe konto w Themis z tym adresem e-mail. Masz już konto, więc nic nie zostało utworzone, a Twoje konto pozostaje bez zmian.',
      ifYou: 'Jeśli to Ty, po prostu się zaloguj:',
      forgotten: 'Jeśli nie pamiętasz hasła, wybierz „Nie pamiętasz hasła?” na stronie logowania.',
      signInAction: 'Zaloguj się',
      ifNotYou: 'Jeśli to nie Ty, po prostu zignoruj tę wiadomość.',
    },
  },
};
