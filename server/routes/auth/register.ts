import type { FastifyInstance } from 'fastify';
import { AuthMessages, checkEmailExistence, headRegister } from '../../../domain/contracts/auth';
import { localeHeader } from '../../http/locale';
import { registerEndpoint } from '../../http/route';
import { invalidData } from '../../services/errors';
import { isAcceptableEmail } from '../../services/auth/fields';
import { findUserByEmail } from '../../services/auth/users';
import { registerOrganization } from '../../services/organization/registration';

/** POST /head-register and GET /check-email-existence. */
export const registerRoutes = (app: FastifyInstance): void => {
  registerEndpoint(app, headRegister, async ({ body, request }) => {
    const registered = await registerOrganization(app.db, { form: body, config: app.config, address: request.ip, locale: localeHeader(request) });
    await app.mailer.send(registered.welcome);
    return { email: registered.email };
  });

  // Tighter than the global limit: this call tells whether an address has an account.
  registerEndpoint(
    app,
    checkEmailExistence,
    async ({ query }) => {
      if (!isAcceptableEmail(query.email)) throw invalidData({ email: [AuthMessages.invalidEmail] });
      return { exists: (await findUserByEmail(app.db, query.email)) !== undefined };
    },
    { config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
  );
};
