import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import type { Kysely } from 'kysely';
import type { Role } from '../../../domain/contracts/auth';
import {
  checkDateRange,
  DATE_RANGE_LABEL_MAX,
  DATE_RANGES_MAX,
  DateRange,
  dateRangeValueError,
  getDateRanges,
  getOrganizationInformation,
  getTiers,
  impliedDateRangeType,
  OrganizationMessages,
  renameTiers,
  saveDateRanges,
  type Tier,
  TIER_NAME_MAX,
  toggleViewAsConsent,
  updateOrganizationSetting,
} from '../../../domain/contracts/organization';
import { type Database, toJson } from '../../db/database';
import { ApiError } from '../../http/apiError';
import { registerEndpoint } from '../../http/route';
import { type AuthContext, authenticated, authOf } from '../../plugins/auth';
import { audit } from '../../services/auth/audit';
import { type FieldErrors, invalidData } from '../../services/auth/errors';
import { toInformation } from '../../services/organization/information';
import { DEFAULT_TIERS } from '../../services/organization/registration';
import { groupRoutes } from './groups';
import { logoRoutes } from './logo';
import { viewAsRoutes } from './viewAs';

/** The settings key under which an organisation's date ranges are stored (settings table, jsonb list). */
export const DATE_RANGES_KEY = 'date_ranges';

const ORGANIZATION_TEXT_MAX = 255;

/** 403 'Only the administrator can do this.' unless the caller has one of the roles. */
const requireRole = (auth: AuthContext, roles: readonly Role[]): void => {
  if (!roles.includes(auth.user.role)) throw new ApiError(403, OrganizationMessages.onlyAdministrator);
};

/** The three tiers, stored names over the defaults (an organisation without rows gets the defaults). */
const readTiers = async (db: Kysely<Database>, organizationId: string): Promise<Tier[]> => {
  const rows = await db.selectFrom('tiers').select(['level', 'name']).where('organization_id', '=', organizationId).execute();
  const stored = new Map(rows.map((row) => [Number(row.level), row.name]));
  return DEFAULT_TIERS.map((tier) => ({ level: tier.level, name: stored.get(tier.level) ?? tier.name }));
};

const StoredRanges = t.array(DateRange);

const readDateRanges = async (db: Kysely<Database>, organizationId: string): Promise<DateRange[]> => {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('organization_id', '=', organizationId)
    .where('key', '=', DATE_RANGES_KEY)
    .executeTakeFirst();
  if (row === undefined) return [];
  const decoded = StoredRanges.decode(row.value);
  return isRight(decoded) ? decoded.right : [];
};

const labelOk = (label: string): boolean => label.length >= 1 && label.length <= DATE_RANGE_LABEL_MAX;

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

      registerEndpoint(scope, renameTiers, async ({ body, request }) => {
        const auth = authOf(request);
        requireRole(auth, ['admin']);
        if (body.tiers.length === 0 || body.tiers.length > 3) {
          throw new ApiError(422, OrganizationMessages.cannotRenameTiers, { tiers: [OrganizationMessages.cannotRenameTiers] });
        }
        const errors: FieldErrors = {};
        const seen = new Set<number>();
        body.tiers.forEach((tier, index) => {
          if (!Number.isInteger(tier.level) || tier.level < 1 || tier.level > 3) errors[`tiers.${index}.level`] = [OrganizationMessages.tierLevel];
          else if (seen.has(tier.level)) errors[`tiers.${index}.level`] = [OrganizationMessages.tierLevelRepeated];
          seen.add(tier.level);
          const name = tier.name.trim();
          if (name.length < 1 || name.length > TIER_NAME_MAX) errors[`tiers.${index}.name`] = [OrganizationMessages.tierName];
        });
        if (Object.keys(errors).length > 0) throw invalidData(errors);

        const organizationId = auth.organization.id;
        return app.db.transaction().execute(async (trx) => {
          for (const tier of body.tiers) {
            await trx
              .insertInto('tiers')
              .values({ organization_id: organizationId, level: tier.level, name: tier.name.trim() })
              .onConflict((oc) => oc.columns(['organization_id', 'level']).doUpdateSet({ name: tier.name.trim() }))
              .execute();
          }
          const tiers = await readTiers(trx, organizationId);
          await audit(trx, {
            organizationId,
            actor: auth.user.id,
            action: 'organization.tiers_renamed',
            address: request.ip,
            details: { tiers: body.tiers.map((tier) => ({ level: tier.level, name: tier.name.trim() })) },
          });
          return tiers;
        });
      });

      registerEndpoint(scope, getDateRanges, async ({ request }) => readDateRanges(app.db, authOf(request).organization.id));

      registerEndpoint(scope, saveDateRanges, async ({ body, request }) => {
        const auth = authOf(request);
        requireRole(auth, ['admin', 'second_admin']);
        if (body.ranges.length > DATE_RANGES_MAX) throw invalidData({ ranges: [OrganizationMessages.tooManyRanges] });
        const errors: FieldErrors = {};
        body.ranges.forEach((range, index) => {
          if (!labelOk(range.label.trim())) errors[`ranges.${index}.label`] = [OrganizationMessages.rangeLabel];
          const valueError = dateRangeValueError(range.type, range.value.trim());
          if (valueError) errors[`ranges.${index}.value`] = [valueError];
        });
        if (Object.keys(errors).length > 0) throw invalidData(errors);

        const organizationId = auth.organization.id;
        return app.db.transaction().execute(async (trx) => {
          const storedIds = new Set((await readDateRanges(trx, organizationId)).map((range) => range.id));
          const used = new Set<string>();
          const ranges: DateRange[] = body.ranges.map((range) => {
            // An id is kept only when it names a stored range of this organisation, once.
            const id = range.id !== undefined && storedIds.has(range.id) && !used.has(range.id) ? range.id : randomUUID();
            used.add(id);
            return { id, label: range.label.trim(), type: range.type, value: range.value.trim() };
          });
          const value = toJson(ranges);
          await trx
            .insertInto('settings')
            .values({ organization_id: organizationId, key: DATE_RANGES_KEY, value })
            .onConflict((oc) => oc.constraint('settings_organization_key_unique').doUpdateSet({ value }))
            .execute();
          await audit(trx, {
            organizationId,
            actor: auth.user.id,
            action: 'organization.date_ranges_saved',
            address: request.ip,
            details: { count: ranges.length },
          });
          return ranges;
        });
      });

      registerEndpoint(scope, checkDateRange, async ({ query }) => {
        const value = query.value.trim();
        const message = dateRangeValueError(query.type ?? impliedDateRangeType(value), value);
        return message === undefined ? { valid: true } : { valid: false, message };
      });

      registerEndpoint(scope, updateOrganizationSetting, async ({ body, request }) => {
        const auth = authOf(request);
        requireRole(auth, ['admin', 'second_admin']);
        const errors: FieldErrors = {};
        const name = body.name?.trim();
        if (name !== undefined) {
          if (name === '') errors.name = [OrganizationMessages.organizationNameRequired];
          else if (name.length > ORGANIZATION_TEXT_MAX) errors.name = [OrganizationMessages.organizationNameTooLong];
        }
        const industry = body.industry === undefined ? undefined : body.industry === null ? null : body.industry.trim();
        if (typeof industry === 'string' && industry.length > ORGANIZATION_TEXT_MAX) errors.industry = [OrganizationMessages.industryTooLong];
        if (Object.keys(errors).length > 0) throw invalidData(errors);

        const changes = {
          ...(name === undefined ? {} : { name }),
          ...(industry === undefined ? {} : { industry: industry === '' ? null : industry }),
        };
        if (Object.keys(changes).length === 0) return toInformation(auth.organization);
        const updated = await app.db
          .updateTable('organizations')
          .set(changes)
          .where('id', '=', auth.organization.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(app.db, {
          organizationId: auth.organization.id,
          actor: auth.user.id,
          action: 'organization.updated',
          address: request.ip,
          details: { fields: Object.keys(changes) },
        });
        return toInformation(updated);
      });

      registerEndpoint(scope, toggleViewAsConsent, async ({ request }) => {
        const auth = authOf(request);
        requireRole(auth, ['admin']);
        return app.db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('organizations')
            .set((eb) => ({ view_as_consent: eb.not(eb.ref('view_as_consent')) }))
            .where('id', '=', auth.organization.id)
            .returning('view_as_consent')
            .executeTakeFirstOrThrow();
          // Consent withdrawn: every view-as session of the organisation ends at once.
          if (!updated.view_as_consent) {
            await trx
              .updateTable('sessions')
              .set({ revoked_at: new Date() })
              .where('organization_id', '=', auth.organization.id)
              .where('kind', '=', 'secondary')
              .where('revoked_at', 'is', null)
              .execute();
          }
          await audit(trx, {
            organizationId: auth.organization.id,
            actor: auth.user.id,
            action: 'organization.view_as_consent_changed',
            address: request.ip,
            details: { view_as_consent: updated.view_as_consent },
          });
          return { view_as_consent: updated.view_as_consent };
        });
      });
    }),
  );
};
