import { languageFor } from '../../../domain/i18n/precedence';
import type { Kysely } from 'kysely';
import type { Database, InvitationRow } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { type FieldErrors, invalidData } from '../errors';
import type { MailMessage } from '../mail';
import { type IssuedInvitation, invitationMail } from './index';

/** Who sends invitations, and from where: what every invitation service needs besides its own input. */
export interface Inviter {
  readonly auth: AuthContext;
  /** The caller's address, for the audit log. */
  readonly address: string | null;
  /** The application's address, for the links in the emails. */
  readonly appUrl: string;
  /** The language the request was made in (its X-Locale header), if it said. */
  readonly locale?: string;
}

/**
 * What an invitation service answers: the reply's data and the emails to send. The emails
 * wait until the transaction has committed, so that nobody is sent a link that was rolled back.
 */
export interface Invited<T> {
  readonly result: T;
  readonly mails: readonly MailMessage[];
}

export const throwIfAny = (errors: FieldErrors): void => {
  if (Object.keys(errors).length > 0) throw invalidData(errors);
};

const fullName = (auth: AuthContext): string => `${auth.user.first_name} ${auth.user.last_name}`.trim();

/** The email of an issued invitation, signed by the inviter. */
export const inviterMail = (
  inviter: Inviter,
  issued: IssuedInvitation,
  extra: { departmentName?: string; surveyLinkToken?: string } = {},
): MailMessage =>
  invitationMail({
    appUrl: inviter.appUrl,
    row: issued.row,
    token: issued.token,
    organizationName: inviter.auth.organization.name,
    inviterName: fullName(inviter.auth),
    // The invitee has no setting yet: the inviter's language, else the request's.
    languages: [languageFor('sentOnBehalf', { sender: inviter.auth.user.locale_id, request: inviter.locale })],
    ...extra,
  });

export const auditInvitation = (
  db: Kysely<Database>,
  inviter: Inviter,
  action: string,
  row: InvitationRow,
  details: Record<string, string | boolean | string[]> = {},
): Promise<void> =>
  audit(db, {
    organizationId: inviter.auth.organization.id,
    actor: inviter.auth.user.id,
    action,
    address: inviter.address,
    details: { invitation_id: row.id, kind: row.kind, email: row.email, department_id: row.department_id, ...details },
  });
