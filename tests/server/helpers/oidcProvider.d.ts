/**
 * The few parts of oidc-provider (which ships no types) that tests/server/ssoOidc.test.ts uses
 * to run a real OpenID Connect provider on loopback.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface InteractionDetails {
    readonly uid: string;
    readonly params: Readonly<Record<string, unknown>>;
  }

  interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(request: IncomingMessage, response: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    readonly Grant: new (properties: { accountId: string; clientId: string }) => GrantInstance;
  }
}
