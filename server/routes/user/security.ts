import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthMessages, getTwoFactorToken, sendTwoFactorCode, toggleTwoFactor, updatePassword, updatePassword2fa } from '../../../domain/contracts/auth';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { fieldFailure } from '../../services/errors';
import { type AccountHolder, changeOwnPassword, sendSecurityCode, startAuthenticatorSetup, toggleSecondFactor } from '../../services/auth/security';

const holderOf = (request: FastifyRequest): AccountHolder => ({ user: authOf(request).user, address: request.ip });

/** /user/update-password(-2fa) and the 2FA set-up: get-token, send-2fa-code, toggle-2fa (services/auth/security.ts). */
export const securityRoutes = async (app: FastifyInstance): Promise<void> => {
  // Also for a session issued with an expired password: changing it is what that session is for.
  await app.register(
    authenticated(
      async (scope) => {
        registerEndpoint(scope, updatePassword, async ({ body, request }) => {
          if (authOf(request).user.two_factor !== 'off') throw fieldFailure(AuthMessages.twoFactorCodeRequired, 'code');
          return changeOwnPassword(app.db, app.config, holderOf(request), body);
        });

        registerEndpoint(scope, updatePassword2fa, async ({ body, request }) => changeOwnPassword(app.db, app.config, holderOf(request), body));

        registerEndpoint(scope, sendTwoFactorCode, async ({ request }) => sendSecurityCode(app.db, app.mailer, holderOf(request)), {
          config: { rateLimit: { max: 10, timeWindow: 60_000 } },
        });
      },
      { allowRestricted: true },
    ),
  );

  await app.register(
    authenticated(async (scope) => {
      registerEndpoint(scope, getTwoFactorToken, async ({ request }) => startAuthenticatorSetup(app.db, holderOf(request)));

      registerEndpoint(scope, toggleTwoFactor, async ({ body, request }) => toggleSecondFactor(app.db, app.config, holderOf(request), body));
    }),
  );
};
