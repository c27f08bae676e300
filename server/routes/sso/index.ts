import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AuthMessages } from '../../../domain/contracts/auth';
import { Messages } from '../../../domain/contracts/envelope';
import { ServerMessages } from '../../../domain/contracts/errors';
import { SsoMessages, ssoLogin, ssoStart } from '../../../domain/contracts/sso';
import { ApiError } from '../../http/apiError';
import { registerEndpoint } from '../../http/route';
import { audit } from '../../services/auth/audit';
import { completeSignIn } from '../../services/auth/signIn';
import { randomToken } from '../../services/auth/tokens';
import { findActiveUserByEmail } from '../../services/auth/users';
import {
  type AmazonConfig,
  amazonRedirectUri,
  authorizationUrl,
  fetchAmazonProfile,
  pkceChallenge,
  SsoProviderError,
} from '../../services/sso/amazon';
import { saveSsoState, ssoStateTtlMinutes, takeSsoState } from '../../services/sso/states';
import { assertSignInAllowedBesideSso } from '../../services/sso/ssoRequired';
import { oidcRoutes } from './oidc';
import { samlRoutes } from './saml';

/**
 * Ties a started sign-on to the browser that started it: without it, someone could send a
 * victim to check-token with the attacker's own code and state (login CSRF).
 */
export const ssoBrowserCookie = 'sso_browser';
const cookiePath = '/api/sso';
const tokenShape = /^[A-Za-z0-9_-]{43}$/;
const maxCodeLength = 2048;

const amazonOrRefuse = (app: FastifyInstance): AmazonConfig => {
  if (app.config.amazon === undefined) throw new ApiError(422, AuthMessages.ssoNotConfigured);
  return app.config.amazon;
};

const browserValue = (request: FastifyRequest): string | undefined => {
  const value = request.cookies?.[ssoBrowserCookie];
  return value !== undefined && tokenShape.test(value) ? value : undefined;
};

const stateInvalid = (): ApiError => new ApiError(422, AuthMessages.ssoStateInvalid);

/**
 * Login with Amazon: authorization code flow with state and PKCE S256.
 * POST /api/sso/amazon/start → { url } of the provider; POST /api/sso/amazon/login with the
 * code and state the provider returned → the LoginResult of POST /login.
 */
export const ssoRoutes: FastifyPluginAsync = async (app) => {
  await app.register(oidcRoutes);
  await app.register(samlRoutes);

  registerEndpoint(app, ssoStart, async ({ request, reply }) => {
    const amazon = amazonOrRefuse(app);
    // Kept across starts so that two tabs signing in at once both work.
    const browser = browserValue(request) ?? randomToken();
    const state = randomToken();
    const codeVerifier = randomToken();
    await saveSsoState(app.db, { provider: 'amazon', state, browser, codeVerifier });
    reply.setCookie(ssoBrowserCookie, browser, {
      path: cookiePath,
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.production,
      maxAge: ssoStateTtlMinutes * 60,
      ...(app.config.cookieDomain === undefined ? {} : { domain: app.config.cookieDomain }),
    });
    return {
      url: authorizationUrl(amazon, { redirectUri: amazonRedirectUri(app.config.appUrl), state, codeChallenge: pkceChallenge(codeVerifier) }),
    };
  });

  registerEndpoint(app, ssoLogin, async ({ body, request }) => {
    const amazon = amazonOrRefuse(app);
    if (body.code === '' || body.code.length > maxCodeLength) {
      throw new ApiError(422, Messages.invalidData, { code: [ServerMessages.fieldInvalid('code')] });
    }
    const browser = browserValue(request);
    if (!tokenShape.test(body.state) || browser === undefined) throw stateInvalid();
    const codeVerifier = await takeSsoState(app.db, { provider: 'amazon', state: body.state, browser });
    if (codeVerifier === undefined) throw stateInvalid();

    let profile;
    try {
      profile = await fetchAmazonProfile(amazon, { code: body.code, redirectUri: amazonRedirectUri(app.config.appUrl), codeVerifier });
    } catch (error) {
      if (!(error instanceof SsoProviderError)) throw error;
      request.log.warn({ provider: 'amazon', detail: error.detail }, 'single sign-on failed at the provider');
      if (error.kind === 'refused') throw new ApiError(422, SsoMessages.providerRefused);
      throw new ApiError(502, SsoMessages.providerUnavailable);
    }

    const user = await findActiveUserByEmail(app.db, profile.email);
    if (user === undefined) {
      await audit(app.db, {
        organizationId: null,
        actor: profile.email,
        action: 'auth.sign_in_failed',
        address: request.ip,
        details: { method: 'sso', reason: 'no_account' },
      });
      throw new ApiError(422, AuthMessages.ssoNoAccount);
    }
    await assertSignInAllowedBesideSso(app.db, user, { method: 'amazon', address: request.ip });
    return completeSignIn(app.db, app.config, { user, method: 'sso', address: request.ip });
  });
};
