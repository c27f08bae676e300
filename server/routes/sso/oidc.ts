import type {} from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  addSsoDomain,
  getOidcSettings,
  getSsoGroupMappings,
  oidcLogin,
  oidcStart,
  saveOidcSettings,
  saveSsoGroupMappings,
  ssoLogout,
  verifySsoDomain,
} from '../../../domain/contracts/sso';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { randomToken } from '../../services/auth/tokens';
import { claimSsoDomain, readOidcSettings, verifyClaimedDomain, writeOidcSettings } from '../../services/sso/oidcSettings';
import { readGroupMappings, writeGroupMappings } from '../../services/sso/groupMappings';
import { signOutWithProvider } from '../../services/sso/singleLogout';
import { bearerToken } from '../../http/bearer';
import { completeOidcSignIn, oidcStateTtlMinutes, startOidcSignIn } from '../../services/sso/oidcSignIn';

/** The same browser-binding cookie as Login with Amazon (./index.ts): a started sign-in only completes in the browser that started it. */
const browserCookie = 'sso_browser';
const cookiePath = '/api/sso';
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

const browserValue = (request: FastifyRequest): string | undefined => {
  const value = request.cookies?.[browserCookie];
  return value !== undefined && tokenShape.test(value) ? value : undefined;
};

/**
 * Single sign-on with the organisation's own OpenID Connect provider:
 * POST /api/sso/oidc/start (work email) → { url } of the provider; the provider returns to the
 * client page /sso/oidc/callback, which posts code, state and iss to POST /api/sso/oidc/login.
 * The administrator's settings: GET/POST /api/organization/sso, the domain endpoints, and the
 * group claim mappings (GET/POST /api/organization/sso/groups, for either provider kind).
 */
export const oidcRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, oidcStart, async ({ body, request, reply }) => {
    const browser = browserValue(request) ?? randomToken();
    const url = await startOidcSignIn(app.db, app.config, { email: body.email, returnTo: body.return_to, browser, address: request.ip });
    reply.setCookie(browserCookie, browser, {
      path: cookiePath,
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.production,
      maxAge: oidcStateTtlMinutes * 60,
      ...(app.config.cookieDomain === undefined ? {} : { domain: app.config.cookieDomain }),
    });
    return { url };
  });

  registerEndpoint(app, oidcLogin, async ({ body, request }) =>
    completeOidcSignIn(app.db, app.config, { code: body.code, state: body.state, iss: body.iss, browser: browserValue(request), address: request.ip }),
  );

  // Like /logout, never fails: our session is revoked first, and a provider that cannot be
  // reached only means the browser is not sent to its logout.
  registerEndpoint(app, ssoLogout, async ({ request }) => {
    try {
      const url = await signOutWithProvider(app.db, app.config, bearerToken(request.headers.authorization), request.ip, (detail) =>
        request.log.warn({ detail }, 'single logout at the provider could not be prepared'),
      );
      return { url };
    } catch (error) {
      request.log.error({ err: error }, 'logout could not revoke the session');
      return { url: null };
    }
  });

  await app.register(
    authenticated(async (scope) => {
      registerEndpoint(scope, getOidcSettings, async ({ request }) => readOidcSettings(app.db, app.config, authOf(request)));
      registerEndpoint(scope, saveOidcSettings, async ({ body, request }) => writeOidcSettings(app.db, app.config, authOf(request), body, request.ip));
      registerEndpoint(scope, addSsoDomain, async ({ body, request }) => claimSsoDomain(app.db, app.mailer, authOf(request), body, request.ip));
      registerEndpoint(scope, verifySsoDomain, async ({ body, request }) => verifyClaimedDomain(app.db, authOf(request), body, request.ip));
      registerEndpoint(scope, getSsoGroupMappings, async ({ request }) => readGroupMappings(app.db, authOf(request)));
      registerEndpoint(scope, saveSsoGroupMappings, async ({ body, request }) => writeGroupMappings(app.db, authOf(request), body, request.ip));
    }),
  );
};
