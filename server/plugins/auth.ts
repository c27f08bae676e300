import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AuthMessages } from '../../domain/contracts/auth';

/** The cookie in which the client keeps the primary token (infrastructure/storage/cookies.ts). */
export const TOKEN_COOKIE = 'token';
import { ApiError } from '../http/apiError';
import { bearerToken } from '../http/bearer';
import type { AuthContext } from '../services/auth/context';
import type { SessionGate } from '../services/auth/gate';
import type { ActiveSession } from '../services/auth/sessions';

export type { AuthContext } from '../services/auth/context';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** The sign-in rules (services/auth/gate.ts), composed with the other services in server/decorations.ts. */
    readonly sessionGate: SessionGate;
  }
}

/** Called once on the root instance, so that every request has `request.auth` (null until authenticated). */
export const decorateAuth = (app: FastifyInstance): void => {
  app.decorateRequest('auth', null);
};

export interface AuthOptions {
  /**
   * Also let in a session issued with an expired password. Only the password change, the
   * session check (and sign-out, which needs no session) allow it; everything else answers
   * 403 'Your password has been expired, please change it now!'.
   */
  readonly allowRestricted?: boolean;
  /**
   * Also accept the client's `token` cookie when no bearer header is sent. Only for read-only
   * image routes: an <img> cannot send a header, and the cookie is first-party and SameSite=Lax.
   */
  readonly allowCookie?: boolean;
  /**
   * Also let in an administrator whose package ended (not one suspended by the operator):
   * only the session check and the package routes, so the administrator
   * lands on the Upgrade account page; every other route answers the 403 'no active package'.
   */
  readonly allowEndedPackage?: boolean;
}

const lookups = new WeakMap<FastifyRequest, Map<string, Promise<ActiveSession | undefined>>>();

/**
 * The live session of a token for this request, looked up once: the rate limiter reads it to
 * key a signed-in caller by session, and the auth preHandler then reuses the same answer.
 */
export const activeSessionOf = (app: FastifyInstance, request: FastifyRequest, token: string): Promise<ActiveSession | undefined> => {
  const byToken = lookups.get(request) ?? new Map<string, Promise<ActiveSession | undefined>>();
  lookups.set(request, byToken);
  const known = byToken.get(token);
  if (known !== undefined) return known;
  const lookup = app.sessionGate.find(token);
  byToken.set(token, lookup);
  return lookup;
};

/**
 * The preHandler that requires a live session: the bearer token must be known, not revoked
 * and used within the last 30 minutes, its user active. Otherwise 401 'Session expired!
 * Please log in first.' An organisation whose package ended answers 403.
 */
export const authenticate =
  (options: AuthOptions = {}): preHandlerAsyncHookHandler =>
  async function authenticateRequest(this: FastifyInstance, request: FastifyRequest) {
    const token = bearerToken(request.headers.authorization) ?? (options.allowCookie ? request.cookies[TOKEN_COOKIE] : undefined);
    const active = token === undefined ? undefined : await activeSessionOf(this, request, token);
    if (active === undefined) throw new ApiError(401, AuthMessages.sessionExpired);
    const refusal = this.sessionGate.refusalOf(active, options);
    if (refusal !== undefined) throw new ApiError(403, AuthMessages[refusal]);
    request.auth = { ...active, viewAsGroupId: active.session.kind === 'secondary' ? active.session.view_as_group_id : null };
  };

/**
 * The one way to put routes behind sign-in: wrap their plugin. Every route registered inside
 * runs the auth preHandler first, and its handler can read the caller with `authOf(request)`.
 *
 *   await app.register(authenticated(async (scope) => { registerEndpoint(scope, someEndpoint, ...) }));
 */
export const authenticated =
  (routes: FastifyPluginAsync, options: AuthOptions = {}): FastifyPluginAsync =>
  async (app, pluginOptions) => {
    app.addHook('preHandler', authenticate(options));
    await routes(app, pluginOptions);
  };

/** The caller of an authenticated route (throws 401 if the route was not put behind `authenticated`). */
export const authOf = (request: FastifyRequest): AuthContext => {
  if (request.auth === null) throw new ApiError(401, AuthMessages.sessionExpired);
  return request.auth;
};
