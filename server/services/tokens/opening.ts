import { type Kysely, sql } from 'kysely';
import { type Anonymity, type RegisterTokenCheck, TokenMessages } from '../../../domain/contracts/tokens';
import type { Database, InvitationRow, SurveyTokenRow } from '../../db/database';
import { conflict, DomainError, gone, notFound } from '../errors';
import { linkGroupFull } from '../responses/placement';
import { findLinkByToken, findLinkInvitation, type LinkRefusal, linkRefusal, type PublicLink } from './seats';

/**
 * Opening a survey link by its public token: the one place that decides whether a link may be
 * shown or answered, and in which words it is refused. The public check, the group list and
 * the submit all go through here, so a stranger learns the same from each of them.
 */

/** The refusal of each link state, as the survey page shows it (SPEC section 8 names). */
export const refusalError = (reason: LinkRefusal): DomainError => {
  switch (reason) {
    case 'inactive':
      return notFound(TokenMessages.tokenNoLongerValid);
    case 'expired':
      return gone(TokenMessages.surveyExpired);
    case 'not_started':
      return conflict(TokenMessages.surveyNotStarted);
    case 'no_seats':
      return conflict(TokenMessages.tokenHasNoSeats);
  }
};

/**
 * The link of a public token and alias, in any state. An unknown token, an alias that is not
 * the link's and a link of an organisation that cannot be used are refused alike, as a
 * switched-off link ('This survey link is no longer valid.', 404), so a guess learns nothing more.
 */
export const openLink = async (db: Kysely<Database>, token: string, alias: string | undefined): Promise<PublicLink> =>
  acceptLink(await findLinkByToken(db, token.trim()), alias);

/** The refusal of openLink applied to a link already read (undefined: no link of that token). */
export const acceptLink = (found: PublicLink | undefined, alias: string | undefined): PublicLink => {
  const wanted = alias?.trim() ?? '';
  if (found === undefined || !found.organization.usable || (wanted !== '' && wanted.toLowerCase() !== found.link.alias.toLowerCase())) {
    throw refusalError('inactive');
  }
  return found;
};

/** Refuses a link that cannot take an answer at `now` (switched off, expired, not started, full). */
export const assertAnswerable = (link: Pick<SurveyTokenRow, 'active' | 'starts_at' | 'expires_at' | 'capacity' | 'used'>, now: Date): void => {
  const refusal = linkRefusal(link, now);
  if (refusal !== undefined) throw refusalError(refusal);
};

/** The pending personal invitation of an emailed token for this link; a used one is 'already completed', anything else no longer valid. */
export const openLinkInvitation = async (
  db: Kysely<Database>,
  link: Pick<SurveyTokenRow, 'id' | 'organization_id'>,
  token: string,
  now: Date,
): Promise<InvitationRow> => {
  const found = await findLinkInvitation(db, link, token, now);
  if (found.state === 'invalid') throw notFound(TokenMessages.invitationNoLongerValid);
  if (found.state === 'used') throw conflict(TokenMessages.alreadyCompleted);
  return found.invitation;
};

/** Whether an invited address is an active assignee of the link's organisation (the survey page then says so). */
const isAssignee = async (db: Kysely<Database>, organizationId: string, email: string): Promise<boolean> => {
  const member = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where('role', 'in', ['group_assignee', 'subgroup_assignee'])
    .where('active', '=', true)
    .executeTakeFirst();
  return member !== undefined;
};

export interface LinkCheckInput {
  readonly token: string;
  readonly alias: string | undefined;
  /** The personal survey invitation's token, if the address carried one. */
  readonly invitation: string | undefined;
  readonly now: Date;
}

/**
 * GET /check-register-token: what the survey page needs of a link, or why it cannot be
 * answered. A personal invitation is judged before the link's state, so a participant who
 * already answered hears that rather than that the link is full.
 */
export const checkLink = async (db: Kysely<Database>, input: LinkCheckInput): Promise<RegisterTokenCheck> => {
  const found = await openLink(db, input.token, input.alias);
  const { link } = found;
  const invitationToken = input.invitation?.trim() ?? '';
  const invitation = invitationToken === '' ? undefined : await openLinkInvitation(db, link, invitationToken, input.now);
  const assignee = invitation === undefined ? false : await isAssignee(db, link.organization_id, invitation.email);
  assertAnswerable(link, input.now);
  // A group link whose group is full says so before anyone fills the survey in.
  if (await linkGroupFull(db, link.organization_id, link.department_id)) throw conflict(TokenMessages.groupLinkFull);
  // Read here rather than with the link: only the survey page's first call needs it, never a submit.
  const organization = await db.selectFrom('organizations').select('survey_locale').where('id', '=', link.organization_id).executeTakeFirst();
  return {
    anonymity: (link.anonymity === 0 ? 0 : 1) as Anonymity,
    organization_name: found.organization.name,
    token: link.token,
    survey_id: link.survey_id,
    email: invitation?.email ?? null,
    first_name: invitation?.first_name ?? null,
    last_name: invitation?.last_name ?? null,
    organization_assignee: assignee,
    organization_invited: invitation !== undefined,
    department: found.department,
    expires_at: link.expires_at.toISOString(),
    organization_locale: organization?.survey_locale ?? null,
  };
};
