import type { FastifyInstance } from 'fastify';
import { getMembers, moveStaff, removeStaff } from '../../../domain/contracts/members';
import { registerEndpoint } from '../../http/route';
import { authOf } from '../../plugins/auth';
import { listMembers, moveMember, removeMember } from '../../services/members/staff';

/** GET /organization/members, DELETE /user/remove-staff and POST /user/move-staff (services/members/staff.ts). */
export const staffRoutes = (scope: FastifyInstance, app: FastifyInstance): void => {
  registerEndpoint(scope, getMembers, async ({ request }) => listMembers(app.db, authOf(request)));

  registerEndpoint(scope, removeStaff, async ({ body, request }) => {
    await removeMember(app.db, { auth: authOf(request), address: request.ip, userId: body.user_id });
    return null;
  });

  registerEndpoint(scope, moveStaff, async ({ body, request }) =>
    moveMember(app.db, { auth: authOf(request), address: request.ip, userId: body.user_id, departmentId: body.department_id }),
  );
};
