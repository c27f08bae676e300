import type { Kysely } from 'kysely';
import { AuthMessages, type LoginResult } from '../../../domain/contracts/auth';
import type { BodyOf } from '../../../domain/contracts/endpoint';
import { Messages } from '../../../domain/contracts/envelope';
import { type acceptInvitation, type InvitationCheck, type InvitationKind, type loginSecondAdmin, MemberMessages } from '../../../domain/contracts/members';
import type { ServerConfig } from '../../config';
import { type Database, type InvitationRow, toJson, type UserRow } from '../../db/database';
import { audit } from '../auth/audit';
import { assertNotLockedOut, checkCredentials, recordFailedAttempt } from '../auth/credentials';
import { isUniqueViolation } from '../../db/errors';
import { DomainError, type FieldErrors, fieldFailure, forbidden, invalidData } from '../errors';
import { textFieldErrors } from '../auth/fields';
import type { LoginConfig } from '../auth/login';
import { clearFailures } from '../auth/lockout';
import { hashPassword, passwordErrors } from '../auth/passwords';
import { completeSignIn, signInWithCheckedPassword } from '../auth/signIn';
import { findOrganization, findUserByEmail, findUserById, normalizeEmail, organizationUsable } from '../auth/users';
import { assertPasswordAcceptanceAllowed, requiresSso } from '../sso/ssoRequired';
import type { Mailer } from '../mail';
import { ACCOUNT_KINDS, type AccountKind, departmentRefs, findInvitationByToken, findPendingInvitation, invitationStatus } from './index';

/**
 * The invitation pages of signed-out callers: what a link shows before it is accepted, the
 * acceptance that creates the account and signs it in, and the second administrator's sign-in
 * with their link.
 */

/** The rules an acceptance follows: the password rule and cost, the lockout, the new session's. */
export type AcceptanceConfig = LoginConfig & Pick<ServerConfig, 'passwordRegex'>;

/** The one answer for an unknown, used, revoked, expired or other-kind token. */
const activationInvalid = (): DomainError => fieldFailure(MemberMessages.activationInvalid, 'token');

/** GET /check-invitation and its siblings: the pending invitation of a token among these kinds, as its page shows it. */
export const checkInvitationToken = async (db: Kysely<Database>, token: string, kinds: readonly InvitationKind[]): Promise<InvitationCheck> => {
  const invitation = await findPendingInvitation(db, token, kinds);
  if (invitation === undefined) throw activationInvalid();
  const organization = await findOrganization(db, invitation.organization_id);
  const departments = await departmentRefs(db, invitation.organization_id, [invitation.department_id]);
  return {
    kind: invitation.kind,
    email: invitation.email,
    first_name: invitation.first_name,
    last_name: invitation.last_name,
    organization_name: organization?.name ?? '',
    department: invitation.department_id === null ? null : (departments.get(invitation.department_id) ?? null),
    expires_at: invitation.expires_at.toISOString(),
    sso_required: await requiresSso(db, invitation.organization_id),
  };
};

export interface NewAccount {
  readonly invitation: InvitationRow;
  readonly firstName: string;
  readonly lastName: string;
  /** null: an account that signs in through the organisation's single sign-on only. */
  readonly passwordHash: string | null;
  readonly address: string | null;
}

/** Marks the invitation accepted, if it is still pending (a second acceptance finds it claimed). */
const claimInvitation = async (trx: Kysely<Database>, invitation: InvitationRow, now: Date): Promise<void> => {
  const claimed = await trx
    .updateTable('invitations')
    .set({ accepted_at: now })
    .where('id', '=', invitation.id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  if (claimed === undefined) throw activationInvalid();
};

const insertInvitedUser = (trx: Kysely<Database>, account: NewAccount): Promise<UserRow> =>
  trx
    .insertInto('users')
    .values({
      organization_id: account.invitation.organization_id,
      email: account.invitation.email,
      password_hash: account.passwordHash,
      role: account.invitation.kind as AccountKind,
      first_name: account.firstName,
      last_name: account.lastName,
      locale_id: null,
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      settings: toJson({}),
      department_id: account.invitation.department_id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** An accepted assignee invitation makes its user the department's assignee; a previous one becomes staff. Answers the previous one. */
const takeOverDepartment = async (trx: Kysely<Database>, invitation: InvitationRow, user: UserRow): Promise<string | null> => {
  if ((invitation.kind !== 'group_assignee' && invitation.kind !== 'subgroup_assignee') || invitation.department_id === null) return null;
  const department = await trx
    .selectFrom('departments')
    .select('assignee_id')
    .where('id', '=', invitation.department_id)
    .where('organization_id', '=', invitation.organization_id)
    .forUpdate()
    .executeTakeFirst();
  const previousAssignee = department?.assignee_id ?? null;
  if (previousAssignee !== null) {
    await trx
      .updateTable('users')
      .set({ role: 'staff' })
      .where('id', '=', previousAssignee)
      .where('organization_id', '=', invitation.organization_id)
      .where('role', 'in', ['group_assignee', 'subgroup_assignee'])
      .execute();
  }
  await trx
    .updateTable('departments')
    .set({ assignee_id: user.id })
    .where('id', '=', invitation.department_id)
    .where('organization_id', '=', invitation.organization_id)
    .execute();
  return previousAssignee;
};

/**
 * In one transaction: claims the invitation (it must still be pending), creates the user with
 * the invitation's role and department, makes an assignee the department's assignee (a
 * previous one becomes staff), and audits. Answers the new user.
 */
export const createAccount = async (db: Kysely<Database>, account: NewAccount): Promise<UserRow> => {
  const { invitation } = account;
  const now = new Date();
  try {
    return await db.transaction().execute(async (trx) => {
      await claimInvitation(trx, invitation, now);
      const user = await insertInvitedUser(trx, account);
      await trx.updateTable('invitations').set({ user_id: user.id }).where('id', '=', invitation.id).execute();
      const previousAssignee = await takeOverDepartment(trx, invitation, user);
      await audit(trx, {
        organizationId: invitation.organization_id,
        actor: user.id,
        action: 'invitation.accepted',
        address: account.address,
        details: {
          invitation_id: invitation.id,
          kind: invitation.kind,
          email: invitation.email,
          department_id: invitation.department_id,
          ...(previousAssignee !== null ? { previous_assignee_id: previousAssignee } : {}),
        },
      });
      return user;
    });
  } catch (error) {
    // An account with this address appeared since the invitation was sent (users' unique email index).
    if (isUniqueViolation(error)) throw invalidData({ email: [AuthMessages.emailTaken] });
    throw error;
  }
};

/** 403 before any account is created when the inviting organisation can no longer be used. */
const assertInvitingOrganizationUsable = async (db: Kysely<Database>, invitation: InvitationRow): Promise<void> => {
  if (!organizationUsable(await findOrganization(db, invitation.organization_id))) throw forbidden(AuthMessages.noActivePackage);
};

/** POST /invitation/accept: the account of a pending invitation, signed in at once. */
export const acceptAccountInvitation = async (
  db: Kysely<Database>,
  config: AcceptanceConfig,
  acceptance: BodyOf<typeof acceptInvitation> & { readonly address: string | null },
): Promise<LoginResult> => {
  const invitation = await findPendingInvitation(db, acceptance.token, ACCOUNT_KINDS);
  if (invitation === undefined) throw activationInvalid();
  await assertPasswordAcceptanceAllowed(db, invitation, acceptance.address);
  const errors: FieldErrors = {};
  const first = textFieldErrors(acceptance.first_name, 'first name');
  if (first) errors.first_name = first;
  const last = textFieldErrors(acceptance.last_name, 'last name');
  if (last) errors.last_name = last;
  Object.assign(errors, passwordErrors(config.passwordRegex, acceptance.password, acceptance.password_confirmation));
  if ((await findUserByEmail(db, invitation.email)) !== undefined) errors.email = [AuthMessages.emailTaken];
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  await assertInvitingOrganizationUsable(db, invitation);
  const passwordHash = await hashPassword(config.argon2, acceptance.password);
  const user = await createAccount(db, {
    invitation,
    firstName: acceptance.first_name.trim(),
    lastName: acceptance.last_name.trim(),
    passwordHash,
    address: acceptance.address,
  });
  return completeSignIn(db, config, { user, method: 'password', address: acceptance.address });
};

type SecondAdministratorSignIn = BodyOf<typeof loginSecondAdmin> & { readonly address: string | null };

/**
 * POST /login-second-admin: the first use of a second administrator's link creates the account
 * with the password given; later uses are an ordinary sign-in of that account. Every refusal
 * counts toward the lockout and answers alike.
 */
export const signInSecondAdministrator = async (
  db: Kysely<Database>,
  config: AcceptanceConfig,
  mailer: Mailer,
  attempt: SecondAdministratorSignIn,
): Promise<LoginResult> => {
  const required: FieldErrors = {};
  if (attempt.email.trim() === '') required.email = [Messages.fieldRequired('email')];
  if (attempt.password === '') required.password = [Messages.fieldRequired('password')];
  if (Object.keys(required).length > 0) throw invalidData(required);
  await assertNotLockedOut(db, config, attempt);

  const invitation = await findInvitationByToken(db, attempt.token);
  const refuse = async (reason: string): Promise<never> => {
    await recordFailedAttempt(db, attempt, reason);
    throw activationInvalid();
  };
  if (invitation === undefined || invitation.kind !== 'second_admin' || normalizeEmail(invitation.email) !== normalizeEmail(attempt.email)) {
    return refuse('invalid_invitation');
  }
  const status = invitationStatus(invitation);

  if (status === 'accepted') {
    // The link used again by the second administrator it created: an ordinary sign-in.
    const invited = invitation.user_id === null ? undefined : await findUserById(db, invitation.user_id);
    if (invited === undefined || invited.organization_id !== invitation.organization_id || invited.role !== 'second_admin') {
      return refuse('invalid_invitation');
    }
    const user = await checkCredentials(db, config, attempt);
    if (user.id !== invited.id) return refuse('invalid_invitation');
    return signInWithCheckedPassword(db, config, mailer, { user, email: attempt.email, address: attempt.address });
  }
  if (status !== 'pending') return refuse('invalid_invitation');
  await assertPasswordAcceptanceAllowed(db, invitation, attempt.address);

  const errors: FieldErrors = { ...passwordErrors(config.passwordRegex, attempt.password, attempt.password) };
  if ((await findUserByEmail(db, invitation.email)) !== undefined) errors.email = [AuthMessages.emailTaken];
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  await assertInvitingOrganizationUsable(db, invitation);
  const passwordHash = await hashPassword(config.argon2, attempt.password);
  const user = await createAccount(db, {
    invitation,
    firstName: invitation.first_name,
    lastName: invitation.last_name,
    passwordHash,
    address: attempt.address,
  });
  await clearFailures(db, attempt.email);
  return completeSignIn(db, config, { user, method: 'password', address: attempt.address });
};
