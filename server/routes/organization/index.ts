import type { FastifyPluginAsync } from 'fastify';
import {
  checkDateRange,
  dateRangeValueError,
  getDateRanges,
  getOrganizationInformation,
  getTiers,
  impliedDateRangeType,
  renameTiers,
  saveDateRanges,
  toggleViewAsConsent,
  updateOrganizationSetting,
} from '../../../domain/contracts/organization';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { toInformation } from '../../services/organization/information';
import {
  readDateRanges,
  readTiers,
  renameOrganizationTiers,
  replaceDateRanges,
  toggleConsent,
  updateOrganization,
} from '../../services/organization/settings';
import { groupRoutes } from './groups';
import { logoRoutes } from './logo';
import { viewAsRoutes } from './viewAs';

/**
 * /organization/*: information, tiers, date ranges, settings and view-as consent of the
 * caller's own organisation. Every query is filtered by the session's organization_id.
 */
export const organizationRoutes: FastifyPluginAsync = async (app) => {
  await app.register(groupRoutes);
  await app.register(logoRoutes);
  await app.register(viewAsRoutes);
  await app.register(
    authenticated(async (scope) => {
      registerEndpoint(scope, getOrganizationInformation, async ({ request }) => toInformation(authOf(request).organization));

      registerEndpoint(scope, getTiers, async ({ request }) => readTiers(app.db, authOf(request).organization.id));

      registerEndpoint(scope, renameTiers, async ({ body, request }) => renameOrganizationTiers(app.db, { auth: authOf(request), address: request.ip, form: body }));

      registerEndpoint(scope, getDateRanges, async ({ request }) => readDateRanges(app.db, authOf(request).organization.id));

      registerEndpoint(scope, saveDateRanges, async ({ body, request }) => replaceDateRanges(app.db, { auth: authOf(request), address: request.ip, form: body }));

      registerEndpoint(scope, checkDateRange, async ({ query }) => {
        const value = query.value.trim();
        const message = dateRangeValueError(query.type ?? impliedDateRangeType(value), value);
        return message === undefined ? { valid: true } : { valid: false, message };
      });

      registerEndpoint(scope, updateOrganizationSetting, async ({ body, request }) => updateOrganization(app.db, { auth: authOf(request), address: request.ip, form: body }));

      registerEndpoint(scope, toggleViewAsConsent, async ({ request }) => toggleConsent(app.db, { auth: authOf(request), address: request.ip }));
    }),
  );
};
