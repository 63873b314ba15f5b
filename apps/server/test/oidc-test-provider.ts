import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcContext } from 'oidc-provider';

export interface OidcTestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcTestAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface OidcTestProvider {
  /** e.g. http://127.0.0.1:40123, the value for GOOGLE_ISSUER_URL. */
  issuer: string;
  /** Every token the token endpoint handed out, to check that none reaches a log. */
  issuedTokens: string[];
  setAccount(sub: string, account: OidcTestAccount): void;
  close(): Promise<void>;
}

const SCOPE = 'openid email profile';

/**
 * A local OpenID provider standing in for Google: its development login form accepts any
 * password for an account id given as the login, consent is granted at once, PKCE is
 * required, and the ID token carries the e-mail and name claims as Google's does.
 */
export async function startOidcTestProvider(options: {
  port?: number;
  clients: OidcTestClient[];
  accounts: Record<string, OidcTestAccount>;
}): Promise<OidcTestProvider> {
  const accounts = new Map(Object.entries(options.accounts));
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      ...client,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), kid: 'test', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    // Google puts the claims in the ID token of the code flow too.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...accounts.get(sub) }) };
    },
    async loadExistingGrant(ctx: OidcContext) {
      const { client, session, result } = ctx.oidc ?? {};
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPE);
      await grant.save();
      return grant;
    },
  });
  const issuedTokens: string[] = [];
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== 'token' || typeof ctx.body !== 'object' || !ctx.body) return;
    const body = ctx.body as Record<string, unknown>;
    for (const name of ['access_token', 'id_token', 'refresh_token']) {
      if (typeof body[name] === 'string') issuedTokens.push(body[name]);
    }
  });
  server.on('request', provider.callback());

  return {
    issuer,
    issuedTokens,
    setAccount: (sub, account) => accounts.set(sub, account),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A browser at the provider: follows its redirects with its own cookies, fills in the
 * development login form (or cancels there), and stops at the redirect back to the client.
 */
export class OidcTestBrowser {
  private readonly cookies = new Map<string, string>();

  private async fetch(url: URL, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: [...this.cookies].map((c) => c.join('=')).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const [name = '', value = ''] = pair.trim().split(/=(.*)/s);
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Returns the URL the provider sends the browser back to (the client's callback). */
  async authorize(
    authorizationUrl: string,
    action: { login: string } | { cancel: true },
  ): Promise<URL> {
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    for (let step = 0; step < 10; step++) {
      const response = await this.fetch(url, init);
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (next.origin !== url.origin) return next;
        url = next;
        init = {};
        continue;
      }
      const page = await response.text();
      if (response.status !== 200 || !page.includes('name="login"')) {
        throw new Error(`provider answered ${response.status}: ${page.slice(0, 500)}`);
      }
      if ('cancel' in action) {
        url = new URL(`${url.pathname}/abort`, url);
      } else {
        init = {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login: action.login, password: 'any' }),
        };
      }
    }
    throw new Error('the provider never sent the browser back');
  }
}
