import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT_EMAIL } from '@themis/shared';
import { ConfigError, loadConfig, secretStrengthBits } from './config';
import { SAMPLE_INVOICE_SELLER } from './config-invoice-seller';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives the embedded single-machine defaults with no variables', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 5173,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      environment: 'unknown',
      logLevel: 'info',
    });
    expect(config.publicUrl.origin).toBe('http://localhost:5173');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SENTRY_DSN: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://files.example'],
    ['DATABASE_URL', 'mysql://db.example/x'],
    ['REDIS_URL', 'http://cache'],
    ['SMTP_URL', 'mail.example:25'],
    ['MAIL_FROM', 'nobody'],
    ['APP_SECRET', 'short'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['SENTRY_DSN', 'dsn'],
    ['METRICS_TOKEN', 'too-short'],
  ])('refuses %s=%s and names the variable', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'x', LOG_LEVEL: 'y' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['LOG_LEVEL', 'PORT']);
  });

  it('demands APP_SECRET in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'APP_SECRET: required when NODE_ENV is production',
    ]);
    const random = 'q8Vn3kR0zT5wYb1Lp7Hs2Jd9Xc4Mf6Ga';
    const contact = 'pomoc@kancelaria.pl';
    const production = { NODE_ENV: 'production', APP_SECRET: random, CONTACT_EMAIL: contact };
    expect(loadConfig(production).isProduction).toBe(true);
  });

  it('takes the contact mailbox from CONTACT_EMAIL, and demands one in production', () => {
    expect(loadConfig({}).contactEmail).toBe(DEFAULT_CONTACT_EMAIL);
    expect(loadConfig({ CONTACT_EMAIL: 'pomoc@kancelaria.pl' }).contactEmail).toBe(
      'pomoc@kancelaria.pl',
    );
    expect(problemsOf({ CONTACT_EMAIL: 'not an address' })[0]).toMatch(/^CONTACT_EMAIL: /);
    const production = { NODE_ENV: 'production', APP_SECRET: 'q8Vn3kR0zT5wYb1Lp7Hs2Jd9Xc4Mf6Ga' };
    const placeholders: Record<string, string>[] = [{}, { CONTACT_EMAIL: DEFAULT_CONTACT_EMAIL }];
    for (const placeholder of placeholders) {
      expect(problemsOf({ ...production, ...placeholder })).toEqual([
        `CONTACT_EMAIL: required when NODE_ENV is production (users write to it; ${DEFAULT_CONTACT_EMAIL} is a placeholder)`,
      ]);
    }
  });

  it('takes the invoices’ seller from INVOICE_SELLER_*, with samples outside production', () => {
    expect(loadConfig({}).invoiceSeller).toEqual(SAMPLE_INVOICE_SELLER);
    const seller = {
      INVOICE_SELLER_NAME: 'Kancelaria Łąka sp. z o.o.',
      INVOICE_SELLER_ADDRESS: 'ul. Długa 5, 80-831 Gdańsk',
      INVOICE_SELLER_NIP: 'PL 526-000-12-46',
    };
    expect(loadConfig(seller).invoiceSeller).toEqual({
      name: 'Kancelaria Łąka sp. z o.o.',
      address: 'ul. Długa 5, 80-831 Gdańsk',
      nip: '5260001246',
    });
    expect(problemsOf({ INVOICE_SELLER_NIP: '5260001245' })).toEqual([
      'INVOICE_SELLER_NIP: must be a valid NIP (ten digits, the last a check digit)',
    ]);

    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'q8Vn3kR0zT5wYb1Lp7Hs2Jd9Xc4Mf6Ga',
      CONTACT_EMAIL: 'pomoc@kancelaria.pl',
      PAYMENTS: 'sandbox',
    };
    const refusal = (name: string) =>
      `${name}: required when NODE_ENV is production and payments are on (invoices name the seller; the sample value is a placeholder)`;
    expect(problemsOf(production)).toEqual([
      refusal('INVOICE_SELLER_NAME'),
      refusal('INVOICE_SELLER_ADDRESS'),
      refusal('INVOICE_SELLER_NIP'),
    ]);
    const samples = {
      INVOICE_SELLER_NAME: SAMPLE_INVOICE_SELLER.name,
      INVOICE_SELLER_ADDRESS: seller.INVOICE_SELLER_ADDRESS,
      INVOICE_SELLER_NIP: SAMPLE_INVOICE_SELLER.nip,
    };
    expect(problemsOf({ ...production, ...samples })).toEqual([
      refusal('INVOICE_SELLER_NAME'),
      refusal('INVOICE_SELLER_NIP'),
    ]);
    expect(loadConfig({ ...production, ...seller }).invoiceSeller.nip).toBe('5260001246');
    // A server that takes no payments issues no invoices.
    expect(loadConfig({ ...production, PAYMENTS: 'off' }).invoiceSeller).toEqual(
      SAMPLE_INVOICE_SELLER,
    );
  });

  it('refuses a long but predictable APP_SECRET', () => {
    for (const weak of [
      'x'.repeat(64),
      'password'.repeat(4),
      'abcabcabcabcabcabcabcabcabcabcab',
      // A word of many letters, repeated: each letter is rare, the secret is one word.
      'correct-horse-battery-staple'.repeat(2),
      'Themis-Secret-2026!'.repeat(3),
      'a1b2c3d4e5f6g7h8'.repeat(3).slice(0, 40),
    ]) {
      expect(problemsOf({ APP_SECRET: weak })[0], weak).toMatch(/^APP_SECRET: too predictable/);
    }
    expect(secretStrengthBits('q8Vn3kR0zT5wYb1Lp7Hs2Jd9Xc4Mf6Ga')).toBeGreaterThan(100);
  });

  it('wants the Google client secret with the client id, and an https issuer in production', () => {
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'client' })).toEqual([
      'GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set',
    ]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        APP_SECRET: 'q8Vn3kR0zT5wYb1Lp7Hs2Jd9Xc4Mf6Ga',
        CONTACT_EMAIL: 'pomoc@kancelaria.pl',
        GOOGLE_ISSUER_URL: 'http://127.0.0.1:5182',
      }),
    ).toEqual(['GOOGLE_ISSUER_URL: must be https when NODE_ENV is production']);
    expect(loadConfig({}).googleIssuerUrl).toBe('https://accounts.google.com');
  });

  it('takes a METRICS_TOKEN of 16 characters or more, and none by default', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'scrape-me-please-0123' }).metricsToken).toBe(
      'scrape-me-please-0123',
    );
  });

  it('takes Stripe with all three keys or none, and names the missing ones', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set',
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    ]);
    expect(
      problemsOf({ STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).toEqual(['STRIPE_SECRET_KEY: required when STRIPE_PUBLISHABLE_KEY is set']);
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig(keys).stripe).toMatchObject({
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      webhookSecret: 'whsec_x',
    });
  });

  it('checks citations in the Sejm’s and SAOS’s registers by default, elsewhere or not at all as told', () => {
    expect(loadConfig({}).legalSources).toEqual({
      mode: 'verify',
      eliUrl: 'https://api.sejm.gov.pl/eli',
      saosUrl: 'https://www.saos.org.pl/api',
    });
    expect(
      loadConfig({
        LEGAL_SOURCES: 'links',
        LEGAL_ELI_URL: 'http://127.0.0.1:9000/eli/',
        LEGAL_SAOS_URL: 'http://127.0.0.1:9000/api',
      }).legalSources,
    ).toEqual({
      mode: 'links',
      eliUrl: 'http://127.0.0.1:9000/eli',
      saosUrl: 'http://127.0.0.1:9000/api',
    });
    expect(problemsOf({ LEGAL_SOURCES: 'always' })[0]).toMatch(/^LEGAL_SOURCES/);
    expect(problemsOf({ LEGAL_ELI_URL: 'ftp://eli' })[0]).toMatch(/^LEGAL_ELI_URL/);
  });

  it('runs the sandbox by default, Stripe with its keys, and in production without keys no payments unless PAYMENTS says', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'q8Vn3kR0zT5wYb1Lp7Hs2Jd9Xc4Mf6Ga',
      CONTACT_EMAIL: 'pomoc@kancelaria.pl',
      INVOICE_SELLER_NAME: 'Kancelaria Łąka sp. z o.o.',
      INVOICE_SELLER_ADDRESS: 'ul. Długa 5, 80-831 Gdańsk',
      INVOICE_SELLER_NIP: '5260001246',
    };
    expect(loadConfig({}).payments).toBe('sandbox');
    expect(loadConfig(keys).payments).toBe('stripe');
    expect(loadConfig(production).payments).toBe('off');
    expect(loadConfig({ ...production, PAYMENTS: 'sandbox' }).payments).toBe('sandbox');
    expect(loadConfig({ ...production, ...keys }).payments).toBe('stripe');
    // The sandbox named beside Stripe's keys runs the sandbox, and Stripe is not set up.
    const sandbox = loadConfig({ ...keys, PAYMENTS: 'sandbox' });
    expect([sandbox.payments, sandbox.stripe, sandbox.stripePublishableKey]).toEqual([
      'sandbox',
      undefined,
      undefined,
    ]);
    expect(loadConfig({ PAYMENTS: 'off' }).payments).toBe('off');
    expect(problemsOf({ PAYMENTS: 'stripe' })).toEqual([
      'PAYMENTS: stripe needs STRIPE_SECRET_KEY and the other STRIPE_* keys',
    ]);
    expect(problemsOf({ PAYMENTS: 'paypal' })[0]).toMatch(/^PAYMENTS: /);
  });

  it('wants PUBLIC_URL to be an origin', () => {
    expect(problemsOf({ PUBLIC_URL: 'https://themis.example/app' })[0]).toMatch(/^PUBLIC_URL: /);
  });
});
