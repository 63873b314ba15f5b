import { TEST_ORIGIN } from './app';
import { startOidcTestProvider, type OidcTestClient } from './oidc-test-provider';

/** The app as registered at the test provider standing in for Google. */
export const GOOGLE_CLIENT: OidcTestClient = {
  client_id: 'themis-test',
  client_secret: 'test-client-secret',
  redirect_uris: [`${TEST_ORIGIN}/api/auth/callback/google`],
};

/** The app's settings for signing in with Google at the provider at `issuer`. */
export const googleEnv = (issuer: string) => ({
  GOOGLE_CLIENT_ID: GOOGLE_CLIENT.client_id,
  GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.client_secret,
  GOOGLE_ISSUER_URL: issuer,
});

/** A provider standing in for Google that knows the app and no accounts yet. */
export const startGoogleProvider = (port?: number) =>
  startOidcTestProvider({ port, clients: [GOOGLE_CLIENT], accounts: {} });
