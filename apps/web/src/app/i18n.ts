import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '@themis/shared';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import authEn from '../locales/en/auth.json';
import billingEn from '../locales/en/billing.json';
import chatEn from '../locales/en/chat.json';
import commonEn from '../locales/en/common.json';
import encryptionEn from '../locales/en/encryption.json';
import errorsEn from '../locales/en/errors.json';
import feedbackEn from '../locales/en/feedback.json';
import maintenanceEn from '../locales/en/maintenance.json';
import organizationsEn from '../locales/en/organizations.json';
import questionnaireEn from '../locales/en/questionnaire.json';
import settingsEn from '../locales/en/settings.json';
import sharingEn from '../locales/en/sharing.json';
import validationEn from '../locales/en/validation.json';
import authPl from '../locales/pl/auth.json';
import billingPl from '../locales/pl/billing.json';
import chatPl from '../locales/pl/chat.json';
import commonPl from '../locales/pl/common.json';
import encryptionPl from '../locales/pl/encryption.json';
import errorsPl from '../locales/pl/errors.json';
import feedbackPl from '../locales/pl/feedback.json';
import maintenancePl from '../locales/pl/maintenance.json';
import organizationsPl from '../locales/pl/organizations.json';
import questionnairePl from '../locales/pl/questionnaire.json';
import settingsPl from '../locales/pl/settings.json';
import sharingPl from '../locales/pl/sharing.json';
import validationPl from '../locales/pl/validation.json';

// Bundled statically: both languages together are a few kilobytes.
export const resources = {
  en: {
    common: commonEn,
    errors: errorsEn,
    maintenance: maintenanceEn,
    chat: chatEn,
    auth: authEn,
    validation: validationEn,
    questionnaire: questionnaireEn,
    feedback: feedbackEn,
    settings: settingsEn,
    organizations: organizationsEn,
    encryption: encryptionEn,
    sharing: sharingEn,
    billing: billingEn,
  },
  pl: {
    common: commonPl,
    errors: errorsPl,
    maintenance: maintenancePl,
    chat: chatPl,
    auth: authPl,
    validation: validationPl,
    questionnaire: questionnairePl,
    feedback: feedbackPl,
    settings: settingsPl,
    organizations: organizationsPl,
    encryption: encryptionPl,
    sharing: sharingPl,
    billing: billingPl,
  },
} as const;

const ONE_YEAR_MINUTES = 60 * 24 * 365;

export function toLanguage(value: string | undefined): Language {
  return LANGUAGES.find((language) => language === value) ?? DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', () => {
  document.documentElement.lang = toLanguage(i18n.resolvedLanguage);
});

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: Object.keys(resources.en),
    defaultNS: 'common',
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: LANGUAGE_STORAGE_KEY,
      lookupCookie: LANGUAGE_STORAGE_KEY,
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      lookupSessionStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage', 'cookie'],
      cookieMinutes: ONE_YEAR_MINUTES,
      cookieOptions: { path: '/', sameSite: 'lax' },
    },
  });
