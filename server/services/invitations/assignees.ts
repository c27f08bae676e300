import type { Kysely } from 'kysely';
import type { BodyOf, DataOf } from '../../../domain/contracts/endpoint';
import { type AssigneeInput, type changeGroupAssignee, MemberMessages } from '../../../domain/contracts/members';
import type { Database, DepartmentRow, UserRow } from '../../db/database';
import { audit } from '../auth/audit';
import { invalidData } from '../errors';
import { findDepartment, findMember, notBelong, personErrors } from '../members/scope';
import { requireRole } from '../organization/scope';
import { createInvitation, toInvitation } from './index';
import { auditInvitation, type Invited, type Inviter, inviterMail, throwIfAny } from './inviter';

type AssigneeChange = DataOf<typeof changeGroupAssignee>;

const assigneeKind = (department: DepartmentRow): 'group_assignee' | 'subgroup_assignee' =>
  department.parent_id === null ? 'group_assignee' : 'subgroup_assignee';

/** Pending assignee invitations of a department stop working when its assignee changes. */
const revokeAssigneeInvitations = async (db: Kysely<Database>, organizationId: string, departmentId: string, now: Date): Promise<string[]> => {
  const rows = await db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('organization_id', '=', organizationId)
    .where('department_id', '=', departmentId)
    .where('kind', 'in', ['group_assignee', 'subgroup_assignee'])
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
};

/** The previous assignee goes back to staff (unless they have meanwhile another role). */
const demotePreviousAssignee = async (trx: Kysely<Database>, organizationId: string, department: DepartmentRow): Promise<void> => {
  if (department.assignee_id === null) return;
  await trx
    .updateTable('users')
    .set({ role: 'staff' })
    .where('id', '=', department.assignee_id)
    .where('organization_id', '=', organizationId)
    .where('role', 'in', ['group_assignee', 'subgroup_assignee'])
    .execute();
};

/** A member of staff becomes the department's assignee at once. */
const assignMember = async (db: Kysely<Database>, inviter: Inviter, department: DepartmentRow, userId: string, now: Date): Promise<AssigneeChange> => {
  const organizationId = inviter.auth.organization.id;
  const user: UserRow | undefined = await findMember(db, organizationId, userId);
  if (user === undefined) throw notBelong();
  if (department.assignee_id === user.id) return { department_id: department.id, assignee_id: user.id, invitation: null };
  if (user.role !== 'staff') throw invalidData({ user_id: [MemberMessages.assigneeMustBeStaff] });
  await db.transaction().execute(async (trx) => {
    const previous = await trx
      .updateTable('departments')
      .set({ assignee_id: user.id })
      .where('id', '=', department.id)
      .where('organization_id', '=', organizationId)
      .returning('id')
      .executeTakeFirst();
    if (previous === undefined) throw notBelong();
    await demotePreviousAssignee(trx, organizationId, department);
    await trx
      .updateTable('users')
      .set({ role: assigneeKind(department), department_id: department.id })
      .where('id', '=', user.id)
      .where('organization_id', '=', organizationId)
      .execute();
    const revoked = await revokeAssigneeInvitations(trx, organizationId, department.id, now);
    await audit(trx, {
      organizationId,
      actor: inviter.auth.user.id,
      action: 'department.assignee_changed',
      address: inviter.address,
      details: { department_id: department.id, previous_assignee_id: department.assignee_id, assignee_id: user.id, revoked_invitations: revoked },
    });
  });
  return { department_id: department.id, assignee_id: user.id, invitation: null };
};

/** A new person is invited as the assignee; the department has none until they accept. */
const inviteAssignee = async (
  db: Kysely<Database>,
  inviter: Inviter,
  department: DepartmentRow,
  assignee: AssigneeInput,
  now: Date,
): Promise<Invited<AssigneeChange>> => {
  const organizationId = inviter.auth.organization.id;
  throwIfAny(await personErrors(db, assignee, 'assignee.'));
  const issued = await db.transaction().execute(async (trx) => {
    await trx.updateTable('departments').set({ assignee_id: null }).where('id', '=', department.id).where('organization_id', '=', organizationId).execute();
    await demotePreviousAssignee(trx, organizationId, department);
    const revoked = await revokeAssigneeInvitations(trx, organizationId, department.id, now);
    const result = await createInvitation(
      trx,
      {
        organizationId,
        kind: assigneeKind(department),
        email: assignee.email,
        firstName: assignee.first_name,
        lastName: assignee.last_name,
        departmentId: department.id,
        invitedBy: inviter.auth.user.id,
      },
      now,
    );
    await audit(trx, {
      organizationId,
      actor: inviter.auth.user.id,
      action: 'department.assignee_changed',
      address: inviter.address,
      details: { department_id: department.id, previous_assignee_id: department.assignee_id, assignee_id: null, invitation_id: result.row.id, revoked_invitations: revoked },
    });
    await auditInvitation(trx, inviter, 'invitation.created', result.row);
    return result;
  });
  const ref = { id: department.id, name: department.name, parent_id: department.parent_id };
  return {
    result: { department_id: department.id, assignee_id: null, invitation: toInvitation(issued.row, ref, inviter.auth.organization, now) },
    mails: [inviterMail(inviter, issued, { departmentName: department.name })],
  };
};

/**
 * POST /organization/change-group-assignee (administrator or second administrator): either a
 * member of staff (user_id) or a new person to invite (assignee) runs the department from now on.
 */
export const changeAssignee = async (db: Kysely<Database>, inviter: Inviter, form: BodyOf<typeof changeGroupAssignee>): Promise<Invited<AssigneeChange>> => {
  requireRole(inviter.auth, ['admin', 'second_admin']);
  const department = await findDepartment(db, inviter.auth.organization.id, form.department_id);
  if (department === undefined) throw notBelong();
  if ((form.user_id === undefined) === (form.assignee === undefined)) throw invalidData({ user_id: [MemberMessages.assigneeChoice] });
  const now = new Date();
  if (form.user_id !== undefined) return { result: await assignMember(db, inviter, department, form.user_id, now), mails: [] };
  return inviteAssignee(db, inviter, department, form.assignee!, now);
};
