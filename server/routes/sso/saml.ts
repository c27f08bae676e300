import type {} from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { getSamlServiceProviderMetadata, getSamlSettings, SAML_ACS_PATH, samlLogin, saveSamlSettings } from '../../../domain/contracts/sso';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { completeSamlSignIn, consumeSamlResponse } from '../../services/sso/samlSignIn';
import { readSamlSettings, serviceProviderMetadata, writeSamlSettings } from '../../services/sso/samlSettings';

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
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: MAX_FORM_BYTES }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
    scope.post(SAML_ACS_PATH, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
      const location = await consumeSamlResponse(app.db, app.config, {
        samlResponse: text(form.SAMLResponse),
        relayState: text(form.RelayState),
        address: request.ip,
      });
      return reply.code(303).header('location', location).header('cache-control', 'no-store').send();
    });
  });

  registerEndpoint(app, samlLogin, async ({ body, request }) =>
    completeSamlSignIn(app.db, app.config, { relayState: body.relay_state, browser: browserValue(request), address: request.ip }),
  );

  await app.register(
    authenticated(async (scope) => {
      registerEndpoint(scope, getSamlSettings, async ({ request }) => readSamlSettings(app.db, app.config, authOf(request)));
      registerEndpoint(scope, saveSamlSettings, async ({ body, request }) => writeSamlSettings(app.db, app.config, authOf(request), body, request.ip));
      registerEndpoint(scope, getSamlServiceProviderMetadata, async ({ request }) => serviceProviderMetadata(app.config, authOf(request)));
    }),
  );
};
