import type { FastifyInstance } from 'fastify';
import { getMembers, type Member, moveStaff, removeStaff } from '../../../domain/contracts/members';
import { OrganizationMessages } from '../../../domain/contracts/organization';
import { ApiError } from '../../http/apiError';
import { registerEndpoint } from '../../http/route';
import { authOf } from '../../plugins/auth';
import { audit } from '../../services/auth/audit';
import { isUuid } from '../../services/invitations';
import { canManageMembers, moveRefusal, removalRefusal } from '../../services/members/rules';
import { departmentScopeOf, inDepartmentScope } from '../../services/organization/scope';
import { actorOf, departmentMap, findDepartment, notBelong, readAssignments, targetOf, toMember } from '../../services/members/scope';

/** GET /organization/members, DELETE /user/remove-staff and POST /user/move-staff. */
export const staffRoutes = (scope: FastifyInstance, app: FastifyInstance): void => {
  registerEndpoint(scope, getMembers, async ({ request }) => {
    const auth = authOf(request);
    const organizationId = auth.organization.id;
    const actor = await actorOf(app.db, auth);
    // The organisation's one scoping rule, so that a view-as session lists the viewed group only.
    const visible = await departmentScopeOf(app.db, auth);
    if (visible.kind === 'departments' && visible.ids.length === 0) throw new ApiError(403, OrganizationMessages.onlyAdministrator);
    const users = await app.db
      .selectFrom('users')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where(inDepartmentScope(visible, 'department_id'))
      .orderBy('last_name').orderBy('first_name').orderBy('email').execute();
    const assignments = await readAssignments(app.db, organizationId);
    const departments = await departmentMap(app.db, organizationId);
    return users.map((user) => toMember(actor, user, assignments, departments));
  });

  registerEndpoint(scope, removeStaff, async ({ body, request }) => {
    const auth = authOf(request);
    const organizationId = auth.organization.id;
    const actor = await actorOf(app.db, auth);
    if (!canManageMembers(actor)) throw new ApiError(403, OrganizationMessages.onlyAdministrator);
    if (!isUuid(body.user_id)) throw notBelong();
    await app.db.transaction().execute(async (trx) => {
      // Read under lock so that the rules judge the member as they are when the row goes.
      const target = await trx
        .selectFrom('users')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', body.user_id)
        .forUpdate()
        .executeTakeFirst();
      if (target === undefined) throw notBelong();
      const refusal = removalRefusal(actor, targetOf(target, await readAssignments(trx, organizationId)));
      if (refusal !== undefined) throw new ApiError(refusal.status, refusal.message);
      // Sessions, 2FA challenges and reset links go with the row (ON DELETE CASCADE).
      const deleted = await trx.deleteFrom('users').where('id', '=', target.id).where('organization_id', '=', organizationId).returning('id').executeTakeFirst();
      if (deleted === undefined) throw notBelong();
      await audit(trx, {
        organizationId,
        actor: auth.user.id,
        action: 'member.removed',
        address: request.ip,
        details: { user_id: target.id, email: target.email, role: target.role, department_id: target.department_id },
      });
    });
    return null;
  });

  registerEndpoint(scope, moveStaff, async ({ body, request }): Promise<Member> => {
    const auth = authOf(request);
    const organizationId = auth.organization.id;
    const actor = await actorOf(app.db, auth);
    if (!canManageMembers(actor)) throw new ApiError(403, OrganizationMessages.onlyAdministrator);
    const destination = await findDepartment(app.db, organizationId, body.department_id);
    if (destination === undefined || !isUuid(body.user_id)) throw notBelong();
    const moved = await app.db.transaction().execute(async (trx) => {
      const target = await trx
        .selectFrom('users')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', body.user_id)
        .forUpdate()
        .executeTakeFirst();
      if (target === undefined) throw notBelong();
      const facts = targetOf(target, await readAssignments(trx, organizationId));
      const refusal = moveRefusal(actor, facts, destination.id);
      if (refusal !== undefined) throw new ApiError(refusal.status, refusal.message);
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
        address: request.ip,
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
    return toMember(actor, moved, await readAssignments(app.db, organizationId), await departmentMap(app.db, organizationId));
  });
};
