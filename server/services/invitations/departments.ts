import { type Kysely, sql } from 'kysely';
import type { BodyOf } from '../../../domain/contracts/endpoint';
import {
  type AssigneeInput,
  type CreatedDepartment,
  DEPARTMENT_CAPACITY_MAX,
  DEPARTMENT_NAME_MAX,
  type departmentRegister,
  type inviteSubGroup,
  MemberMessages,
} from '../../../domain/contracts/members';
import { OrganizationMessages } from '../../../domain/contracts/organization';
import type { Database, DepartmentRow } from '../../db/database';
import { audit } from '../auth/audit';
import { isUniqueViolation } from '../../db/errors';
import { type FieldErrors, forbidden, invalidData } from '../errors';
import { findDepartment, managedDepartments, notBelong, personErrors } from '../members/scope';
import { requireRole } from '../organization/scope';
import { type AccountKind, createInvitation, type IssuedInvitation, toInvitation } from './index';
import { auditInvitation, type Invited, type Inviter, inviterMail, throwIfAny } from './inviter';

const departmentErrors = (name: string, capacity: number | null | undefined): FieldErrors => {
  const errors: FieldErrors = {};
  const trimmed = name.trim();
  if (trimmed === '') errors.name = [MemberMessages.departmentNameRequired];
  else if (trimmed.length > DEPARTMENT_NAME_MAX) errors.name = [MemberMessages.departmentNameTooLong];
  if (capacity !== undefined && capacity !== null && (!Number.isInteger(capacity) || capacity < 0 || capacity > DEPARTMENT_CAPACITY_MAX)) {
    errors.capacity = [MemberMessages.capacityInvalid];
  }
  return errors;
};

// lower() on both sides, as the unique index compares.
const nameTaken = async (db: Kysely<Database>, organizationId: string, parentId: string | null, name: string): Promise<boolean> => {
  let query = db
    .selectFrom('departments')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`);
  query = parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
  return (await query.executeTakeFirst()) !== undefined;
};

interface NewDepartment {
  readonly parentId: string | null;
  readonly name: string;
  readonly capacity: number | null | undefined;
  readonly assignee: AssigneeInput | null | undefined;
}

/** The department and its assignee's invitation, inside the caller's transaction. */
const insertDepartment = async (
  trx: Kysely<Database>,
  inviter: Inviter,
  input: NewDepartment,
): Promise<{ department: DepartmentRow; issued: IssuedInvitation | undefined }> => {
  const organizationId = inviter.auth.organization.id;
  const name = input.name.trim();
  const department = await trx
    .insertInto('departments')
    .values({ organization_id: organizationId, parent_id: input.parentId, name, capacity: input.capacity ?? null, assignee_id: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(trx, {
    organizationId,
    actor: inviter.auth.user.id,
    action: 'department.created',
    address: inviter.address,
    details: { department_id: department.id, parent_id: department.parent_id, name },
  });
  if (!input.assignee) return { department, issued: undefined };
  const kind: AccountKind = input.parentId === null ? 'group_assignee' : 'subgroup_assignee';
  const issued = await createInvitation(trx, {
    organizationId,
    kind,
    email: input.assignee.email,
    firstName: input.assignee.first_name,
    lastName: input.assignee.last_name,
    departmentId: department.id,
    invitedBy: inviter.auth.user.id,
  });
  await auditInvitation(trx, inviter, 'invitation.created', issued.row);
  return { department, issued };
};

/** A group or sub-group and its assignee's invitation in one transaction. */
const createDepartment = async (db: Kysely<Database>, inviter: Inviter, input: NewDepartment): Promise<Invited<CreatedDepartment>> => {
  const organizationId = inviter.auth.organization.id;
  const takenMessage = input.parentId === null ? MemberMessages.groupNameTaken : MemberMessages.subGroupNameTaken;
  const errors = departmentErrors(input.name, input.capacity);
  if (input.assignee) Object.assign(errors, await personErrors(db, input.assignee, 'assignee.'));
  if (errors.name === undefined && (await nameTaken(db, organizationId, input.parentId, input.name.trim()))) errors.name = [takenMessage];
  throwIfAny(errors);

  let created: { department: DepartmentRow; issued: IssuedInvitation | undefined };
  try {
    created = await db.transaction().execute((trx) => insertDepartment(trx, inviter, input));
  } catch (error) {
    // Two creations of one name at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw invalidData({ name: [takenMessage] });
    throw error;
  }
  const { department, issued } = created;
  const ref = { id: department.id, name: department.name, parent_id: department.parent_id };
  return {
    result: {
      id: department.id,
      name: department.name,
      parent_id: department.parent_id,
      capacity: department.capacity,
      assignee_id: department.assignee_id,
      invitation: issued ? toInvitation(issued.row, ref, inviter.auth.organization) : null,
    },
    mails: issued ? [inviterMail(inviter, issued, { departmentName: department.name })] : [],
  };
};

/** POST /department-register (administrator or second administrator): a tier 2 group. */
export const createGroup = async (db: Kysely<Database>, inviter: Inviter, form: BodyOf<typeof departmentRegister>): Promise<Invited<CreatedDepartment>> => {
  requireRole(inviter.auth, ['admin', 'second_admin']);
  return createDepartment(db, inviter, { parentId: null, name: form.name, capacity: form.capacity, assignee: form.assignee });
};

/** POST /invite-sub-group: a tier 3 sub-group, by an administrator, a second administrator or the group's own assignee. */
export const createSubGroup = async (db: Kysely<Database>, inviter: Inviter, form: BodyOf<typeof inviteSubGroup>): Promise<Invited<CreatedDepartment>> => {
  const { auth } = inviter;
  const manager = auth.user.role === 'admin' || auth.user.role === 'second_admin';
  const managed = manager ? new Set<string>() : await managedDepartments(db, auth.organization.id, auth.user.id);
  if (!manager && managed.size === 0) throw forbidden(OrganizationMessages.onlyAdministrator);
  const group = await findDepartment(db, auth.organization.id, form.group_id);
  if (group === undefined) throw notBelong();
  if (group.parent_id !== null) throw invalidData({ group_id: [MemberMessages.selectExistingGroup] });
  if (!manager && group.assignee_id !== auth.user.id) throw forbidden(MemberMessages.outsideYourGroup);
  return createDepartment(db, inviter, { parentId: group.id, name: form.name, capacity: form.capacity, assignee: form.assignee });
};
