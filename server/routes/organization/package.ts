import type { FastifyPluginAsync } from 'fastify';
import { getPackage, PackageMessages, requestPackage } from '../../../domain/contracts/packages';
import { PACKAGE_ROLES } from '../../../domain/packages/rules';
import { ApiError } from '../../http/apiError';
import { registerEndpoint } from '../../http/route';
import { type AuthContext, authenticated, authOf } from '../../plugins/auth';
import { audit } from '../../services/auth/audit';
import { fieldFailure } from '../../services/errors';
import { packageUsage, sendPackageRequest } from '../../services/packages';

const administrator = (auth: AuthContext): AuthContext => {
  if (!PACKAGE_ROLES.includes(auth.user.role)) throw new ApiError(403, PackageMessages.onlyAdministrators);
  return auth;
};

/**
 * The Upgrade account page's calls. Open to the administrators of a package that ended too
 * (allowEndedPackage), so a 403 'no active package' can land them on the page that explains it.
 */
export const packageRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    authenticated(
      async (scope) => {
        registerEndpoint(scope, getPackage, async ({ request }) => {
          const { organization } = administrator(authOf(request));
          const contact = app.config.operatorEmail;
          return packageUsage(app.db, organization, { now: new Date(), canRequest: contact !== undefined, ...(contact === undefined ? {} : { contactEmail: contact }) });
        });

        registerEndpoint(
          scope,
          requestPackage,
          async ({ body, request }) => {
            const { organization, user } = administrator(authOf(request));
            if (body.seats === null && body.months === null && body.message.trim() === '') throw fieldFailure(PackageMessages.emptyRequest, 'message');
            const to = app.config.operatorEmail;
            if (to === undefined) throw new ApiError(409, PackageMessages.requestsUnavailable);
            const usage = await packageUsage(app.db, organization, { now: new Date(), canRequest: true });
            await sendPackageRequest(app.mailer, { to, locale: app.config.operatorLocale }, { organization, from: user, body, usage });
            await audit(app.db, {
              organizationId: organization.id,
              actor: user.id,
              action: 'package.requested',
              address: request.ip,
              details: { seats: body.seats, months: body.months },
            });
            return { sent: true };
          },
          // A request is an email to a person: a handful an hour is plenty.
          { config: { rateLimit: { max: 5, timeWindow: 3_600_000 } } },
        );
      },
      { allowEndedPackage: true },
    ),
  );
};
