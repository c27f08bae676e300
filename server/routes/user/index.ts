import type { FastifyPluginAsync } from 'fastify';
import { getPermissions, getUserSetting, saveUserSetting, updateUser } from '../../../domain/contracts/auth';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { saveOwnSetting, updateOwnProfile } from '../../services/auth/account';
import { permissionsFor } from '../../services/auth/permissions';
import { userSetting } from '../../services/auth/users';
import { securityRoutes } from './security';

/** The signed-in user's own account: permissions, banner settings, profile, password and 2FA. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    authenticated(async (scope) => {
      registerEndpoint(scope, getPermissions, async ({ request }) => permissionsFor(authOf(request).user.role));

      registerEndpoint(scope, getUserSetting, async ({ request }) => userSetting(authOf(request).user.settings));

      registerEndpoint(scope, saveUserSetting, async ({ body, request }) => saveOwnSetting(app.db, authOf(request).user, body));

      registerEndpoint(scope, updateUser, async ({ body, request }) =>
        updateOwnProfile(app.db, { user: authOf(request).user, address: request.ip, firstName: body.first_name, lastName: body.last_name, localeId: body.locale_id }),
      );
    }),
  );

  await securityRoutes(app);
};
