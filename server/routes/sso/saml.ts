import type {} from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  getSamlServiceProviderMetadata, getSamlSettings, SAML_ACS_PATH, SAML_SLO_PATH, SamlMessages, samlLogin, saveSamlSettings, SSO_LOGGED_OUT_PATH,
} from '../../../domain/contracts/sso';
import { statusOfDomainError } from '../../http/errorHandler';
import { registerEndpoint } from '../../http/route';
import { wantsHtml } from '../../http/smallPage';
import { authenticated, authOf } from '../../plugins/auth';
import { DomainError } from '../../services/errors';
import { answerIdentityProviderLogout } from '../../services/sso/identityProviderLogout';
import { completeSamlSignIn, consumeSamlResponse } from '../../services/sso/samlSignIn';
import { readSamlSettings, serviceProviderMetadata, writeSamlSettings } from '../../services/sso/samlSettings';
import { sendLogoutRefusedPage } from './logoutRefusedPage';

/** The browser-binding cookie set by POST /api/sso/oidc/start (./oidc.ts), which also starts SAML sign-ins. */
const browserCookie = 'sso_browser';
const tokenShape = /^[A-Za-z0-9_-]{43}$/;
/** A signed response is a few kilobytes; base64 and form encoding add about half. */
const MAX_FORM_BYTES = 1_000_000;

const browserValue = (request: FastifyRequest): string | undefined => {
  const value = request.cookies?.[browserCookie];
  return value !== undefined && tokenShape.test(value) ? value : undefined;
};

/**
 * SAML 2.0 sign-in (started by POST /api/sso/oidc/start when the organisation chose SAML):
 * POST /api/sso/saml/acs (HTTP-POST binding, form-encoded, from the identity provider) → 303
 * to the client page /sso/saml/callback, which posts the RelayState to /api/sso/saml/login.
 * The administrator's settings: GET/POST /api/organization/sso/saml and the SP metadata.
 */
export const samlRoutes: FastifyPluginAsync = async (app) => {
  // The single logout service (HTTP-Redirect, or HTTP-POST as our metadata names). The identity
  // provider's LogoutResponse after a logout we started: our session was revoked before the
  // browser went there, so the answer is only where to land. A LogoutRequest the identity
  // provider started: ends the named session once its signature verifies, and answers our
  // LogoutResponse (services/sso/identityProviderLogout.ts).
  const landing = (reply: FastifyReply, location: string) => reply.code(303).header('location', location).header('cache-control', 'no-store').send();
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  const fields = (values: unknown, names: readonly string[]) =>
    Object.fromEntries(names.map((name) => [name, text((values as Record<string, unknown> | undefined)?.[name])]));
  const logoutService = (binding: 'redirect' | 'post') => async (request: FastifyRequest, reply: FastifyReply) => {
    const values = binding === 'redirect' ? request.query : request.body;
    const message = fields(values, ['SAMLRequest', 'RelayState', 'Signature', 'SigAlg']);
    if (message.SAMLRequest === undefined) return landing(reply, SSO_LOGGED_OUT_PATH);
    try {
      const location = await answerIdentityProviderLogout(
        app.db,
        app.config,
        binding === 'redirect'
          ? { binding, rawQuery: request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '', query: message, address: request.ip }
          : { binding, form: message, address: request.ip },
      );
      return landing(reply, location);
    } catch (error) {
      // The identity provider sent the person's browser here: it gets a page, any other caller the JSON envelope.
      if (error instanceof DomainError && error.message === SamlMessages.logoutRefused && wantsHtml(request)) return sendLogoutRefusedPage(request, reply, statusOfDomainError(error));
      throw error;
    }
  };
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: MAX_FORM_BYTES }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
    scope.post(SAML_ACS_PATH, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const location = await consumeSamlResponse(app.db, app.config, {
        samlResponse: text(form.SAMLResponse),
        relayState: text(form.RelayState),
        address: request.ip,
      });
      return reply.code(303).header('location', location).header('cache-control', 'no-store').send();
    });
    scope.post(SAML_SLO_PATH, logoutService('post'));
  });

  app.get(SAML_SLO_PATH, logoutService('redirect'));

  registerEndpoint(app, samlLogin, async ({ body, request }) =>
    completeSamlSignIn(app.db, app.config, { relayState: body.relay_state, browser: browserValue(request), address: request.ip }),
  );

  await app.register(
    authenticated(async (scope) => {
      registerEndpoint(scope, getSamlSettings, async ({ request }) => readSamlSettings(app.db, app.config, authOf(request)));
      registerEndpoint(scope, saveSamlSettings, async ({ body, request }) => writeSamlSettings(app.db, app.config, authOf(request), body, request.ip));
      registerEndpoint(scope, getSamlServiceProviderMetadata, async ({ request }) => serviceProviderMetadata(app.db, app.config, authOf(request)));
    }),
  );
};
