import { z } from 'zod';
import {
  DEFAULT_CONTACT_EMAIL,
  isValidNip,
  LEGAL_SOURCE_MODES,
  PAYMENT_MODES,
  type LegalSourceMode,
  type PaymentMode,
} from '@themis/shared';
import { invoiceSellerOf, type InvoiceSeller } from './config-invoice-seller';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));
const optionalUrl = (protocols: string[]) =>
  optionalString.pipe(
    z
      .string()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol.replace(':', ''));
          } catch {
            return false;
          }
        },
        `must be a URL with protocol ${protocols.join(' or ')}`,
      )
      .optional(),
  );

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5173),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl(['http', 'https']).default('http://localhost:5173'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_REGION: optionalString,
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: optionalString.pipe(z.email().optional()),
  CONTACT_EMAIL: optionalString.pipe(z.email().optional()),
  APP_SECRET: optionalString.pipe(
    z
      .string()
      .min(32, 'must be at least 32 characters')
      .refine(
        (secret) => secret.length < 32 || secretStrengthBits(secret) >= MIN_SECRET_BITS,
        'too predictable: use a random value, e.g. `openssl rand -base64 48`',
      )
      .optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER_URL: optionalUrl(['http', 'https']).default('https://accounts.google.com'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl(['http', 'https']),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl(['http', 'https']),
  OLLAMA_BASE_URL: optionalUrl(['http', 'https']).default('http://127.0.0.1:11434'),
  MODELS: optionalString,
  /** Citations in answers: not linked, linked, or linked and checked against the registers. */
  LEGAL_SOURCES: z.enum(LEGAL_SOURCE_MODES).default('verify'),
  /** The Sejm's ELI API and SAOS, asked when citations are checked. */
  LEGAL_ELI_URL: optionalUrl(['http', 'https']).default('https://api.sejm.gov.pl/eli'),
  LEGAL_SAOS_URL: optionalUrl(['http', 'https']).default('https://www.saos.org.pl/api'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Stripe's API at another address (a local stand-in in tests); its default otherwise. */
  STRIPE_API_URL: optionalUrl(['http', 'https']),
  PAYMENTS: z.enum(PAYMENT_MODES).optional(),
  /** The seller on every invoice; sample values outside production (config-invoice-seller.ts). */
  INVOICE_SELLER_NAME: optionalString.pipe(z.string().max(200).optional()),
  INVOICE_SELLER_ADDRESS: optionalString.pipe(z.string().max(300).optional()),
  INVOICE_SELLER_NIP: optionalString.pipe(
    z
      .string()
      .refine(isValidNip, 'must be a valid NIP (ten digits, the last a check digit)')
      .optional(),
  ),
  SENTRY_DSN: optionalUrl(['http', 'https']),
  ENVIRONMENT: z.string().min(1).default('unknown'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  CODE_CHECKS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(100),
  /**
   * The reverse proxies whose X-Forwarded-For is believed: addresses, CIDR ranges or
   * `loopback`, comma-separated. Unset: none, the peer's address is the client's.
   */
  TRUST_PROXY: optionalString,
  /** A bearer token for GET /api/metrics from elsewhere than this machine. */
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
});

type Env = z.infer<typeof ZEnv>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: URL;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Uploads go to this bucket when set, else to `<DATA_DIR>/files`. */
  s3: S3Config | undefined;
  /** SMTP delivery; unset means the development outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The mailbox users write to, in the web app, the e-mails and the invoices. */
  contactEmail: string;
  /** Undefined until resolved by `resolveAppSecret` (generated in development). */
  appSecret: string | undefined;
  /** Google sign-in is enabled when set. */
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  googleIssuerUrl: string;
  sentryDsn: string | undefined;
  environment: string;
  stripePublishableKey: string | undefined;
  /** Card payments through Stripe when set; the offline sandbox otherwise. */
  stripe: StripeConfig | undefined;
  /** Which payments run: Stripe, the offline sandbox, or none (paid plans unavailable). */
  payments: PaymentMode;
  /** Who sells, on every invoice. */
  invoiceSeller: InvoiceSeller;
  /** OpenAI, or any OpenAI-compatible server when the base URL is set. */
  openaiApiKey: string | undefined;
  openaiBaseUrl: string | undefined;
  anthropicApiKey: string | undefined;
  anthropicBaseUrl: string | undefined;
  /** Probed for local models; silently none when nothing answers. */
  ollamaBaseUrl: string;
  /** Optional allow-list with display names: `openai:gpt-4o=GPT-4o,demo:themis-demo`. */
  models: string | undefined;
  legalSources: { mode: LegalSourceMode; eliUrl: string; saosUrl: string };
  logLevel: Env['LOG_LEVEL'];
  /** Sign-ups one address may make in an hour (an office behind one address makes many). */
  registerLimitPerHour: number;
  /** Code checks and resends one address may make in 15 minutes, right or wrong. */
  codeChecksPerIp: number;
  /** Fastify's trustProxy: the proxies in front (addresses, ranges, `loopback`), or none. */
  trustProxy: string | false;
  /** Opens GET /api/metrics to `Authorization: Bearer <token>`; loopback needs none. */
  metricsToken: string | undefined;
  raw: Env;
}

/** S3-compatible object storage for uploads (path-style requests, so MinIO and the like work). */
export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** What a guess at APP_SECRET would have to cover, at least. */
const MIN_SECRET_BITS = 100;

/** The shortest unit whose repetition makes `text` ('abcab' of 'ab'): its prefix function. */
function shortestPeriod(text: string): number {
  const border = new Array<number>(text.length).fill(0);
  for (let i = 1; i < text.length; i += 1) {
    let k = border[i - 1]!;
    while (k > 0 && text[i] !== text[k]) k = border[k - 1]!;
    if (text[i] === text[k]) k += 1;
    border[i] = k;
  }
  return text.length - (border.at(-1) ?? 0);
}

/**
 * The length times the Shannon entropy of the characters of the secret's repeated unit (the
 * whole secret when nothing repeats): a word written over and over counts once, a run of one
 * character scores low, and a random string of 32+ characters well above 100.
 */
export function secretStrengthBits(secret: string): number {
  const unit = secret.slice(0, shortestPeriod(secret));
  const counts = new Map<string, number>();
  for (const char of unit) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bitsPerChar = 0;
  for (const count of counts.values()) {
    const p = count / unit.length;
    bitsPerChar -= p * Math.log2(p);
  }
  return bitsPerChar * unit.length;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** Any S3 variable turns S3 on; then every one but the region must be there. */
function s3ConfigOf(env: Env): S3Config | undefined {
  const set = [...S3_REQUIRED, 'S3_REGION' as const].filter((name) => env[name]);
  if (set.length === 0) return undefined;
  const missing = S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(missing.map((name) => `${name}: required when ${set[0]} is set`));
  }
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    region: env.S3_REGION ?? 'us-east-1',
  };
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiUrl: URL | undefined;
}

const STRIPE_REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

/** All three keys, or none (the sandbox): half a Stripe setup would take money it cannot see. */
function stripeConfigOf(env: z.infer<typeof ZEnv>): StripeConfig | undefined {
  const set = STRIPE_REQUIRED.filter((name) => env[name]);
  if (set.length === 0) return undefined;
  const missing = STRIPE_REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(missing.map((name) => `${name}: required when ${set[0]} is set`));
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY!,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    apiUrl: env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined,
  };
}

/**
 * PAYMENTS as given, or Stripe when its keys are set, else the offline sandbox outside
 * production; a production server without keys sells nothing unless told to run the sandbox.
 */
function paymentModeOf(
  chosen: PaymentMode | undefined,
  hasStripeKeys: boolean,
  isProduction: boolean,
): PaymentMode {
  if (chosen === 'stripe' && !hasStripeKeys) {
    throw new ConfigError(['PAYMENTS: stripe needs STRIPE_SECRET_KEY and the other STRIPE_* keys']);
  }
  return chosen ?? (hasStripeKeys ? 'stripe' : isProduction ? 'off' : 'sandbox');
}

/** Reads and validates the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.APP_SECRET) {
    throw new ConfigError(['APP_SECRET: required when NODE_ENV is production']);
  }
  if (isProduction && (env.CONTACT_EMAIL ?? DEFAULT_CONTACT_EMAIL) === DEFAULT_CONTACT_EMAIL) {
    throw new ConfigError([
      `CONTACT_EMAIL: required when NODE_ENV is production (users write to it; ${DEFAULT_CONTACT_EMAIL} is a placeholder)`,
    ]);
  }
  if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError(['GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set']);
  }
  // A plain-http issuer exists only for the local provider of the tests.
  if (isProduction && new URL(env.GOOGLE_ISSUER_URL).protocol !== 'https:') {
    throw new ConfigError(['GOOGLE_ISSUER_URL: must be https when NODE_ENV is production']);
  }
  const publicUrl = new URL(env.PUBLIC_URL);
  if (publicUrl.pathname !== '/' || publicUrl.search || publicUrl.hash) {
    throw new ConfigError([
      'PUBLIC_URL: must be an origin without a path, e.g. https://themis.example',
    ]);
  }
  const s3 = s3ConfigOf(env);
  const keys = stripeConfigOf(env);
  const payments = paymentModeOf(env.PAYMENTS, keys !== undefined, isProduction);
  const stripe = payments === 'stripe' ? keys : undefined;
  const invoice = invoiceSellerOf(env, { isProduction, payments });
  if (invoice.problems.length > 0) throw new ConfigError(invoice.problems);
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    s3,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `Themis <no-reply@${publicUrl.hostname}>`,
    contactEmail: env.CONTACT_EMAIL ?? DEFAULT_CONTACT_EMAIL,
    appSecret: env.APP_SECRET,
    googleClientId: env.GOOGLE_CLIENT_ID,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET,
    googleIssuerUrl: env.GOOGLE_ISSUER_URL,
    sentryDsn: env.SENTRY_DSN,
    environment: env.ENVIRONMENT,
    stripePublishableKey: stripe?.publishableKey,
    stripe,
    payments,
    invoiceSeller: invoice.seller,
    openaiApiKey: env.OPENAI_API_KEY,
    openaiBaseUrl: env.OPENAI_BASE_URL,
    anthropicApiKey: env.ANTHROPIC_API_KEY,
    anthropicBaseUrl: env.ANTHROPIC_BASE_URL,
    ollamaBaseUrl: env.OLLAMA_BASE_URL,
    models: env.MODELS,
    legalSources: {
      mode: env.LEGAL_SOURCES,
      eliUrl: env.LEGAL_ELI_URL.replace(/\/+$/, ''),
      saosUrl: env.LEGAL_SAOS_URL.replace(/\/+$/, ''),
    },
    logLevel: env.LOG_LEVEL,
    registerLimitPerHour: env.REGISTER_LIMIT_PER_HOUR,
    codeChecksPerIp: env.CODE_CHECKS_PER_IP,
    trustProxy: env.TRUST_PROXY ?? false,
    metricsToken: env.METRICS_TOKEN,
    raw: env,
  };
}
