import type { Kysely } from 'kysely';
import { AuthMessages } from '../../../domain/contracts/auth';
import type { BodyOf } from '../../../domain/contracts/endpoint';
import { type Invitation, type inviteSubAdmin, MemberMessages, SURVEY_INVITATION_MAX, type surveyInvitation } from '../../../domain/contracts/members';
import type { Database, SurveyTokenRow } from '../../db/database';
import { type FieldErrors, invalid, invalidData, notFound } from '../errors';
import { isAcceptableEmail } from '../auth/fields';
import { normalizeEmail } from '../auth/users';
import { optionalNameErrors, personErrors } from '../members/scope';
import { requireRole } from '../organization/scope';
import { createInvitation, type IssuedInvitation, isUuid, toInvitation } from './index';
import { auditInvitation, type Invited, type Inviter, inviterMail, throwIfAny } from './inviter';

type PersonForm = BodyOf<typeof inviteSubAdmin>;

/** One invitation to an account without a department, in its own transaction. */
const invitePerson = async (db: Kysely<Database>, inviter: Inviter, kind: 'sub_admin' | 'second_admin', person: PersonForm): Promise<Invited<Invitation>> => {
  throwIfAny(await personErrors(db, person));
  const issued = await db.transaction().execute(async (trx) => {
    const result = await createInvitation(trx, {
      organizationId: inviter.auth.organization.id,
      kind,
      email: person.email,
      firstName: person.first_name,
      lastName: person.last_name,
      departmentId: null,
      invitedBy: inviter.auth.user.id,
    });
    await auditInvitation(trx, inviter, 'invitation.created', result.row);
    return result;
  });
  return { result: toInvitation(issued.row, null, inviter.auth.organization), mails: [inviterMail(inviter, issued)] };
};

/** POST /invite-sub-admin: by the administrator or the second administrator. */
export const inviteSubAdministrator = (db: Kysely<Database>, inviter: Inviter, person: PersonForm): Promise<Invited<Invitation>> => {
  requireRole(inviter.auth, ['admin', 'second_admin']);
  return invitePerson(db, inviter, 'sub_admin', person);
};

/** POST /invite-another-admin: by the administrator only. */
export const inviteSecondAdministrator = (db: Kysely<Database>, inviter: Inviter, person: PersonForm): Promise<Invited<Invitation>> => {
  requireRole(inviter.auth, ['admin']);
  return invitePerson(db, inviter, 'second_admin', person);
};

type SurveyInvitationForm = BodyOf<typeof surveyInvitation>;

/** Each address once and well formed; names optional. */
const surveyInvitationErrors = (form: SurveyInvitationForm): FieldErrors => {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  form.emails.forEach((email, index) => {
    if (!isAcceptableEmail(email)) errors[`emails.${index}`] = [AuthMessages.invalidEmail];
    else if (seen.has(normalizeEmail(email))) errors[`emails.${index}`] = [MemberMessages.emailRepeated];
    seen.add(normalizeEmail(email));
  });
  return { ...errors, ...optionalNameErrors(form.first_name, 'first_name', 'first name'), ...optionalNameErrors(form.last_name, 'last_name', 'last name') };
};

/** The organisation's survey link, if it is open and has a seat for every address. */
const openLinkWithSeats = async (db: Kysely<Database>, organizationId: string, linkId: string, wanted: number, now: Date): Promise<SurveyTokenRow> => {
  const link = isUuid(linkId)
    ? await db.selectFrom('survey_tokens').selectAll().where('organization_id', '=', organizationId).where('id', '=', linkId).executeTakeFirst()
    : undefined;
  if (link === undefined) throw notFound(MemberMessages.surveyLinkNotFound);
  if (!link.active || link.expires_at.getTime() <= now.getTime()) throw invalid(MemberMessages.surveyLinkClosed);
  const seatsLeft = link.capacity - link.used;
  if (seatsLeft <= 0) throw invalid(MemberMessages.surveyLinkNoSeats);
  if (wanted > seatsLeft) throw invalid(MemberMessages.surveyLinkNotEnoughSeats);
  return link;
};

/** POST /survey-invitation: one personal invitation per address to answer the survey of a link, all in one transaction. */
export const inviteToSurvey = async (db: Kysely<Database>, inviter: Inviter, form: SurveyInvitationForm): Promise<Invited<Invitation[]>> => {
  requireRole(inviter.auth, ['admin', 'second_admin']);
  const organizationId = inviter.auth.organization.id;
  if (form.emails.length < 1 || form.emails.length > SURVEY_INVITATION_MAX) throw invalidData({ emails: [MemberMessages.emailsCount] });
  throwIfAny(surveyInvitationErrors(form));
  const now = new Date();
  const link = await openLinkWithSeats(db, organizationId, form.survey_token_id, form.emails.length, now);

  const issued = await db.transaction().execute(async (trx) => {
    const list: IssuedInvitation[] = [];
    for (const email of form.emails) {
      const result = await createInvitation(
        trx,
        {
          organizationId,
          kind: 'survey',
          email,
          firstName: form.first_name ?? '',
          lastName: form.last_name ?? '',
          departmentId: null,
          invitedBy: inviter.auth.user.id,
          surveyTokenId: link.id,
        },
        now,
      );
      await auditInvitation(trx, inviter, 'invitation.created', result.row, { survey_token_id: link.id });
      list.push(result);
    }
    return list;
  });
  return {
    result: issued.map((each) => toInvitation(each.row, null, inviter.auth.organization, now)),
    mails: issued.map((each) => inviterMail(inviter, each, { surveyLinkToken: link.token })),
  };
};
