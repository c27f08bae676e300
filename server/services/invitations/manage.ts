import type { Kysely } from 'kysely';
import { AuthMessages } from '../../../domain/contracts/auth';
import type { BodyOf, QueryOf } from '../../../domain/contracts/endpoint';
import { type getInvitations, type Invitation, MemberMessages, type updateInvitation } from '../../../domain/contracts/members';
import { OrganizationMessages } from '../../../domain/contracts/organization';
import type { Database, InvitationRow } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { type FieldErrors, forbidden, invalid, invalidData, notFound } from '../errors';
import { isAcceptableEmail, textFieldErrors } from '../auth/fields';
import { findUserByEmail, normalizeEmail } from '../auth/users';
import { managedDepartments, optionalNameErrors } from '../members/scope';
import { departmentScopeOf } from '../organization/scope';
import { departmentRefs, type IssuedInvitation, isUuid, renewInvitationToken, revokeReplaced, toInvitation, toInvitations } from './index';
import { auditInvitation, type Invited, type Inviter, inviterMail, throwIfAny } from './inviter';

interface InvitationScope {
  /** Also 'second_admin' invitations (the administrator only). */
  readonly all: boolean;
  /** A group assignee: only the sub-group assignee invitations of these sub-groups. */
  readonly departments?: readonly string[];
}

/**
 * Which invitations the caller manages: administrator all, second administrator all but
 * 'second_admin', a group assignee those of the sub-groups of their group. Anyone else: 403.
 */
const invitationScope = async (db: Kysely<Database>, auth: AuthContext): Promise<InvitationScope> => {
  if (auth.user.role === 'admin') return { all: true };
  if (auth.user.role === 'second_admin') return { all: false };
  const managed = await managedDepartments(db, auth.organization.id, auth.user.id);
  if (managed.size === 0) throw forbidden(OrganizationMessages.onlyAdministrator);
  const subGroups = await db
    .selectFrom('departments')
    .select('id')
    .where('organization_id', '=', auth.organization.id)
    .where('id', 'in', [...managed])
    .where('parent_id', 'is not', null)
    .execute();
  return { all: false, departments: subGroups.map((row) => row.id) };
};

/** The invitations of the scope, or undefined when it holds none. */
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

/** GET /organization/invitations: the invitations the caller manages, not revoked, newest first. */
export const listInvitations = async (db: Kysely<Database>, auth: AuthContext, query: QueryOf<typeof getInvitations>): Promise<Invitation[]> => {
  let rows = scopedInvitations(db, auth.organization.id, await invitationScope(db, auth));
  if (rows === undefined) return [];
  rows = rows.where('revoked_at', 'is', null);
  if (query.kind !== undefined) rows = rows.where('kind', '=', query.kind);
  // Viewing as a group shows that group's invitations only, like every other list.
  if (auth.viewAsGroupId !== null) {
    const viewed = await departmentScopeOf(db, auth);
    if (viewed.kind === 'departments') {
      if (viewed.ids.length === 0) return [];
      rows = rows.where('department_id', 'in', [...viewed.ids]);
    }
  }
  // Never by accepted_at: the order of answers would say which release batch took whose answer.
  return toInvitations(db, auth.organization, await rows.orderBy('created_at', 'desc').orderBy('id').execute());
};

type InvitationForm = BodyOf<typeof updateInvitation>;

/** A pending invitation the caller manages: 404 when it is not one of theirs, 422 when no longer pending. */
const findManagedInvitation = async (db: Kysely<Database>, auth: AuthContext, invitationId: string): Promise<InvitationRow> => {
  const scoped = scopedInvitations(db, auth.organization.id, await invitationScope(db, auth));
  const row = scoped !== undefined && isUuid(invitationId) ? await scoped.where('id', '=', invitationId).executeTakeFirst() : undefined;
  if (row === undefined) throw notFound(MemberMessages.invitationNotFound);
  if (row.accepted_at !== null || row.revoked_at !== null) throw invalid(MemberMessages.invitationClosed);
  return row;
};

/** What the form changes of the invitation, field by field (only what differs). */
interface InvitationEdit {
  readonly email: string | undefined;
  readonly emailChanged: boolean;
  readonly changes: Partial<Pick<InvitationRow, 'email' | 'first_name' | 'last_name'>>;
  /** A new token (and email) is sent: the address changed or a resend was asked for. */
  readonly renew: boolean;
}

const editOf = (row: InvitationRow, form: InvitationForm): InvitationEdit => {
  const email = form.email?.trim();
  const emailChanged = email !== undefined && normalizeEmail(email) !== normalizeEmail(row.email);
  const changes = {
    ...(email !== undefined && email !== row.email ? { email } : {}),
    ...(form.first_name !== undefined && form.first_name.trim() !== row.first_name ? { first_name: form.first_name.trim() } : {}),
    ...(form.last_name !== undefined && form.last_name.trim() !== row.last_name ? { last_name: form.last_name.trim() } : {}),
  };
  return { email, emailChanged, changes, renew: emailChanged || form.resend === true };
};

const revokeInvitation = async (db: Kysely<Database>, inviter: Inviter, row: InvitationRow, now: Date): Promise<Invitation> => {
  const organizationId = inviter.auth.organization.id;
  const revoked = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('invitations')
      .set({ revoked_at: now })
      .where('id', '=', row.id)
      .where('organization_id', '=', organizationId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (updated !== undefined) await auditInvitation(trx, inviter, 'invitation.revoked', updated);
    return updated;
  });
  if (revoked === undefined) throw invalid(MemberMessages.invitationClosed);
  return (await toInvitations(db, inviter.auth.organization, [revoked], now))[0]!;
};

/** An account invitation needs both names and a free address; a survey invitation's names are optional. */
const editErrors = async (db: Kysely<Database>, row: InvitationRow, form: InvitationForm, edit: InvitationEdit): Promise<FieldErrors> => {
  const errors: FieldErrors = {};
  if (edit.email !== undefined) {
    if (!isAcceptableEmail(edit.email)) errors.email = [AuthMessages.invalidEmail];
    else if (edit.emailChanged && row.kind !== 'survey' && (await findUserByEmail(db, edit.email)) !== undefined) errors.email = [AuthMessages.emailTaken];
  }
  if (row.kind === 'survey') {
    Object.assign(errors, optionalNameErrors(form.first_name, 'first_name', 'first name'), optionalNameErrors(form.last_name, 'last_name', 'last name'));
  } else {
    const first = form.first_name === undefined ? undefined : textFieldErrors(form.first_name, 'first name');
    if (first) errors.first_name = first;
    const last = form.last_name === undefined ? undefined : textFieldErrors(form.last_name, 'last name');
    if (last) errors.last_name = last;
  }
  return errors;
};

/**
 * The edit inside the caller's transaction: the changed fields, the older invitations a new
 * address replaces, a new token when one is to be sent. undefined when the invitation was
 * accepted or revoked meanwhile.
 */
const applyEdit = async (
  trx: Kysely<Database>,
  inviter: Inviter,
  row: InvitationRow,
  edit: InvitationEdit,
  surveyTokenId: string | null,
  now: Date,
): Promise<{ row: InvitationRow; issued: IssuedInvitation | undefined } | undefined> => {
  const organizationId = inviter.auth.organization.id;
  let updated: InvitationRow | undefined = row;
  if (Object.keys(edit.changes).length > 0) {
    updated = await trx
      .updateTable('invitations')
      .set(edit.changes)
      .where('id', '=', row.id)
      .where('organization_id', '=', organizationId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }
  if (updated === undefined) return undefined;
  if (edit.emailChanged) {
    await revokeReplaced(trx, { organizationId, kind: row.kind, email: updated.email, ...(surveyTokenId ? { surveyTokenId } : {}) }, now, row.id);
  }
  const issued = edit.renew ? await renewInvitationToken(trx, organizationId, row.id, now) : undefined;
  const final = issued?.row ?? updated;
  await auditInvitation(trx, inviter, 'invitation.updated', final, {
    fields: Object.keys(edit.changes),
    resent: edit.renew,
    ...(edit.emailChanged ? { previous_email: row.email } : {}),
  });
  return { row: final, issued };
};

/** The email of a renewed invitation, naming its department or carrying its survey link as the first one did. */
const renewalMail = async (db: Kysely<Database>, inviter: Inviter, row: InvitationRow, issued: IssuedInvitation, surveyTokenId: string | null) => {
  const organizationId = inviter.auth.organization.id;
  const departments = await departmentRefs(db, organizationId, [row.department_id]);
  const surveyLink =
    surveyTokenId === null
      ? undefined
      : await db.selectFrom('survey_tokens').select('token').where('organization_id', '=', organizationId).where('id', '=', surveyTokenId).executeTakeFirst();
  return inviterMail(inviter, issued, {
    ...(row.department_id !== null && departments.has(row.department_id) ? { departmentName: departments.get(row.department_id)!.name } : {}),
    ...(surveyLink ? { surveyLinkToken: surveyLink.token } : {}),
  });
};

/**
 * PUT /organization/invitation-update: revokes a pending invitation, or changes its address
 * and names, sending a new link when the address changed or a resend was asked for.
 */
export const changeInvitation = async (db: Kysely<Database>, inviter: Inviter, form: InvitationForm): Promise<Invited<Invitation>> => {
  const organization = inviter.auth.organization;
  const row = await findManagedInvitation(db, inviter.auth, form.invitation_id);
  const edit = editOf(row, form);
  const now = new Date();
  const changed = Object.keys(edit.changes).length > 0;

  if (form.revoke === true) {
    if (changed || form.resend === true) throw invalidData({ revoke: [MemberMessages.revokeWithChanges] });
    return { result: await revokeInvitation(db, inviter, row, now), mails: [] };
  }

  throwIfAny(await editErrors(db, row, form, edit));
  if (!changed && !edit.renew) return { result: (await toInvitations(db, organization, [row], now))[0]!, mails: [] };

  const surveyTokenId = row.kind === 'survey' ? toInvitation(row, null, organization).survey_token_id : null;
  const saved = await db.transaction().execute((trx) => applyEdit(trx, inviter, row, edit, surveyTokenId, now));
  if (saved === undefined) throw invalid(MemberMessages.invitationClosed);
  const mails = saved.issued === undefined ? [] : [await renewalMail(db, inviter, saved.row, saved.issued, surveyTokenId)];
  return { result: (await toInvitations(db, organization, [saved.row], now))[0]!, mails };
};
