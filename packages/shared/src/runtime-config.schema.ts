import { z } from 'zod';
import { PAYMENT_MODES } from './billing';
import { LEGAL_SOURCE_MODES } from './legal-sources';
import type { RuntimeConfig } from './runtime-config';

export const ZRuntimeConfig = z
  .object({
    apiHost: z.string(),
    apiPath: z.string(),
    wsHost: z.string(),
    wsPath: z.string(),
    appHost: z.string(),
    protocol: z.enum(['http', 'https']),
    wsProtocol: z.enum(['ws', 'wss']),
    googleLoginUrl: z.string(),
    logoutUrl: z.string(),
    tokenRefreshUrl: z.string(),
    sentryDsn: z.string(),
    environment: z.string(),
    stripePublishableKey: z.string(),
    payments: z.enum(PAYMENT_MODES),
    contactEmail: z.string(),
    legalSources: z.enum(LEGAL_SOURCE_MODES),
  })
  .meta({ id: 'RuntimeConfig' }) satisfies z.ZodType<RuntimeConfig>;
