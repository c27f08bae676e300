import type { FastifyPluginAsync } from 'fastify';
import { getPermissions, getUserSetting, saveUserSetting, updateUser } from '../../../domain/contracts/auth';
import { ServerMessages } from '../../../domain/contracts/errors';
import { BANNER_PANELS } from '../../../domain/navigation/menu';
import { toJson, type JsonValue } from '../../db/database';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { audit } from '../../services/auth/audit';
import { type FieldErrors, invalidData } from '../../services/auth/errors';
import { permissionsFor } from '../../services/auth/permissions';
import { toUser, userSetting } from '../../services/auth/users';
import { textFieldErrors } from '../../services/auth/fields';
import { securityRoutes } from './security';

const panels: readonly string[] = BANNER_PANELS;

const storedObject = (value: JsonValue): Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};

/** The signed-in user's own account: permissions, banner settings, profile, password and 2FA. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    authenticated(async (scope) => {
      registerEndpoint(scope, getPermissions, async ({ request }) => permissionsFor(authOf(request).user.role));

      registerEndpoint(scope, getUserSetting, async ({ request }) => userSetting(authOf(request).user.settings));

      registerEndpoint(scope, saveUserSetting, async ({ body, request }) => {
        const { user } = authOf(request);
        const errors: FieldErrors = {};
        for (const panel of Object.keys(body.banners)) {
          if (!panels.includes(panel)) errors[`banners.${panel}`] = [ServerMessages.fieldInvalid(`banners.${panel}`)];
        }
        if (Object.keys(errors).length > 0) throw invalidData(errors);
        const stored = storedObject(user.settings);
        const banners = { ...userSetting(user.settings).banners, ...body.banners };
        const settings: JsonValue = { ...stored, banners, ...(body.slide_show === undefined ? {} : { slide_show: body.slide_show }) };
        await app.db
          .updateTable('users')
          .set({ settings: toJson(settings) })
          .where('id', '=', user.id)
          .where('organization_id', '=', user.organization_id)
          .execute();
        return userSetting(settings);
      });

      registerEndpoint(scope, updateUser, async ({ body, request }) => {
        const { user } = authOf(request);
        const errors: FieldErrors = {};
        const firstName = body.first_name === undefined ? undefined : textFieldErrors(body.first_name, 'first name');
        if (firstName) errors.first_name = firstName;
        const lastName = body.last_name === undefined ? undefined : textFieldErrors(body.last_name, 'last name');
        if (lastName) errors.last_name = lastName;
        if (typeof body.locale_id === 'string') {
          const locale = await app.db.selectFrom('locales').select('code').where('code', '=', body.locale_id).executeTakeFirst();
          if (locale === undefined) errors.locale_id = [ServerMessages.fieldInvalid('locale')];
        }
        if (Object.keys(errors).length > 0) throw invalidData(errors);
        const changes = {
          ...(body.first_name === undefined ? {} : { first_name: body.first_name.trim() }),
          ...(body.last_name === undefined ? {} : { last_name: body.last_name.trim() }),
          ...(body.locale_id === undefined ? {} : { locale_id: body.locale_id }),
        };
        if (Object.keys(changes).length === 0) return toUser(user);
        const updated = await app.db
          .updateTable('users')
          .set(changes)
          .where('id', '=', user.id)
          .where('organization_id', '=', user.organization_id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(app.db, { organizationId: user.organization_id, actor: user.id, action: 'user.updated', address: request.ip, details: { fields: Object.keys(changes) } });
        return toUser(updated);
      });
    }),
  );

  await securityRoutes(app);
};
