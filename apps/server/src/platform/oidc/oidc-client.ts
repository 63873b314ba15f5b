import * as oidc from 'openid-client';

/** What the callback must match: kept by the browser between the redirect and the callback. */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The person the provider signed in, from its ID token. */
export interface OidcIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
}

/**
 * `unavailable`: the provider could not be reached; `refused`: it answered, but the sign-in
 * does not hold (state, code, nonce or token). Messages never carry the values themselves.
 */
export class OidcError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'refused',
    message: string,
  ) {
    super(message);
    this.name = 'OidcError';
  }
}

export interface OidcClient {
  /** The provider's authorization URL (code flow, PKCE S256) and the checks to keep. */
  startAuthorization(): Promise<{ url: URL; checks: OidcChecks }>;
  /** Exchanges the code the callback URL carries and verifies the ID token. */
  finishAuthorization(options: { callbackUrl: URL; checks: OidcChecks }): Promise<OidcIdentity>;
}

const TIMEOUT_S = 10;

function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'TimeoutError' ||
    error.name === 'AbortError' ||
    (error instanceof TypeError && error.message === 'fetch failed')
  );
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code =
    (error as { code?: unknown; error?: unknown }).error ?? (error as { code?: unknown }).code;
  return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * An OpenID Connect relying party. The issuer is discovered on first use, so the server
 * starts while the provider is unreachable; a failed discovery is tried again next time.
 */
export function createOidcClient(options: {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope: string;
}): OidcClient {
  const issuer = new URL(options.issuerUrl);
  // Plain http is for the local provider of the tests; production refuses it in the config.
  const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(issuer, options.clientId, undefined, oidc.ClientSecretPost(options.clientSecret), {
        execute,
        timeout: TIMEOUT_S,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw new OidcError('unavailable', `discovery failed: ${describe(error)}`);
      });
    return discovered;
  };

  return {
    async startAuthorization() {
      const config = await configuration();
      const checks: OidcChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: options.scope,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, checks };
    },

    async finishAuthorization({ callbackUrl, checks }) {
      const config = await configuration();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new OidcError(
          isNetworkFailure(error) ? 'unavailable' : 'refused',
          `authorization not completed: ${describe(error)}`,
        );
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcError('refused', 'no ID token');
      return {
        subject: claims.sub,
        email: text(claims.email),
        emailVerified: claims.email_verified === true,
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
      };
    },
  };
}
