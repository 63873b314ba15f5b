import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '@themis/shared';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

/** The namespaces of the pages a visitor sees before signing in: what every page starts with. */
export const SIGNED_OUT_NAMESPACES = ['common', 'errors', 'maintenance', 'auth', 'validation'];

/** The namespaces only signed-in pages show, loaded with their code. */
export const SIGNED_IN_NAMESPACES = [
  'chat',
  'questionnaire',
  'feedback',
  'settings',
  'organizations',
  'encryption',
  'sharing',
  'billing',
];

type Bundle = () => Promise<{ default: Record<string, unknown> }>;

/**
 * Two chunks per language (locales.test.ts checks what each holds): a page loads the texts
 * of its own language only, and the sign-in page not those of the signed-in pages.
 */
const languageBundles: Record<Language, { signedOut: Bundle; signedIn: Bundle }> = {
  en: {
    signedOut: () => import('../locales/en-signed-out'),
    signedIn: () => import('../locales/en-signed-in'),
  },
  pl: {
    signedOut: () => import('../locales/pl-signed-out'),
    signedIn: () => import('../locales/pl-signed-in'),
  },
};

/** i18next asks for each namespace of a language; they come from its two chunks. */
const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const bundles = (languageBundles as Partial<Record<string, (typeof languageBundles)['en']>>)[
      language
    ];
    if (!bundles) {
      callback(null, {});
      return;
    }
    const load = SIGNED_OUT_NAMESPACES.includes(namespace) ? bundles.signedOut : bundles.signedIn;
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
    ns: [...SIGNED_OUT_NAMESPACES],
    // The language is detected during init(), for loadSignedInTexts to know it at once.
    initAsync: false,
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

/**
 * Settles once the signed-in pages' texts have loaded too, in the current language; from then
 * on a change of language loads them as well.
 */
export async function loadSignedInTexts(): Promise<void> {
  // i18next asks for these only once the first texts are in; fetched now, they come beside
  // the page's code instead of a round trip later. (The language is known at once: the
  // instance starts synchronously.)
  languageBundles[toLanguage(i18n.languages[0])].signedIn().catch(() => undefined);
  await i18nReady;
  await i18n.loadNamespaces(SIGNED_IN_NAMESPACES);
  // i18next settles even when a chunk failed; the page would show its keys.
  if (!SIGNED_IN_NAMESPACES.every((namespace) => i18n.hasLoadedNamespace(namespace))) {
    throw new Error('The texts of the signed-in pages did not load');
  }
}
