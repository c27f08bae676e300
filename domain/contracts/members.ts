import * as t from 'io-ts';
import { LoginResult, Role } from './auth';
import { endpoint } from './endpoint';
import { isCalendarDay } from './organization';
import { FirstName, GROUP_NAME_LIMIT, GroupName, LastName } from './textLimits';

/**
 * Members and invitations (SPEC sections 6 and 7): creating groups and sub-groups with an
 * optional assignee, inviting sub-admins, a second admin and survey participants, checking and
 * accepting invitations, listing members, and removing, moving and re-assigning them.
 *
 * Decisions where SPEC is silent:
 *
 * Invitations
 * - A token is 256 random bits, emailed once, stored only as its sha-256; it works once and for
 *   INVITATION_TTL_DAYS days. Resending gives a new token and a new expiry: the old token dies.
 * - Every kind except 'survey' creates an account when accepted, so its address must not belong
 *   to any user of any organisation ('The email has already been taken.'). Inviting an address
 *   again while one of its invitations is pending revokes the older one: within the organisation,
 *   any account-creating kind replaces any other (one address, one account); a survey invitation
 *   replaces only the pending survey invitation of the same survey link.
 * - Links: group_assignee /check-department-invitation?token=, subgroup_assignee
 *   /subgroup-register?token=, sub_admin /check-invitation?token=, second_admin
 *   /login?second-admin-token=, staff /register?token=, survey /?token=<survey link>&invitation=.
 * - Who invites: sub-admins and groups: administrator and second administrator; another (second)
 *   administrator: the administrator only; a sub-group: administrator, second administrator or
 *   the assignee of its group; survey participants: administrator and second administrator.
 * - Who sees and changes invitations (GET /organization/invitations, PUT
 *   /organization/invitation-update): administrator and second administrator, all of them except
 *   that only the administrator handles 'second_admin' ones; a group assignee, the sub-group
 *   invitations of their group. Revoked invitations are not listed. The token is never sent.
 * - Released figures take survey answers in batches, so when a survey invitation was answered
 *   is told to the day only (answered_on, in the organisation's time zone), and the list is in
 *   the order invitations were made, newest first, never in the order they were answered.
 * - Changing the address always sends a new token to the new address; changing names alone
 *   sends nothing unless resend is true. revoke cannot be combined with other changes. Accepted
 *   or revoked invitations cannot change.
 * - Survey invitations: the survey link must be of the organisation (else 404), active and not
 *   expired, with at least as many seats left as addresses; the optional names go to every
 *   address (meant for a single invitee); the address may belong to a member (no account is made).
 *
 * Invitation checks (GET, query token; same answer for an unknown, used, revoked or expired
 * token and for a token of another kind, so the answer tells nothing more):
 * - /check-department-invitation: group_assignee; /check-activation-assignee: subgroup_assignee;
 *   /check-invitation and /check-sub-admin-token: sub_admin; /check-activation: every kind
 *   that creates an account (all but 'survey', whose link is checked by /check-register-token).
 *
 * Accepting: POST /invitation/accept takes every account-creating kind; the role is the kind,
 * the department the invitation's. POST /login-second-admin is the second administrator's
 * sign-in from the invitation link: a pending token with the same address (any letter case)
 * creates the account with that password; a token already accepted by the second administrator
 * of that address signs in like /login (password, then 2FA if on). It counts failures toward
 * the /login lockout.
 *
 * Members (GET /organization/members): the organisation's scoping rule
 * (server/services/organization/scope.ts): administrator, second administrator and sub-admin
 * see everyone, an assignee the departments they run (a group with its sub-groups), a view-as
 * session the viewed group; staff are refused. Changes (invitations, removal, moves, assignee
 * changes) are primary calls: they act as the signed-in person, never narrowed by view-as. Each member carries remove_reason and move_reason: null when the caller may do it.
 *
 * Removal (DELETE /user/remove-staff), in this order:
 *   yourself: cannotRemoveYourself (422); the administrator or anyone who runs a group or
 *   sub-group: cannotRemoveAdministratorOrAssignees (422); a second admin or sub-admin: the
 *   administrator only (403 'Only the administrator can do this.'); staff: the administrator, the
 *   second administrator, or the assignee of a group holding them (else outsideYourGroup, 403).
 *   The user row is deleted (sessions, challenges and resets cascade) in one transaction.
 * Move (POST /user/move-staff), in this order:
 *   the administrator: administratorCannotBeMoved (422); a group assignee:
 *   groupAssigneeCannotBeMoved (422); a sub-group assignee, second admin or sub-admin: the
 *   administrator only (a moved sub-group assignee stops running the sub-group and becomes
 *   staff); staff: administrator, second administrator, or a group assignee when both the
 *   member and the destination are in their group. Moving to the current department changes
 *   nothing and answers the member.
 * Assignee change (POST /organization/change-group-assignee, administrator and second
 *   administrator, a group or a sub-group): either user_id (a staff member of the organisation,
 *   who becomes the assignee at once and joins the department) or assignee (a new invitation;
 *   the department has no assignee until it is accepted). The previous assignee stays in the
 *   department as staff; pending assignee invitations of the department are revoked.
 *
 * Ids of another organisation answer exactly as ids that do not exist (404 with
 * notBelongToOrganization, or invitationNotFound).
 */

/** Days an emailed invitation stays usable. */
export const INVITATION_TTL_DAYS = 7;

/** At most this many addresses in one POST /survey-invitation. */
export const SURVEY_INVITATION_MAX = 200;

/** A group's or sub-group's name (the rule and its sentences: ./textLimits.ts). */
export const DEPARTMENT_NAME_MAX = GROUP_NAME_LIMIT.max;
export const DEPARTMENT_CAPACITY_MAX = 1_000_000;

export const InvitationKind = t.keyof({
  second_admin: null,
  sub_admin: null,
  group_assignee: null,
  subgroup_assignee: null,
  staff: null,
  survey: null,
});
export type InvitationKind = t.TypeOf<typeof InvitationKind>;

/** pending: usable; expired: past its expiry, can still be resent; accepted: used. */
export const InvitationStatus = t.keyof({ pending: null, expired: null, accepted: null, revoked: null });
export type InvitationStatus = t.TypeOf<typeof InvitationStatus>;

export const DepartmentRef = t.strict({ id: t.string, name: t.string, parent_id: t.union([t.string, t.null]) });
export type DepartmentRef = t.TypeOf<typeof DepartmentRef>;

/** A calendar day written 'YYYY-MM-DD', with no time of day. */
export const CalendarDay = t.refinement(t.string, isCalendarDay, 'calendar day YYYY-MM-DD');

/** An invitation as its managers see it; never carries the token. */
export const Invitation = t.strict({
  id: t.string,
  kind: InvitationKind,
  email: t.string,
  first_name: t.string,
  last_name: t.string,
  department: t.union([DepartmentRef, t.null]),
  /** Survey invitations: the survey link (survey_tokens.id) they are for. */
  survey_token_id: t.union([t.string, t.null]),
  status: InvitationStatus,
  /** ISO 8601 instants. */
  expires_at: t.string,
  /** Account invitations only: null for survey invitations, whose time of answer is a batch clue (see answered_on). */
  accepted_at: t.union([t.string, t.null]),
  created_at: t.string,
  invited_by: t.union([t.string, t.null]),
  /** Survey invitations: the day the invitee answered, in the organisation's time zone; null until then and for other kinds. */
  answered_on: t.union([CalendarDay, t.null]),
});
export type Invitation = t.TypeOf<typeof Invitation>;

/** Who a new group or sub-group's assignee is to be: they receive an invitation. */
export const AssigneeInput = t.strict({ email: t.string, first_name: FirstName, last_name: LastName });
export type AssigneeInput = t.TypeOf<typeof AssigneeInput>;

/** A group or sub-group just created, with the invitation of its assignee if one was asked for. */
export const CreatedDepartment = t.strict({
  id: t.string,
  name: t.string,
  parent_id: t.union([t.string, t.null]),
  capacity: t.union([t.number, t.null]),
  assignee_id: t.union([t.string, t.null]),
  invitation: t.union([Invitation, t.null]),
});
export type CreatedDepartment = t.TypeOf<typeof CreatedDepartment>;

const DepartmentFields = t.partial({ capacity: t.union([t.number, t.null]), assignee: t.union([AssigneeInput, t.null]) });

/** Administrator or second administrator: a tier 2 group. capacity null or absent: no limit. */
export const departmentRegister = endpoint({
  method: 'POST',
  path: '/department-register',
  body: t.intersection([t.strict({ name: GroupName }), DepartmentFields]),
  data: CreatedDepartment,
  primary: true,
});

/** Administrator, second administrator or the group's assignee: a tier 3 sub-group of group_id. */
export const inviteSubGroup = endpoint({
  method: 'POST',
  path: '/invite-sub-group',
  body: t.intersection([t.strict({ group_id: t.string, name: GroupName }), DepartmentFields]),
  data: CreatedDepartment,
  primary: true,
});

const PersonInput = t.strict({ email: t.string, first_name: FirstName, last_name: LastName });

/** Administrator or second administrator. */
export const inviteSubAdmin = endpoint({ method: 'POST', path: '/invite-sub-admin', body: PersonInput, data: Invitation, primary: true });

/** Administrator only: a second administrator, who signs up through POST /login-second-admin. */
export const inviteAnotherAdmin = endpoint({ method: 'POST', path: '/invite-another-admin', body: PersonInput, data: Invitation, primary: true });

/** Administrator or second administrator: one invitation per address to take the survey of a link. */
export const surveyInvitation = endpoint({
  method: 'POST',
  path: '/survey-invitation',
  body: t.intersection([
    t.strict({ survey_token_id: t.string, emails: t.array(t.string) }),
    t.partial({ first_name: FirstName, last_name: LastName }),
  ]),
  data: t.array(Invitation),
  primary: true,
});

export const getInvitations = endpoint({
  method: 'GET',
  path: '/organization/invitations',
  query: t.partial({ kind: InvitationKind }),
  data: t.array(Invitation),
});

export const updateInvitation = endpoint({
  method: 'PUT',
  path: '/organization/invitation-update',
  body: t.intersection([
    t.strict({ invitation_id: t.string }),
    t.partial({ email: t.string, first_name: FirstName, last_name: LastName, resend: t.boolean, revoke: t.boolean }),
  ]),
  data: Invitation,
  primary: true,
});

/** What an invitation link's page shows before the person accepts. */
export const InvitationCheck = t.strict({
  kind: InvitationKind,
  email: t.string,
  first_name: t.string,
  last_name: t.string,
  organization_name: t.string,
  department: t.union([DepartmentRef, t.null]),
  expires_at: t.string,
  /** The organisation requires single sign-on: the invitation is accepted by signing in with it, not by choosing a password. */
  sso_required: t.boolean,
});
export type InvitationCheck = t.TypeOf<typeof InvitationCheck>;

const TokenQuery = t.strict({ token: t.string });

export const checkInvitation = endpoint({ method: 'GET', path: '/check-invitation', query: TokenQuery, data: InvitationCheck });
export const checkActivation = endpoint({ method: 'GET', path: '/check-activation', query: TokenQuery, data: InvitationCheck });
export const checkActivationAssignee = endpoint({ method: 'GET', path: '/check-activation-assignee', query: TokenQuery, data: InvitationCheck });
export const checkDepartmentInvitation = endpoint({ method: 'GET', path: '/check-department-invitation', query: TokenQuery, data: InvitationCheck });
export const checkSubAdminToken = endpoint({ method: 'GET', path: '/check-sub-admin-token', query: TokenQuery, data: InvitationCheck });

/** Creates the account of an invitation and signs it in (the answer of POST /login). */
export const acceptInvitation = endpoint({
  method: 'POST',
  path: '/invitation/accept',
  body: t.strict({ token: t.string, first_name: FirstName, last_name: LastName, password: t.string, password_confirmation: t.string }),
  data: LoginResult,
});

export const loginSecondAdmin = endpoint({
  method: 'POST',
  path: '/login-second-admin',
  body: t.strict({ email: t.string, password: t.string, token: t.string }),
  data: LoginResult,
});

/** A member as the members-management page shows them. */
export const Member = t.strict({
  id: t.string,
  email: t.string,
  first_name: t.string,
  last_name: t.string,
  role: Role,
  department: t.union([DepartmentRef, t.null]),
  active: t.boolean,
  removable: t.boolean,
  /** Why the caller cannot remove this member; null when removable. */
  remove_reason: t.union([t.string, t.null]),
  movable: t.boolean,
  /** Why the caller cannot move this member; null when movable. */
  move_reason: t.union([t.string, t.null]),
});
export type Member = t.TypeOf<typeof Member>;

export const getMembers = endpoint({ method: 'GET', path: '/organization/members', data: t.array(Member) });

export const removeStaff = endpoint({ method: 'DELETE', path: '/user/remove-staff', body: t.strict({ user_id: t.string }), data: t.null, primary: true });

export const moveStaff = endpoint({
  method: 'POST',
  path: '/user/move-staff',
  body: t.strict({ user_id: t.string, department_id: t.string }),
  data: Member,
  primary: true,
});

export const changeGroupAssignee = endpoint({
  method: 'POST',
  path: '/organization/change-group-assignee',
  body: t.intersection([t.strict({ department_id: t.string }), t.partial({ user_id: t.string, assignee: AssigneeInput })]),
  data: t.strict({ department_id: t.string, assignee_id: t.union([t.string, t.null]), invitation: t.union([Invitation, t.null]) }),
  primary: true,
});

/** Server wording of this area (SPEC sections 5, 6 and 8). */
export const MemberMessages = {
  /** SPEC 8 'activation link does not exist or expired': unknown, used, revoked or expired alike. */
  activationInvalid: 'This activation link does not exist or has expired.',
  /** SPEC 8 'department or user does not belong to your organisation'. */
  notBelongToOrganization: 'This department or user does not belong to your organisation.',
  /** SPEC 8 'cannot remove administrator or assignees'. */
  cannotRemoveAdministratorOrAssignees: 'The administrator and assignees cannot be removed.',
  cannotRemoveYourself: 'You cannot remove yourself.',
  groupAssigneeCannotBeMoved: 'Group assignees cannot be moved.',
  administratorCannotBeMoved: 'The administrator cannot be moved.',
  outsideYourGroup: 'This member or department is not in your group.',
  /** SPEC 5 wording: group_id of POST /invite-sub-group names a sub-group, not a group. */
  selectExistingGroup: 'Please select an existing group',
  groupNameTaken: 'A group with this name already exists.',
  subGroupNameTaken: 'A sub-group with this name already exists in this group.',
  departmentNameRequired: 'Please enter a name.',
  departmentNameTooLong: GROUP_NAME_LIMIT.tooLong,
  capacityInvalid: `The capacity must be a whole number from 0 to ${DEPARTMENT_CAPACITY_MAX}, or empty for no limit.`,
  invitationNotFound: 'This invitation does not exist.',
  invitationClosed: 'This invitation has already been accepted or revoked.',
  revokeWithChanges: 'An invitation cannot be revoked and changed at once.',
  assigneeChoice: 'Choose either a member or a new person to invite as the assignee.',
  assigneeMustBeStaff: 'Only a staff member can become an assignee.',
  emailsCount: `Please provide 1 to ${SURVEY_INVITATION_MAX} email addresses.`,
  emailRepeated: 'This email address is listed more than once.',
  surveyLinkNotFound: 'This survey link does not exist.',
  surveyLinkClosed: 'This survey link is inactive or has expired.',
  /** SPEC 8 'token has no seats'. */
  surveyLinkNoSeats: 'This survey link has no seats left.',
  /** SPEC 8 'not enough users left'. */
  surveyLinkNotEnoughSeats: 'This survey link has fewer seats left than addresses to invite.',
} as const;
