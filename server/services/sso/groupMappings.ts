import type { Kysely } from 'kysely';
import type { BodyOf } from '../../../domain/contracts/endpoint';
import { MAX_SSO_GROUP_MAPPINGS, type saveSsoGroupMappings, SsoGroupMessages, type SsoGroupMappings } from '../../../domain/contracts/sso';
import type { Database, UserRow } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { type FieldErrors, invalid, invalidData } from '../errors';
import { isUuid } from '../invitations';
import { requireRole } from '../organization/scope';

/** The claim most providers use (Entra ID, Okta, Keycloak); the administrator may name another. */
export const DEFAULT_GROUP_CLAIM = 'groups';
const CLAIM_NAME_MAX = 256;
const CLAIM_VALUE_MAX = 256;
/** A person carries at most this many groups into a sign-in; more are ignored (a provider may list hundreds). */
export const MAX_CARRIED_GROUPS = 200;

/** The roles a mapping may move: an assignee's group is part of their role, and administrators see every group. */
const MOVABLE_ROLES: ReadonlySet<UserRow['role']> = new Set(['staff', 'sub_admin']);

/** A claim or attribute name: printable, no spaces at the ends (SAML names are often URIs). */
const claimNameOk = (name: string): boolean => name.length > 0 && name.length <= CLAIM_NAME_MAX && !/[\u0000-\u001f\u007f]/.test(name) && name.trim() === name;

/**
 * The values a claim carries, as strings: an array of strings (OpenID Connect, or a SAML
 * attribute with several values) or one string. Anything else carries none.
 */
export const claimValues = (value: unknown): string[] => {
  const values = Array.isArray(value) ? value : [value];
  return values
    .filter((entry): entry is string => typeof entry === 'string')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && entry.length <= CLAIM_VALUE_MAX)
    .slice(0, MAX_CARRIED_GROUPS);
};

/** The organisation's group claim name: the stored one, or the usual one before a provider is set. */
export const groupClaimOf = async (db: Kysely<Database>, organizationId: string): Promise<string> => {
  const row = await db.selectFrom('sso_oidc_settings').select('group_claim').where('organization_id', '=', organizationId).executeTakeFirst();
  return row?.group_claim ?? DEFAULT_GROUP_CLAIM;
};

/** The claim to read at sign-in, only when the organisation maps at least one of its values. */
export const mappedGroupClaim = async (db: Kysely<Database>, organizationId: string): Promise<string | undefined> => {
  const mapped = await db.selectFrom('sso_group_mappings').select('claim_value').where('organization_id', '=', organizationId).limit(1).executeTakeFirst();
  return mapped === undefined ? undefined : groupClaimOf(db, organizationId);
};

const mappingsOf = async (db: Kysely<Database>, organizationId: string): Promise<SsoGroupMappings> => {
  const [claimName, mappings, groups] = await Promise.all([
    groupClaimOf(db, organizationId),
    db
      .selectFrom('sso_group_mappings')
      .select(['claim_value', 'department_id'])
      .where('organization_id', '=', organizationId)
      .orderBy('position')
      .execute(),
    db.selectFrom('departments').select(['id', 'name']).where('organization_id', '=', organizationId).orderBy('name').orderBy('id').execute(),
  ]);
  return {
    claim_name: claimName,
    mappings: mappings.map((row) => ({ claim_value: row.claim_value, group_id: row.department_id })),
    groups: groups.map((group) => ({ id: group.id, name: group.name })),
  };
};

/** GET /organization/sso/groups (administrator only). */
export const readGroupMappings = async (db: Kysely<Database>, auth: AuthContext): Promise<SsoGroupMappings> => {
  requireRole(auth, ['admin']);
  return mappingsOf(db, auth.organization.id);
};

/**
 * POST /organization/sso/groups (administrator only): the claim's name and the whole list of
 * mappings, which replaces the stored one. Each value once, each group one of the
 * organisation's own; the provider must be set first (the claim name lives with it).
 */
export const writeGroupMappings = async (
  db: Kysely<Database>,
  auth: AuthContext,
  body: BodyOf<typeof saveSsoGroupMappings>,
  address: string | null,
): Promise<SsoGroupMappings> => {
  requireRole(auth, ['admin']);
  const organizationId = auth.organization.id;
  const provider = await db.selectFrom('sso_oidc_settings').select('organization_id').where('organization_id', '=', organizationId).executeTakeFirst();
  if (provider === undefined) throw invalid(SsoGroupMessages.needsProvider);
  if (body.mappings.length > MAX_SSO_GROUP_MAPPINGS) throw invalidData({ mappings: [SsoGroupMessages.tooMany] });

  const errors: FieldErrors = {};
  const claimName = body.claim_name.trim();
  if (!claimNameOk(claimName)) errors.claim_name = [SsoGroupMessages.claimNameInvalid];
  const groupIds = body.mappings.map((mapping) => mapping.group_id).filter(isUuid);
  const ownGroups = new Set(
    groupIds.length === 0
      ? []
      : (await db.selectFrom('departments').select('id').where('organization_id', '=', organizationId).where('id', 'in', groupIds).execute()).map((row) => row.id),
  );
  const seen = new Set<string>();
  const mappings = body.mappings.map((mapping, index) => {
    const value = mapping.claim_value.trim();
    if (value === '' || value.length > CLAIM_VALUE_MAX || /[\u0000-\u001f\u007f]/.test(value) || seen.has(value)) {
      errors[`mappings.${index}.claim_value`] = [SsoGroupMessages.claimValueInvalid];
    }
    seen.add(value);
    if (!ownGroups.has(mapping.group_id)) errors[`mappings.${index}.group_id`] = [SsoGroupMessages.groupUnknown];
    return { organization_id: organizationId, claim_value: value, department_id: mapping.group_id, position: index };
  });
  if (Object.keys(errors).length > 0) throw invalidData(errors);

  await db.transaction().execute(async (trx) => {
    await trx.updateTable('sso_oidc_settings').set({ group_claim: claimName }).where('organization_id', '=', organizationId).execute();
    await trx.deleteFrom('sso_group_mappings').where('organization_id', '=', organizationId).execute();
    if (mappings.length > 0) await trx.insertInto('sso_group_mappings').values(mappings).execute();
    await audit(trx, {
      organizationId,
      actor: auth.user.id,
      action: 'organization.sso_groups_changed',
      address,
      details: { claim_name: claimName, mappings: mappings.map((mapping) => ({ claim_value: mapping.claim_value, group_id: mapping.department_id })) },
    });
  });
  return mappingsOf(db, organizationId);
};

/**
 * On a sign-in through the provider: the person is placed in the group of the first mapping
 * (in the administrator's order) whose value they carry. No match, or no mapping, leaves their
 * group as it is; administrators and assignees are never moved. Answers the user as it now is.
 */
export const placeInMappedGroup = async (
  db: Kysely<Database>,
  user: UserRow,
  carried: readonly string[],
  entry: { readonly address: string | null; readonly method: string },
): Promise<UserRow> => {
  if (carried.length === 0 || !user.active || !MOVABLE_ROLES.has(user.role)) return user;
  const match = await db
    .selectFrom('sso_group_mappings')
    .innerJoin('departments', (join) =>
      join.onRef('departments.id', '=', 'sso_group_mappings.department_id').onRef('departments.organization_id', '=', 'sso_group_mappings.organization_id'),
    )
    .select(['sso_group_mappings.department_id', 'sso_group_mappings.claim_value'])
    .where('sso_group_mappings.organization_id', '=', user.organization_id)
    .where('sso_group_mappings.claim_value', 'in', [...carried])
    .orderBy('sso_group_mappings.position')
    .executeTakeFirst();
  if (match === undefined || match.department_id === user.department_id) return user;
  const moved = await db
    .updateTable('users')
    .set({ department_id: match.department_id })
    .where('id', '=', user.id)
    .where('organization_id', '=', user.organization_id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(db, {
    organizationId: user.organization_id,
    actor: user.id,
    action: 'user.group_from_sso',
    address: entry.address,
    details: { method: entry.method, claim_value: match.claim_value, department_id: match.department_id, previous_department_id: user.department_id },
  });
  return moved;
};
