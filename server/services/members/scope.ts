import type { Kysely } from 'kysely';
import { AuthMessages } from '../../../domain/contracts/auth';
import { Messages } from '../../../domain/contracts/envelope';
import { ServerMessages } from '../../../domain/contracts/errors';
import type { DepartmentRef, Member } from '../../../domain/contracts/members';
import { MemberMessages } from '../../../domain/contracts/members';
import type { Database, DepartmentRow, UserRow } from '../../db/database';
import { DomainError, type FieldErrors, notFound } from '../errors';
import type { AuthContext } from '../auth/context';
import { findUserByEmail } from '../auth/users';
import { isUuid } from '../invitations';
import { isAcceptableEmail, textFieldErrors } from '../auth/fields';
import { type Actor, moveRefusal, removalRefusal, type Target } from './rules';

/** Unknown ids and ids of another organisation answer alike. */
export const notBelong = (): DomainError => notFound(MemberMessages.notBelongToOrganization);

export const findDepartment = async (db: Kysely<Database>, organizationId: string, id: string): Promise<DepartmentRow | undefined> =>
  isUuid(id)
    ? db.selectFrom('departments').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst()
    : undefined;

export const findMember = async (db: Kysely<Database>, organizationId: string, id: string): Promise<UserRow | undefined> =>
  isUuid(id) ? db.selectFrom('users').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst() : undefined;

/** Which departments of the organisation each user runs, split by tier. */
export interface Assignments {
  readonly groups: ReadonlyMap<string, readonly string[]>;
  readonly subGroups: ReadonlyMap<string, readonly string[]>;
}

export const readAssignments = async (db: Kysely<Database>, organizationId: string): Promise<Assignments> => {
  const rows = await db
    .selectFrom('departments')
    .select(['id', 'parent_id', 'assignee_id'])
    .where('organization_id', '=', organizationId)
    .where('assignee_id', 'is not', null)
    .execute();
  const groups = new Map<string, string[]>();
  const subGroups = new Map<string, string[]>();
  for (const row of rows) {
    const map = row.parent_id === null ? groups : subGroups;
    const list = map.get(row.assignee_id!) ?? [];
    list.push(row.id);
    map.set(row.assignee_id!, list);
  }
  return { groups, subGroups };
};

/** The groups a user runs with their sub-groups: what a group assignee manages. */
export const managedDepartments = async (db: Kysely<Database>, organizationId: string, userId: string): Promise<Set<string>> => {
  const groups = await db
    .selectFrom('departments')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('assignee_id', '=', userId)
    .where('parent_id', 'is', null)
    .execute();
  const ids = groups.map((row) => row.id);
  if (ids.length === 0) return new Set();
  const children = await db
    .selectFrom('departments')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('parent_id', 'in', ids)
    .execute();
  return new Set([...ids, ...children.map((row) => row.id)]);
};

export const actorOf = async (db: Kysely<Database>, auth: AuthContext): Promise<Actor> => ({
  id: auth.user.id,
  role: auth.user.role,
  managed: await managedDepartments(db, auth.organization.id, auth.user.id),
});

export const targetOf = (user: UserRow, assignments: Assignments): Target => ({
  id: user.id,
  role: user.role,
  departmentId: user.department_id,
  runsGroup: assignments.groups.has(user.id),
  runsSubGroup: assignments.subGroups.has(user.id),
});

export const departmentMap = async (db: Kysely<Database>, organizationId: string): Promise<Map<string, DepartmentRef>> => {
  const rows = await db.selectFrom('departments').select(['id', 'name', 'parent_id']).where('organization_id', '=', organizationId).execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, parent_id: row.parent_id }]));
};

/** A member with the caller's rights over them, so the client can show a rule before the click. */
export const toMember = (actor: Actor, user: UserRow, assignments: Assignments, departments: ReadonlyMap<string, DepartmentRef>): Member => {
  const target = targetOf(user, assignments);
  const removal = removalRefusal(actor, target);
  const move = moveRefusal(actor, target);
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    department: user.department_id === null ? null : (departments.get(user.department_id) ?? null),
    active: user.active,
    removable: removal === undefined,
    remove_reason: removal?.message ?? null,
    movable: move === undefined,
    move_reason: move?.message ?? null,
  };
};

export interface PersonFields {
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
}

/**
 * The errors of a person to invite (keys prefixed, e.g. 'assignee.'): a valid address that no
 * user of any organisation has (accepting creates an account), and both names.
 */
export const personErrors = async (db: Kysely<Database>, person: PersonFields, prefix = ''): Promise<FieldErrors> => {
  const errors: FieldErrors = {};
  const email = person.email.trim();
  if (email === '') errors[`${prefix}email`] = [Messages.fieldRequired('email')];
  else if (!isAcceptableEmail(email)) errors[`${prefix}email`] = [AuthMessages.invalidEmail];
  else if ((await findUserByEmail(db, email)) !== undefined) errors[`${prefix}email`] = [AuthMessages.emailTaken];
  const first = textFieldErrors(person.first_name, 'first name');
  if (first) errors[`${prefix}first_name`] = first;
  const last = textFieldErrors(person.last_name, 'last name');
  if (last) errors[`${prefix}last_name`] = last;
  return errors;
};

/** Optional names (survey invitations): absent or empty is fine, too long is not. */
export const optionalNameErrors = (value: string | undefined, field: string, humanName: string): FieldErrors =>
  value !== undefined && value.trim().length > 255 ? { [field]: [ServerMessages.fieldInvalid(humanName)] } : {};
