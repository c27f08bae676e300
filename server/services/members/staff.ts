import type { Kysely } from 'kysely';
import type { Member } from '../../../domain/contracts/members';
import { OrganizationMessages } from '../../../domain/contracts/organization';
import type { Database } from '../../db/database';
import { DomainError, forbidden } from '../errors';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { isUuid } from '../invitations';
import { departmentScopeOf, inDepartmentScope } from '../organization/scope';
import { canManageMembers, moveRefusal, removalRefusal } from './rules';
import { actorOf, departmentMap, findDepartment, notBelong, readAssignments, targetOf, toMember } from './scope';

/** GET /organization/members: the members the caller may see, each with the caller's rights over them. */
export const listMembers = async (db: Kysely<Database>, auth: AuthContext): Promise<Member[]> => {
  const organizationId = auth.organization.id;
  const actor = await actorOf(db, auth);
  // The organisation's one scoping rule, so that a view-as session lists the viewed group only.
  const visible = await departmentScopeOf(db, auth);
  if (visible.kind === 'departments' && visible.ids.length === 0) throw forbidden(OrganizationMessages.onlyAdministrator);
  const users = await db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where(inDepartmentScope(visible, 'department_id'))
    .orderBy('last_name').orderBy('first_name').orderBy('email').execute();
  const assignments = await readAssignments(db, organizationId);
  const departments = await departmentMap(db, organizationId);
  return users.map((user) => toMember(actor, user, assignments, departments));
};

export interface MemberChange {
  readonly auth: AuthContext;
  /** The caller's address, for the audit log. */
  readonly address: string | null;
  readonly userId: string;
}

/**
 * The member read under lock, so that the rules judge them as they are when the row changes;
 * a member of another organisation (or none) "does not belong".
 */
const lockedMember = async (trx: Kysely<Database>, organizationId: string, userId: string) => {
  const member = await trx.selectFrom('users').selectAll().where('organization_id', '=', organizationId).where('id', '=', userId).forUpdate().executeTakeFirst();
  if (member === undefined) throw notBelong();
  return member;
};

/** DELETE /user/remove-staff: the member goes, judged by the rules as they are when the row is locked. */
export const removeMember = async (db: Kysely<Database>, input: MemberChange): Promise<void> => {
  const { auth } = input;
  const organizationId = auth.organization.id;
  const actor = await actorOf(db, auth);
  if (!canManageMembers(actor)) throw forbidden(OrganizationMessages.onlyAdministrator);
  if (!isUuid(input.userId)) throw notBelong();
  await db.transaction().execute(async (trx) => {
    const target = await lockedMember(trx, organizationId, input.userId);
    const refusal = removalRefusal(actor, targetOf(target, await readAssignments(trx, organizationId)));
    if (refusal !== undefined) throw new DomainError(refusal.kind, refusal.message);
    // Sessions, 2FA challenges and reset links go with the row (ON DELETE CASCADE).
    const deleted = await trx.deleteFrom('users').where('id', '=', target.id).where('organization_id', '=', organizationId).returning('id').executeTakeFirst();
    if (deleted === undefined) throw notBelong();
    await audit(trx, {
      organizationId,
      actor: auth.user.id,
      action: 'member.removed',
      address: input.address,
      details: { user_id: target.id, email: target.email, role: target.role, department_id: target.department_id },
    });
  });
};

/** POST /user/move-staff: the member moves to another department; a sub-group assignee stops running theirs. */
export const moveMember = async (db: Kysely<Database>, input: MemberChange & { readonly departmentId: string }): Promise<Member> => {
  const { auth } = input;
  const organizationId = auth.organization.id;
  const actor = await actorOf(db, auth);
  if (!canManageMembers(actor)) throw forbidden(OrganizationMessages.onlyAdministrator);
  const destination = await findDepartment(db, organizationId, input.departmentId);
  if (destination === undefined || !isUuid(input.userId)) throw notBelong();
  const moved = await db.transaction().execute(async (trx) => {
    const target = await lockedMember(trx, organizationId, input.userId);
    const facts = targetOf(target, await readAssignments(trx, organizationId));
    const refusal = moveRefusal(actor, facts, destination.id);
    if (refusal !== undefined) throw new DomainError(refusal.kind, refusal.message);
    if (target.department_id === destination.id) return target;
    // A sub-group assignee who leaves the sub-group no longer runs it (administrator only, see rules).
    const ended = facts.runsSubGroup
      ? await trx.updateTable('departments').set({ assignee_id: null }).where('organization_id', '=', organizationId).where('assignee_id', '=', target.id).returning('id').execute()
      : [];
    const updated = await trx
      .updateTable('users')
      .set({ department_id: destination.id, ...(facts.runsSubGroup || target.role === 'subgroup_assignee' ? { role: 'staff' as const } : {}) })
      .where('id', '=', target.id)
      .where('organization_id', '=', organizationId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      organizationId,
      actor: auth.user.id,
      action: 'member.moved',
      address: input.address,
      details: {
        user_id: target.id,
        email: target.email,
        from_department_id: target.department_id,
        to_department_id: destination.id,
        ended_assignments: ended.map((row) => row.id),
      },
    });
    return updated;
  });
  return toMember(actor, moved, await readAssignments(db, organizationId), await departmentMap(db, organizationId));
};
