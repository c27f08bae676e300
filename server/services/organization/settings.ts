import { randomUUID } from 'node:crypto';
import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import type { Kysely } from 'kysely';
import type { BodyOf } from '../../../domain/contracts/endpoint';
import { ORGANIZATION_NAME_LIMIT } from '../../../domain/contracts/textLimits';
import {
  DATE_RANGE_LABEL_MAX,
  DATE_RANGES_MAX,
  DateRange,
  dateRangeValueError,
  type OrganizationInformation,
  OrganizationMessages,
  type renameTiers,
  type saveDateRanges,
  type Tier,
  TIER_NAME_MAX,
  type updateOrganizationSetting,
} from '../../../domain/contracts/organization';
import { type Database, toJson } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { type FieldErrors, fieldFailure, invalidData } from '../errors';
import { ServerMessages } from '../../../domain/contracts/errors';
import { toInformation } from './information';
import { DEFAULT_TIERS } from './registration';
import { requireRole } from './scope';

/** A change to the caller's own organisation: who asks, from where, and the form. */
export interface SettingChange<F> {
  readonly auth: AuthContext;
  /** The caller's address, for the audit log. */
  readonly address: string | null;
  readonly form: F;
}

/** The settings key under which an organisation's date ranges are stored (settings table, jsonb list). */
export const DATE_RANGES_KEY = 'date_ranges';

const ORGANIZATION_TEXT_MAX = 255;

/** The three tiers, stored names over the defaults (an organisation without rows gets the defaults). */
export const readTiers = async (db: Kysely<Database>, organizationId: string): Promise<Tier[]> => {
  const rows = await db.selectFrom('tiers').select(['level', 'name']).where('organization_id', '=', organizationId).execute();
  const stored = new Map(rows.map((row) => [Number(row.level), row.name]));
  return DEFAULT_TIERS.map((tier) => ({ level: tier.level, name: stored.get(tier.level) ?? tier.name }));
};

const StoredRanges = t.array(DateRange);

export const readDateRanges = async (db: Kysely<Database>, organizationId: string): Promise<DateRange[]> => {
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

/** PATCH /organization/rename-tiers (administrator only): the tiers named, the others as they were. */
export const renameOrganizationTiers = async (db: Kysely<Database>, input: SettingChange<BodyOf<typeof renameTiers>>): Promise<Tier[]> => {
  const { auth } = input;
  requireRole(auth, ['admin']);
  if (input.form.tiers.length === 0 || input.form.tiers.length > 3) {
    throw fieldFailure(OrganizationMessages.cannotRenameTiers, 'tiers');
  }
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  input.form.tiers.forEach((tier, index) => {
    if (!Number.isInteger(tier.level) || tier.level < 1 || tier.level > 3) errors[`tiers.${index}.level`] = [OrganizationMessages.tierLevel];
    else if (seen.has(tier.level)) errors[`tiers.${index}.level`] = [OrganizationMessages.tierLevelRepeated];
    seen.add(tier.level);
    const name = tier.name.trim();
    if (name.length < 1 || name.length > TIER_NAME_MAX) errors[`tiers.${index}.name`] = [OrganizationMessages.tierName];
  });
  if (Object.keys(errors).length > 0) throw invalidData(errors);

  const organizationId = auth.organization.id;
  return db.transaction().execute(async (trx) => {
    for (const tier of input.form.tiers) {
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
      address: input.address,
      details: { tiers: input.form.tiers.map((tier) => ({ level: tier.level, name: tier.name.trim() })) },
    });
    return tiers;
  });
};

/** POST /organization/setting/date-range: the organisation's list of date ranges, replaced as a whole. */
export const replaceDateRanges = async (db: Kysely<Database>, input: SettingChange<BodyOf<typeof saveDateRanges>>): Promise<DateRange[]> => {
  const { auth } = input;
  requireRole(auth, ['admin', 'second_admin']);
  if (input.form.ranges.length > DATE_RANGES_MAX) throw invalidData({ ranges: [OrganizationMessages.tooManyRanges] });
  const errors: FieldErrors = {};
  input.form.ranges.forEach((range, index) => {
    if (!labelOk(range.label.trim())) errors[`ranges.${index}.label`] = [OrganizationMessages.rangeLabel];
    const valueError = dateRangeValueError(range.type, range.value.trim());
    if (valueError) errors[`ranges.${index}.value`] = [valueError];
  });
  if (Object.keys(errors).length > 0) throw invalidData(errors);

  const organizationId = auth.organization.id;
  return db.transaction().execute(async (trx) => {
    const storedIds = new Set((await readDateRanges(trx, organizationId)).map((range) => range.id));
    const used = new Set<string>();
    const ranges: DateRange[] = input.form.ranges.map((range) => {
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
      address: input.address,
      details: { count: ranges.length },
    });
    return ranges;
  });
};

/** PATCH /organization/setting/update: the organisation's name and industry. */
export const updateOrganization = async (
  db: Kysely<Database>,
  input: SettingChange<BodyOf<typeof updateOrganizationSetting>>,
): Promise<OrganizationInformation> => {
  const { auth } = input;
  requireRole(auth, ['admin', 'second_admin']);
  const errors: FieldErrors = {};
  const name = input.form.name?.trim();
  if (name !== undefined) {
    if (name === '') errors.name = [OrganizationMessages.organizationNameRequired];
    else if (name.length > ORGANIZATION_NAME_LIMIT.max) errors.name = [OrganizationMessages.organizationNameTooLong];
  }
  const industry = input.form.industry === undefined ? undefined : input.form.industry === null ? null : input.form.industry.trim();
  if (typeof industry === 'string' && industry.length > ORGANIZATION_TEXT_MAX) errors.industry = [OrganizationMessages.industryTooLong];
  const surveyLocale = input.form.survey_locale;
  if (typeof surveyLocale === 'string') {
    const known = await db.selectFrom('locales').select('code').where('code', '=', surveyLocale).executeTakeFirst();
    if (known === undefined) errors.survey_locale = [ServerMessages.fieldInvalid('survey language')];
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);

  const changes = {
    ...(name === undefined ? {} : { name }),
    ...(industry === undefined ? {} : { industry: industry === '' ? null : industry }),
    ...(surveyLocale === undefined ? {} : { survey_locale: surveyLocale }),
  };
  if (Object.keys(changes).length === 0) return toInformation(auth.organization);
  const updated = await db
    .updateTable('organizations')
    .set(changes)
    .where('id', '=', auth.organization.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(db, {
    organizationId: auth.organization.id,
    actor: auth.user.id,
    action: 'organization.updated',
    address: input.address,
    details: { fields: Object.keys(changes) },
  });
  return toInformation(updated);
};

/** POST /organization/toggle-view-as-consent (administrator only): withdrawing the consent ends every view at once. */
export const toggleConsent = async (db: Kysely<Database>, input: Omit<SettingChange<unknown>, 'form'>): Promise<{ view_as_consent: boolean }> => {
  const { auth } = input;
  requireRole(auth, ['admin']);
  return db.transaction().execute(async (trx) => {
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
      address: input.address,
      details: { view_as_consent: updated.view_as_consent },
    });
    return { view_as_consent: updated.view_as_consent };
  });
};
