import type { FastifyInstance } from 'fastify';
import { AuthMessages, changePassword, checkResetPasswordToken, resetPasswordRequest } from '../../../domain/contracts/auth';
import { localeHeader } from '../../http/locale';
import { envelopeReply, registerEndpoint } from '../../http/route';
import { requestPasswordReset, resetLinkEmail, resetPassword } from '../../services/auth/passwordReset';

/** POST /reset-password-request, /check-reset-password-token and /change-password (services/auth/passwordReset.ts). */
export const resetRoutes = (app: FastifyInstance): void => {
  // The same answer whether or not an account exists.
  registerEndpoint(
    app,
    resetPasswordRequest,
    async ({ body, request }) => {
      const { mail, failure } = await requestPasswordReset(app.db, { email: body.email, appUrl: app.config.appUrl, address: request.ip, locale: localeHeader(request) });
      // Sent in the background: waiting for SMTP would make the answer for an existing
      // account measurably slower than for an unknown one.
      if (mail !== undefined) void app.mailer.send(mail).catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
      // A failure must not make the answer differ from the one for an unknown email.
      if (failure !== undefined) request.log.error({ err: failure }, 'password reset request failed');
      return envelopeReply({ data: null, message: AuthMessages.resetRequested });
    },
    { config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
  );

  registerEndpoint(app, checkResetPasswordToken, async ({ body }) => ({ email: await resetLinkEmail(app.db, body.token) }));

  registerEndpoint(app, changePassword, async ({ body, request }) => {
    await resetPassword(app.db, app.config, { token: body.token, password: body.password, passwordConfirmation: body.password_confirmation, address: request.ip });
    return null;
  });
};
