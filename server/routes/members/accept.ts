import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AuthMessages } from '../../../domain/contracts/auth';
import { Messages } from '../../../domain/contracts/envelope';
import {
  acceptInvitation,
  checkActivation,
  checkActivationAssignee,
  checkDepartmentInvitation,
  checkInvitation,
  checkSubAdminToken,
  type InvitationCheck,
  type InvitationKind,
  loginSecondAdmin,
  MemberMessages,
} from '../../../domain/contracts/members';
import { type Database, type InvitationRow, toJson, type UserRow } from '../../db/database';
import { ApiError } from '../../http/apiError';
import { type EndpointOptions, registerEndpoint } from '../../http/route';
import { audit } from '../../services/auth/audit';
import { assertNotLockedOut, checkCredentials, recordFailedAttempt } from '../../services/auth/credentials';
import { type FieldErrors, fieldFailure, invalidData, isUniqueViolation } from '../../services/auth/errors';
import { clearFailures } from '../../services/auth/lockout';
import { hashPassword, passwordErrors } from '../../services/auth/passwords';
import { completeSignIn, signInWithCheckedPassword } from '../../services/auth/signIn';
import { findOrganization, findUserByEmail, findUserById, normalizeEmail, organizationUsable } from '../../services/auth/users';
import { ACCOUNT_KINDS, type AccountKind, departmentRefs, findInvitationByToken, findPendingInvitation, invitationStatus } from '../../services/invitations';
import { textFieldErrors } from '../../services/auth/fields';

/** The one answer for an unknown, used, revoked, expired or other-kind token. */
const activationInvalid = (): ApiError => fieldFailure(MemberMessages.activationInvalid, 'token');

// Tokens are 256-bit, so this only spares the database and the argon2 work.
const checkLimit: EndpointOptions = { config: { rateLimit: { max: 30, timeWindow: 60_000 } } };
const acceptLimit: EndpointOptions = { config: { rateLimit: { max: 20, timeWindow: 60_000 } } };

const toCheck = async (db: Kysely<Database>, invitation: InvitationRow): Promise<InvitationCheck> => {
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
  };
};

interface NewAccount {
  readonly invitation: InvitationRow;
  readonly firstName: string;
  readonly lastName: string;
  readonly passwordHash: string;
}

/**
 * In one transaction: claims the invitation (it must still be pending), creates the user with
 * the invitation's role and department, makes an assignee the department's assignee (a
 * previous one becomes staff), and audits. Answers the new user.
 */
const createAccount = async (app: FastifyInstance, request: FastifyRequest, account: NewAccount): Promise<UserRow> => {
  const { invitation } = account;
  const kind = invitation.kind as AccountKind;
  const now = new Date();
  try {
    return await app.db.transaction().execute(async (trx) => {
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
      const user = await trx
        .insertInto('users')
        .values({
          organization_id: invitation.organization_id,
          email: invitation.email,
          password_hash: account.passwordHash,
          role: kind,
          first_name: account.firstName,
          last_name: account.lastName,
          locale_id: null,
          totp_secret: null,
          totp_pending_secret: null,
          totp_last_step: null,
          settings: toJson({}),
          department_id: invitation.department_id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable('invitations').set({ user_id: user.id }).where('id', '=', invitation.id).execute();
      let previousAssignee: string | null = null;
      if ((kind === 'group_assignee' || kind === 'subgroup_assignee') && invitation.department_id !== null) {
        const department = await trx
          .selectFrom('departments')
          .select('assignee_id')
          .where('id', '=', invitation.department_id)
          .where('organization_id', '=', invitation.organization_id)
          .forUpdate()
          .executeTakeFirst();
        previousAssignee = department?.assignee_id ?? null;
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
      }
      await audit(trx, {
        organizationId: invitation.organization_id,
        actor: user.id,
        action: 'invitation.accepted',
        address: request.ip,
        details: {
          invitation_id: invitation.id,
          kind,
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
  if (!organizationUsable(await findOrganization(db, invitation.organization_id))) throw new ApiError(403, AuthMessages.noActivePackage);
};

/** The invitation pages' checks, acceptance and the second administrator's sign-in: no session needed. */
export const acceptRoutes = (app: FastifyInstance): void => {
  const checks: readonly [typeof checkActivation, readonly InvitationKind[]][] = [
    [checkDepartmentInvitation, ['group_assignee']],
    [checkActivationAssignee, ['subgroup_assignee']],
    [checkInvitation, ['sub_admin']],
    [checkSubAdminToken, ['sub_admin']],
    [checkActivation, ACCOUNT_KINDS],
  ];
  for (const [endpoint, kinds] of checks) {
    registerEndpoint(
      app,
      endpoint,
      async ({ query }) => {
        const invitation = await findPendingInvitation(app.db, query.token, kinds);
        if (invitation === undefined) throw activationInvalid();
        return toCheck(app.db, invitation);
      },
      checkLimit,
    );
  }

  registerEndpoint(
    app,
    acceptInvitation,
    async ({ body, request }) => {
      const invitation = await findPendingInvitation(app.db, body.token, ACCOUNT_KINDS);
      if (invitation === undefined) throw activationInvalid();
      const errors: FieldErrors = {};
      const first = textFieldErrors(body.first_name, 'first name');
      if (first) errors.first_name = first;
      const last = textFieldErrors(body.last_name, 'last name');
      if (last) errors.last_name = last;
      Object.assign(errors, passwordErrors(app.config.passwordRegex, body.password, body.password_confirmation));
      if ((await findUserByEmail(app.db, invitation.email)) !== undefined) errors.email = [AuthMessages.emailTaken];
      if (Object.keys(errors).length > 0) throw invalidData(errors);
      await assertInvitingOrganizationUsable(app.db, invitation);
      const passwordHash = await hashPassword(app.config.argon2, body.password);
      const user = await createAccount(app, request, {
        invitation,
        firstName: body.first_name.trim(),
        lastName: body.last_name.trim(),
        passwordHash,
      });
      return completeSignIn(app.db, app.config, { user, method: 'password', address: request.ip });
    },
    acceptLimit,
  );

  registerEndpoint(
    app,
    loginSecondAdmin,
    async ({ body, request }) => {
      const required: FieldErrors = {};
      if (body.email.trim() === '') required.email = [Messages.fieldRequired('email')];
      if (body.password === '') required.password = [Messages.fieldRequired('password')];
      if (Object.keys(required).length > 0) throw invalidData(required);
      await assertNotLockedOut(app.db, app.config, { email: body.email, address: request.ip });

      const invitation = await findInvitationByToken(app.db, body.token);
      const refuse = async (reason: string): Promise<never> => {
        await recordFailedAttempt(app.db, { email: body.email, address: request.ip }, reason);
        throw activationInvalid();
      };
      if (invitation === undefined || invitation.kind !== 'second_admin' || normalizeEmail(invitation.email) !== normalizeEmail(body.email)) {
        return refuse('invalid_invitation');
      }
      const status = invitationStatus(invitation);

      if (status === 'accepted') {
        // The link used again by the second administrator it created: an ordinary sign-in.
        const invited = invitation.user_id === null ? undefined : await findUserById(app.db, invitation.user_id);
        if (invited === undefined || invited.organization_id !== invitation.organization_id || invited.role !== 'second_admin') {
          return refuse('invalid_invitation');
        }
        const user = await checkCredentials(app.db, app.config, { email: body.email, password: body.password, address: request.ip });
        if (user.id !== invited.id) return refuse('invalid_invitation');
        return signInWithCheckedPassword(app.db, app.config, app.mailer, { user, email: body.email, address: request.ip });
      }
      if (status !== 'pending') return refuse('invalid_invitation');

      const errors: FieldErrors = { ...passwordErrors(app.config.passwordRegex, body.password, body.password) };
      if ((await findUserByEmail(app.db, invitation.email)) !== undefined) errors.email = [AuthMessages.emailTaken];
      if (Object.keys(errors).length > 0) throw invalidData(errors);
      await assertInvitingOrganizationUsable(app.db, invitation);
      const passwordHash = await hashPassword(app.config.argon2, body.password);
      const user = await createAccount(app, request, {
        invitation,
        firstName: invitation.first_name,
        lastName: invitation.last_name,
        passwordHash,
      });
      await clearFailures(app.db, body.email);
      return completeSignIn(app.db, app.config, { user, method: 'password', address: request.ip });
    },
    acceptLimit,
  );
};
