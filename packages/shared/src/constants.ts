/** Business constants of the product (spec §9), shared by the web app and the server. */
export const APP_VERSION = '1.33.0';
export const TERMS_DATE = '19-05-2025';
/** TERMS_DATE as every date is shown (DATE_FORMATS.EU, the default): one format on screen. */
export const TERMS_DATE_SHOWN = TERMS_DATE.replaceAll('-', '.');
/**
 * The placeholder of the product's contact mailbox (spec §1), shown in the web app and the
 * e-mails until the operator sets CONTACT_EMAIL (which production requires): the spec does
 * not give the address, so a reserved `.example` domain stands in.
 */
export const DEFAULT_CONTACT_EMAIL = 'kontakt@themis.example';

export const LANGUAGES = ['en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'lang';

export const THEMES = ['light', 'dark'] as const;
export type ThemeMode = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeMode = 'light';
export const THEME_STORAGE_KEY = 'theme';

export const FONT_SIZE = { default: 100, step: 10, min: 80, max: 140 } as const;
export const FONT_SIZE_STORAGE_KEY = 'fontSize';

export const TOASTS = {
  maxSnack: 3,
  autoHideMs: 5000,
  enterMs: 225,
  exitMs: 195,
  anchor: { vertical: 'bottom', horizontal: 'left' },
} as const;

export const MOBILE_BREAKPOINT_PX = 768;
export const DETAIL_PANEL_WIDTH_PX = 300;
export const REFRESH_RETRIES = 1;
export const LOGGED_URL_LENGTH = 40;
export const WEEK_MS = 604_800_000;

export const DATE_FORMATS = {
  ISO: 'yyyy-MM-dd',
  EU: 'dd.MM.yyyy',
  US: 'MM/dd/yyyy',
} as const;
export type DateFormatName = keyof typeof DATE_FORMATS;
export const DEFAULT_DATE_FORMAT: DateFormatName = 'EU';
export const MONTH_LABEL_FORMAT = 'LLLL yyyy';

/** How often the web app re-checks the maintenance status. */
export const MAINTENANCE_POLL_MS = 60_000;
export const MAINTENANCE_MESSAGE_MAX = 500;

/**
 * The route root of a shared conversation in the web app (spec §3: how a link is built).
 * Here, beside no schema, so that the web app's router does not bring zod to the first page.
 */
export const SHARE_ROUTE_ROOT = '/chat/share/';
