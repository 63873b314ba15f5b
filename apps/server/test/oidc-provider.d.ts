/** The few parts of oidc-provider (which ships no types) that the test provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantClass {
    new (options: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface OidcContext {
    body: unknown;
    oidc?: {
      route?: string;
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
    };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: GrantClass;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: OidcContext, next: () => Promise<void>) => Promise<void>): void;
  }
}
