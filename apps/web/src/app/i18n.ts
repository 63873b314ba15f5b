import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '@themis/shared';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

/** One chunk per language: a page loads the texts of its own language only. */
const languageBundles = {
  en: () => import('../locales/en'),
  pl: () => import('../locales/pl'),
} satisfies Record<Language, unknown>;

/** The namespaces each language's chunk holds (locales.test.ts checks they match). */
export const NAMESPACES = [
  'common',
  'errors',
  'maintenance',
  'chat',
  'auth',
  'validation',
  'questionnaire',
  'feedback',
  'settings',
  'organizations',
  'encryption',
  'sharing',
  'billing',
];

/** i18next asks for each namespace of a language; they all come from its one chunk. */
const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = (languageBundles as Partial<Record<string, (typeof languageBundles)['en']>>)[
      language
    ];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (bundle) => callback(null, bundle.default[namespace] as ResourceKey),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

const ONE_YEAR_MINUTES = 60 * 24 * 365;

export function toLanguage(value: string | undefined): Language {
  return LANGUAGES.find((language) => language === value) ?? DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', () => {
  document.documentElement.lang = toLanguage(i18n.resolvedLanguage);
});

/** Settles once the texts of the detected language have loaded. */
export const i18nReady = i18n
  .use(bundleBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    ns: [...NAMESPACES],
    defaultNS: 'common',
    supportedLngs: [...LANGUAGES],
    // Polish has every key (locales.test.ts): a Polish page need not load English as well.
    fallbackLng: { pl: [], default: [DEFAULT_LANGUAGE] },
    load: 'languageOnly',
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
