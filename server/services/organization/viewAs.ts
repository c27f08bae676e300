import type { Kysely } from 'kysely';
import { GroupMessages } from '../../../domain/contracts/groups';
import type { Database } from '../../db/database';
import { forbidden, notFound } from '../errors';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { issueSession } from '../auth/sessions';
import { isUuid, primaryDepartments } from './scope';

export interface ViewAsRequest {
  readonly auth: AuthContext;
  /** The caller's address, for the new session and the audit log. */
  readonly address: string | null;
  readonly groupId: string;
}

/**
 * POST /organization/view-as: a secondary session for the same person that sees one group.
 * Checked in this order: the group is the caller's organisation's (else as unknown), it is
 * one of the caller's primary departments, and the organisation has given its consent.
 */
export const startViewAs = async (db: Kysely<Database>, input: ViewAsRequest): Promise<{ access_token: string }> => {
  const { auth } = input;
  const { user, organization, session } = auth;
  const groupId = input.groupId.trim();
  const group = isUuid(groupId)
    ? await db.selectFrom('departments').select(['id', 'name']).where('id', '=', groupId).where('organization_id', '=', organization.id).executeTakeFirst()
    : undefined;
  if (group === undefined) throw notFound(GroupMessages.notBelongToOrganization);
  if (!(await primaryDepartments(db, auth)).some((department) => department.id === group.id)) throw forbidden(GroupMessages.viewAsNotAllowed);
  if (!organization.view_as_consent) throw forbidden(GroupMessages.viewAsNeedsConsent);

  // Opened from a view-as session, the new one still hangs on the person's own session.
  const primarySessionId = session.parent_session_id ?? session.id;
  return db.transaction().execute(async (trx) => {
    // One view at a time: the previous view-as sessions of this sign-in end.
    const ended = await trx
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('parent_session_id', '=', primarySessionId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    const issued = await issueSession(trx, user, {
      kind: 'secondary',
      viewAsGroupId: group.id,
      parentSessionId: primarySessionId,
      address: input.address,
    });
    await audit(trx, {
      organizationId: organization.id,
      actor: user.id,
      action: 'organization.view_as_started',
      address: input.address,
      details: {
        user_id: user.id,
        role: user.role,
        group_id: group.id,
        group_name: group.name,
        primary_session_id: primarySessionId,
        secondary_session_id: issued.session.id,
        ended_sessions: ended.length,
      },
    });
    return { access_token: issued.token };
  });
};
