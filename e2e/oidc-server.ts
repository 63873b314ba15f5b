import { startOidcTestProvider } from '../apps/server/test/oidc-test-provider';
import { E2E_OIDC_CLIENT, E2E_OIDC_PORT, E2E_URL } from './env';

// Run with `npx tsx e2e/oidc-server.ts`; Playwright starts it before the Themis server.
const provider = await startOidcTestProvider({
  port: E2E_OIDC_PORT,
  clients: [
    {
      client_id: E2E_OIDC_CLIENT.id,
      client_secret: E2E_OIDC_CLIENT.secret,
      redirect_uris: [`${E2E_URL}/api/auth/callback/google`],
    },
  ],
  accounts: {
    'google-new-user': {
      email: 'google.new@example.com',
      email_verified: true,
      given_name: 'Gina',
      family_name: 'Google',
    },
    'google-link': { email: 'google.link@example.com', email_verified: true },
    'google-unverified': { email: 'google.unverified@example.com', email_verified: false },
  },
});
process.stdout.write(`OpenID provider ready at ${provider.issuer}\n`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void provider.close().then(() => process.exit(0));
  });
}
