import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { AuthMessages } from '../../../domain/contracts/auth';
import {
  type AssigneeInput,
  changeGroupAssignee,
  type CreatedDepartment,
  DEPARTMENT_CAPACITY_MAX,
  DEPARTMENT_NAME_MAX,
  departmentRegister,
  getInvitations,
  type Invitation,
  inviteAnotherAdmin,
  inviteSubAdmin,
  inviteSubGroup,
  MemberMessages,
  SURVEY_INVITATION_MAX,
  surveyInvitation,
  updateInvitation,
} from '../../../domain/contracts/members';
import { OrganizationMessages } from '../../../domain/contracts/organization';
import type { Database, DepartmentRow, InvitationRow } from '../../db/database';
import { ApiError } from '../../http/apiError';
import { registerEndpoint } from '../../http/route';
import { type AuthContext, authOf } from '../../plugins/auth';
import { audit } from '../../services/auth/audit';
import { departmentScopeOf } from '../../services/organization/scope';
import { type FieldErrors, invalidData, isUniqueViolation } from '../../services/auth/errors';
import { findUserByEmail, normalizeEmail } from '../../services/auth/users';
import {
  type AccountKind,
  createInvitation,
  departmentRefs,
  type IssuedInvitation,
  invitationMail,
  isUuid,
  renewInvitationToken,
  revokeReplaced,
  toInvitation,
  toInvitations,
} from '../../services/invitations';
import { isAcceptableEmail, textFieldErrors } from '../../services/auth/fields';
import { findDepartment, findMember, managedDepartments, notBelong, optionalNameErrors, personErrors, requireRole } from '../../services/members/scope';

const throwIfAny = (errors: FieldErrors): void => {
  if (Object.keys(errors).length > 0) throw invalidData(errors);
};

const fullName = (auth: AuthContext): string => `${auth.user.first_name} ${auth.user.last_name}`.trim();

/** Mails an issued invitation (after its transaction committed: the mailer writes with app.db). */
const mailInvitation = async (
  app: FastifyInstance,
  auth: AuthContext,
  issued: IssuedInvitation,
  extra: { departmentName?: string; surveyLinkToken?: string } = {},
): Promise<void> => {
  await app.mailer.send(
    invitationMail({
      appUrl: app.config.appUrl,
      row: issued.row,
      token: issued.token,
      organizationName: auth.organization.name,
      inviterName: fullName(auth),
      ...extra,
    }),
  );
};

const auditInvitation = (db: Kysely<Database>, auth: AuthContext, request: FastifyRequest, action: string, row: InvitationRow, details: Record<string, string | boolean | string[]> = {}) =>
  audit(db, {
    organizationId: auth.organization.id,
    actor: auth.user.id,
    action,
    address: request.ip,
    details: { invitation_id: row.id, kind: row.kind, email: row.email, department_id: row.department_id, ...details },
  });

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

/** POST /department-register and /invite-sub-group: the department and its assignee's invitation in one transaction. */
const createDepartment = async (app: FastifyInstance, request: FastifyRequest, auth: AuthContext, input: NewDepartment): Promise<CreatedDepartment> => {
  const organizationId = auth.organization.id;
  const name = input.name.trim();
  const takenMessage = input.parentId === null ? MemberMessages.groupNameTaken : MemberMessages.subGroupNameTaken;
  const errors = departmentErrors(input.name, input.capacity);
  if (input.assignee) Object.assign(errors, await personErrors(app.db, input.assignee, 'assignee.'));
  if (errors.name === undefined && (await nameTaken(app.db, organizationId, input.parentId, name))) errors.name = [takenMessage];
  throwIfAny(errors);

  const kind: AccountKind = input.parentId === null ? 'group_assignee' : 'subgroup_assignee';
  let created: { department: DepartmentRow; issued: IssuedInvitation | undefined };
  try {
    created = await app.db.transaction().execute(async (trx) => {
      const department = await trx
        .insertInto('departments')
        .values({ organization_id: organizationId, parent_id: input.parentId, name, capacity: input.capacity ?? null, assignee_id: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, {
        organizationId,
        actor: auth.user.id,
        action: 'department.created',
        address: request.ip,
        details: { department_id: department.id, parent_id: department.parent_id, name },
      });
      if (!input.assignee) return { department, issued: undefined };
      const issued = await createInvitation(trx, {
        organizationId,
        kind,
        email: input.assignee.email,
        firstName: input.assignee.first_name,
        lastName: input.assignee.last_name,
        departmentId: department.id,
        invitedBy: auth.user.id,
      });
      await auditInvitation(trx, auth, request, 'invitation.created', issued.row);
      return { department, issued };
    });
  } catch (error) {
    // Two creations of one name at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw invalidData({ name: [takenMessage] });
    throw error;
  }
  const { department, issued } = created;
  if (issued) await mailInvitation(app, auth, issued, { departmentName: department.name });
  const ref = { id: department.id, name: department.name, parent_id: department.parent_id };
  return {
    id: department.id,
    name: department.name,
    parent_id: department.parent_id,
    capacity: department.capacity,
    assignee_id: department.assignee_id,
    invitation: issued ? toInvitation(issued.row, ref) : null,
  };
};

/** POST /invite-sub-admin and /invite-another-admin. */
const invitePerson = async (
  app: FastifyInstance,
  request: FastifyRequest,
  auth: AuthContext,
  kind: 'sub_admin' | 'second_admin',
  person: { email: string; first_name: string; last_name: string },
): Promise<Invitation> => {
  throwIfAny(await personErrors(app.db, person));
  const issued = await app.db.transaction().execute(async (trx) => {
    const result = await createInvitation(trx, {
      organizationId: auth.organization.id,
      kind,
      email: person.email,
      firstName: person.first_name,
      lastName: person.last_name,
      departmentId: null,
      invitedBy: auth.user.id,
    });
    await auditInvitation(trx, auth, request, 'invitation.created', result.row);
    return result;
  });
  await mailInvitation(app, auth, issued);
  return toInvitation(issued.row, null);
};

interface InvitationScope {
  /** Also 'second_admin' invitations (the administrator only). */
  readonly all: boolean;
  /** A group assignee: only the sub-group assignee invitations of these sub-groups. */
  readonly departments?: readonly string[];
}

/**
 * Which invitations the caller manages: administrator all, second administrator all but
 * 'second_admin', a group assignee those of the sub-groups of their group. undefined: none.
 */
const invitationScope = async (db: Kysely<Database>, auth: AuthContext): Promise<InvitationScope | undefined> => {
  if (auth.user.role === 'admin') return { all: true };
  if (auth.user.role === 'second_admin') return { all: false };
  const managed = await managedDepartments(db, auth.organization.id, auth.user.id);
  if (managed.size === 0) return undefined;
  const subGroups = await db
    .selectFrom('departments')
    .select('id')
    .where('organization_id', '=', auth.organization.id)
    .where('id', 'in', [...managed])
    .where('parent_id', 'is not', null)
    .execute();
  return { all: false, departments: subGroups.map((row) => row.id) };
};

const scopedInvitations = (db: Kysely<Database>, organizationId: string, scope: InvitationScope) => {
  let query = db.selectFrom('invitations').selectAll().where('organization_id', '=', organizationId);
  if (!scope.all) query = query.where('kind', '!=', 'second_admin');
  if (scope.departments !== undefined) {
    // A group assignee: only the assignee invitations of their sub-groups.
    if (scope.departments.length === 0) return undefined;
    query = query.where('kind', '=', 'subgroup_assignee').where('department_id', 'in', scope.departments);
  }
  return query;
};

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

/** The invitation endpoints for signed-in callers: creating, listing, changing. */
export const inviteRoutes = (scope: FastifyInstance, app: FastifyInstance): void => {
  registerEndpoint(scope, departmentRegister, async ({ body, request }) => {
    const auth = authOf(request);
    requireRole(auth, ['admin', 'second_admin']);
    return createDepartment(app, request, auth, { parentId: null, name: body.name, capacity: body.capacity, assignee: body.assignee });
  });

  registerEndpoint(scope, inviteSubGroup, async ({ body, request }) => {
    const auth = authOf(request);
    const manager = auth.user.role === 'admin' || auth.user.role === 'second_admin';
    const managed = manager ? new Set<string>() : await managedDepartments(app.db, auth.organization.id, auth.user.id);
    if (!manager && managed.size === 0) throw new ApiError(403, OrganizationMessages.onlyAdministrator);
    const group = await findDepartment(app.db, auth.organization.id, body.group_id);
    if (group === undefined) throw notBelong();
    if (group.parent_id !== null) throw invalidData({ group_id: [MemberMessages.selectExistingGroup] });
    if (!manager && group.assignee_id !== auth.user.id) throw new ApiError(403, MemberMessages.outsideYourGroup);
    return createDepartment(app, request, auth, { parentId: group.id, name: body.name, capacity: body.capacity, assignee: body.assignee });
  });

  registerEndpoint(scope, inviteSubAdmin, async ({ body, request }) => {
    const auth = authOf(request);
    requireRole(auth, ['admin', 'second_admin']);
    return invitePerson(app, request, auth, 'sub_admin', body);
  });

  registerEndpoint(scope, inviteAnotherAdmin, async ({ body, request }) => {
    const auth = authOf(request);
    requireRole(auth, ['admin']);
    return invitePerson(app, request, auth, 'second_admin', body);
  });

  registerEndpoint(scope, surveyInvitation, async ({ body, request }) => {
    const auth = authOf(request);
    requireRole(auth, ['admin', 'second_admin']);
    const organizationId = auth.organization.id;
    if (body.emails.length < 1 || body.emails.length > SURVEY_INVITATION_MAX) throw invalidData({ emails: [MemberMessages.emailsCount] });
    const errors: FieldErrors = {};
    const seen = new Set<string>();
    body.emails.forEach((email, index) => {
      if (!isAcceptableEmail(email)) errors[`emails.${index}`] = [AuthMessages.invalidEmail];
      else if (seen.has(normalizeEmail(email))) errors[`emails.${index}`] = [MemberMessages.emailRepeated];
      seen.add(normalizeEmail(email));
    });
    Object.assign(errors, optionalNameErrors(body.first_name, 'first_name', 'first name'), optionalNameErrors(body.last_name, 'last_name', 'last name'));
    throwIfAny(errors);

    const link = isUuid(body.survey_token_id)
      ? await app.db
          .selectFrom('survey_tokens')
          .selectAll()
          .where('organization_id', '=', organizationId)
          .where('id', '=', body.survey_token_id)
          .executeTakeFirst()
      : undefined;
    if (link === undefined) throw new ApiError(404, MemberMessages.surveyLinkNotFound);
    const now = new Date();
    if (!link.active || link.expires_at.getTime() <= now.getTime()) throw new ApiError(422, MemberMessages.surveyLinkClosed);
    const seatsLeft = link.capacity - link.used;
    if (seatsLeft <= 0) throw new ApiError(422, MemberMessages.surveyLinkNoSeats);
    if (body.emails.length > seatsLeft) throw new ApiError(422, MemberMessages.surveyLinkNotEnoughSeats);

    const issued = await app.db.transaction().execute(async (trx) => {
      const list: IssuedInvitation[] = [];
      for (const email of body.emails) {
        const result = await createInvitation(
          trx,
          {
            organizationId,
            kind: 'survey',
            email,
            firstName: body.first_name ?? '',
            lastName: body.last_name ?? '',
            departmentId: null,
            invitedBy: auth.user.id,
            surveyTokenId: link.id,
          },
          now,
        );
        await auditInvitation(trx, auth, request, 'invitation.created', result.row, { survey_token_id: link.id });
        list.push(result);
      }
      return list;
    });
    for (const each of issued) await mailInvitation(app, auth, each, { surveyLinkToken: link.token });
    return issued.map((each) => toInvitation(each.row, null, now));
  });

  registerEndpoint(scope, getInvitations, async ({ query, request }) => {
    const auth = authOf(request);
    const invitationsScope = await invitationScope(app.db, auth);
    if (invitationsScope === undefined) throw new ApiError(403, OrganizationMessages.onlyAdministrator);
    let rows = scopedInvitations(app.db, auth.organization.id, invitationsScope);
    if (rows === undefined) return [];
    rows = rows.where('revoked_at', 'is', null);
    if (query.kind !== undefined) rows = rows.where('kind', '=', query.kind);
    // Viewing as a group shows that group's invitations only, like every other list.
    if (auth.viewAsGroupId !== null) {
      const viewed = await departmentScopeOf(app.db, auth);
      if (viewed.kind === 'departments') {
        if (viewed.ids.length === 0) return [];
        rows = rows.where('department_id', 'in', [...viewed.ids]);
      }
    }
    return toInvitations(app.db, auth.organization.id, await rows.orderBy('created_at', 'desc').orderBy('id').execute());
  });

  registerEndpoint(scope, updateInvitation, async ({ body, request }) => {
    const auth = authOf(request);
    const organizationId = auth.organization.id;
    const invitationsScope = await invitationScope(app.db, auth);
    if (invitationsScope === undefined) throw new ApiError(403, OrganizationMessages.onlyAdministrator);
    const scoped = scopedInvitations(app.db, organizationId, invitationsScope);
    const row = scoped !== undefined && isUuid(body.invitation_id) ? await scoped.where('id', '=', body.invitation_id).executeTakeFirst() : undefined;
    if (row === undefined) throw new ApiError(404, MemberMessages.invitationNotFound);
    if (row.accepted_at !== null || row.revoked_at !== null) throw new ApiError(422, MemberMessages.invitationClosed);

    const email = body.email?.trim();
    const emailChanged = email !== undefined && normalizeEmail(email) !== normalizeEmail(row.email);
    const changes = {
      ...(email !== undefined && email !== row.email ? { email } : {}),
      ...(body.first_name !== undefined && body.first_name.trim() !== row.first_name ? { first_name: body.first_name.trim() } : {}),
      ...(body.last_name !== undefined && body.last_name.trim() !== row.last_name ? { last_name: body.last_name.trim() } : {}),
    };
    const renew = emailChanged || body.resend === true;
    const now = new Date();

    if (body.revoke === true) {
      if (Object.keys(changes).length > 0 || body.resend === true) throw invalidData({ revoke: [MemberMessages.revokeWithChanges] });
      const revoked = await app.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('invitations')
          .set({ revoked_at: now })
          .where('id', '=', row.id)
          .where('organization_id', '=', organizationId)
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (updated !== undefined) await auditInvitation(trx, auth, request, 'invitation.revoked', updated);
        return updated;
      });
      if (revoked === undefined) throw new ApiError(422, MemberMessages.invitationClosed);
      return (await toInvitations(app.db, organizationId, [revoked], now))[0]!;
    }

    const errors: FieldErrors = {};
    if (email !== undefined) {
      if (!isAcceptableEmail(email)) errors.email = [AuthMessages.invalidEmail];
      else if (emailChanged && row.kind !== 'survey' && (await findUserByEmail(app.db, email)) !== undefined) errors.email = [AuthMessages.emailTaken];
    }
    if (row.kind === 'survey') {
      Object.assign(errors, optionalNameErrors(body.first_name, 'first_name', 'first name'), optionalNameErrors(body.last_name, 'last_name', 'last name'));
    } else {
      const first = body.first_name === undefined ? undefined : textFieldErrors(body.first_name, 'first name');
      if (first) errors.first_name = first;
      const last = body.last_name === undefined ? undefined : textFieldErrors(body.last_name, 'last name');
      if (last) errors.last_name = last;
    }
    throwIfAny(errors);
    if (Object.keys(changes).length === 0 && !renew) return (await toInvitations(app.db, organizationId, [row], now))[0]!;

    const surveyTokenId = row.kind === 'survey' ? toInvitation(row, null).survey_token_id : null;
    const result = await app.db.transaction().execute(async (trx) => {
      let updated: InvitationRow | undefined = row;
      if (Object.keys(changes).length > 0) {
        updated = await trx
          .updateTable('invitations')
          .set(changes)
          .where('id', '=', row.id)
          .where('organization_id', '=', organizationId)
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
      }
      if (updated === undefined) return undefined;
      if (emailChanged) {
        await revokeReplaced(trx, { organizationId, kind: row.kind, email: updated.email, ...(surveyTokenId ? { surveyTokenId } : {}) }, now, row.id);
      }
      const issued = renew ? await renewInvitationToken(trx, organizationId, row.id, now) : undefined;
      const final = issued?.row ?? updated;
      await auditInvitation(trx, auth, request, 'invitation.updated', final, {
        fields: Object.keys(changes),
        resent: renew,
        ...(emailChanged ? { previous_email: row.email } : {}),
      });
      return { row: final, issued };
    });
    if (result === undefined) throw new ApiError(422, MemberMessages.invitationClosed);
    if (result.issued !== undefined) {
      const departments = await departmentRefs(app.db, organizationId, [result.row.department_id]);
      const surveyLink =
        surveyTokenId === null
          ? undefined
          : await app.db.selectFrom('survey_tokens').select('token').where('organization_id', '=', organizationId).where('id', '=', surveyTokenId).executeTakeFirst();
      await mailInvitation(app, auth, result.issued, {
        ...(result.row.department_id !== null && departments.has(result.row.department_id) ? { departmentName: departments.get(result.row.department_id)!.name } : {}),
        ...(surveyLink ? { surveyLinkToken: surveyLink.token } : {}),
      });
    }
    return (await toInvitations(app.db, organizationId, [result.row], now))[0]!;
  });

  registerEndpoint(scope, changeGroupAssignee, async ({ body, request }) => {
    const auth = authOf(request);
    requireRole(auth, ['admin', 'second_admin']);
    const organizationId = auth.organization.id;
    const department = await findDepartment(app.db, organizationId, body.department_id);
    if (department === undefined) throw notBelong();
    if ((body.user_id === undefined) === (body.assignee === undefined)) throw invalidData({ user_id: [MemberMessages.assigneeChoice] });
    const kind = assigneeKind(department);
    const now = new Date();

    if (body.user_id !== undefined) {
      const user = await findMember(app.db, organizationId, body.user_id);
      if (user === undefined) throw notBelong();
      if (department.assignee_id === user.id) return { department_id: department.id, assignee_id: user.id, invitation: null };
      if (user.role !== 'staff') throw invalidData({ user_id: [MemberMessages.assigneeMustBeStaff] });
      await app.db.transaction().execute(async (trx) => {
        const previous = await trx
          .updateTable('departments')
          .set({ assignee_id: user.id })
          .where('id', '=', department.id)
          .where('organization_id', '=', organizationId)
          .returning('id')
          .executeTakeFirst();
        if (previous === undefined) throw notBelong();
        if (department.assignee_id !== null) {
          await trx
            .updateTable('users')
            .set({ role: 'staff' })
            .where('id', '=', department.assignee_id)
            .where('organization_id', '=', organizationId)
            .where('role', 'in', ['group_assignee', 'subgroup_assignee'])
            .execute();
        }
        await trx
          .updateTable('users')
          .set({ role: kind, department_id: department.id })
          .where('id', '=', user.id)
          .where('organization_id', '=', organizationId)
          .execute();
        const revoked = await revokeAssigneeInvitations(trx, organizationId, department.id, now);
        await audit(trx, {
          organizationId,
          actor: auth.user.id,
          action: 'department.assignee_changed',
          address: request.ip,
          details: { department_id: department.id, previous_assignee_id: department.assignee_id, assignee_id: user.id, revoked_invitations: revoked },
        });
      });
      return { department_id: department.id, assignee_id: user.id, invitation: null };
    }

    const assignee = body.assignee!;
    throwIfAny(await personErrors(app.db, assignee, 'assignee.'));
    const issued = await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('departments').set({ assignee_id: null }).where('id', '=', department.id).where('organization_id', '=', organizationId).execute();
      if (department.assignee_id !== null) {
        await trx
          .updateTable('users')
          .set({ role: 'staff' })
          .where('id', '=', department.assignee_id)
          .where('organization_id', '=', organizationId)
          .where('role', 'in', ['group_assignee', 'subgroup_assignee'])
          .execute();
      }
      const revoked = await revokeAssigneeInvitations(trx, organizationId, department.id, now);
      const result = await createInvitation(
        trx,
        {
          organizationId,
          kind,
          email: assignee.email,
          firstName: assignee.first_name,
          lastName: assignee.last_name,
          departmentId: department.id,
          invitedBy: auth.user.id,
        },
        now,
      );
      await audit(trx, {
        organizationId,
        actor: auth.user.id,
        action: 'department.assignee_changed',
        address: request.ip,
        details: { department_id: department.id, previous_assignee_id: department.assignee_id, assignee_id: null, invitation_id: result.row.id, revoked_invitations: revoked },
      });
      await auditInvitation(trx, auth, request, 'invitation.created', result.row);
      return result;
    });
    await mailInvitation(app, auth, issued, { departmentName: department.name });
    const ref = { id: department.id, name: department.name, parent_id: department.parent_id };
    return { department_id: department.id, assignee_id: null, invitation: toInvitation(issued.row, ref, now) };
  });
};
