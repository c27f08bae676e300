import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import type { Kysely } from 'kysely';
import { type EditableSurvey, type EditLinkCheck, RESPONSE_EMAIL_MAX, ResponseMessages, type SurveySubmitBody } from '../../../domain/contracts/responses';
import { AuthMessages } from '../../../domain/contracts/auth';
import { isValidEmail } from '../../../domain/session/email';
import { AnswerValue, SurveyMessages, type QuestionDefinition } from '../../../domain/contracts/survey';
import { type Anonymity, TokenMessages } from '../../../domain/contracts/tokens';
import { PREFER_NOT_CODE } from '../../../domain/contracts/lookups';
import { surveyQuestions } from '../../../domain/survey/questions';
import type { Database } from '../../db/database';
import { conflict, DomainError, fieldFailure, notFound } from '../errors';
import { audit } from '../auth/audit';
import { isUniqueViolation } from '../../db/errors';
import { markSurveyInvitationAccepted } from '../invitations';
import type { MailMessage } from '../mail';
import { assertAnswerable, openLink, openLinkInvitation, refusalError } from '../tokens/opening';
import { claimSeat, type PublicLink } from '../tokens/seats';
import { checkSubmission, type CheckedSubmission } from './checks';
import { consumeEditLink, editLinkMail, editLinkState, findEditLink, issueEditLinks } from './editLinks';
import { checkExtraAnswers, insertExtraAnswers, replaceExtraAnswers, storedExtraAnswers } from '../extraSurvey/answers';
import { deleteChildRows, insertChildRows, insertResponse, responseRows } from './rows';
import { directSubmittable, submitDirect } from './direct';

/**
 * Survey responses: the submit of POST /diversity-survey (new or edited), and what the
 * emailed edit and delete links allow. Every function that writes runs inside the caller's
 * transaction, so a refusal at any step leaves nothing behind, the seat included.
 */

export interface SubmitInput {
  readonly body: SurveySubmitBody;
  /** The personal survey invitation's token (body or query), '' for none. */
  readonly invitationToken: string;
  readonly appUrl: string;
  readonly now: Date;
  /** The language the participant answered in (the request's X-Locale): the edit links' email is written in it. */
  readonly locale?: string;
}

export interface SubmitOutcome {
  readonly responseId: string;
  readonly edited: boolean;
  /** To send once the transaction has committed (the mailer writes with its own connection). */
  readonly mail?: MailMessage;
}

/**
 * The address a named participant typed for the edit links, or null for none; one that is
 * not an address is refused (422, SPEC section 5's 'Please provide a valid email.') before
 * anything is written.
 */
const givenEmailOf = (body: SurveySubmitBody): string | null => {
  const email = body.email?.trim() ?? '';
  if (email === '') return null;
  if (email.length > RESPONSE_EMAIL_MAX || !isValidEmail(email)) {
    throw fieldFailure(AuthMessages.invalidEmail, 'email');
  }
  return email;
};

const cannotUpdate = (): DomainError => notFound(ResponseMessages.cannotUpdate);

const definitionsOf = (surveyId: number): readonly QuestionDefinition[] => {
  const definitions = surveyQuestions(surveyId);
  if (definitions === null) throw notFound(SurveyMessages.surveyNotFound);
  return definitions;
};

const rulesOf = (found: PublicLink) => ({
  organizationId: found.link.organization_id,
  anonymityEnforced: found.link.anonymity === 1,
  departmentId: found.link.department_id,
});

/** The person columns of a response: all null when it is anonymous (the table's CHECK insists). */
const personOf = (checked: CheckedSubmission, email: string | null, invitationId: string | null) =>
  checked.anonymous
    ? { anonymous: true, first_name: null, last_name: null, email: null, invitation_id: null }
    : { anonymous: false, first_name: checked.firstName, last_name: checked.lastName, email, invitation_id: invitationId };

/**
 * POST /diversity-survey: the common submit in two statements without an explicit
 * transaction (./direct.ts), anything else (an invitation, extra answers, an edit, a group
 * with a capacity) in one transaction.
 */
export const submitSurveyResponse = async (db: Kysely<Database>, input: SubmitInput): Promise<SubmitOutcome> => {
  if (directSubmittable(input.body, input.invitationToken)) {
    const direct = await submitDirect(db, input.body, input.now);
    if (direct !== undefined) return { responseId: direct.responseId, edited: false };
  }
  return db.transaction().execute((trx) => submitResponse(trx, input));
};

/**
 * POST /diversity-survey inside the caller's transaction. In order: the link (refusals of SPEC section 8), the invitation
 * (read), the answers (422), the invitation (marked used), then the rows and the seat in one
 * statement (a data-modifying WITH), so that the link's row is locked only from that statement
 * to the commit (with at most the extra answers and the edit links in between): concurrent
 * submits do their work side by side and queue only there. `edit_token` turns it into an edit.
 */
export const submitResponse = async (trx: Kysely<Database>, input: SubmitInput): Promise<SubmitOutcome> => {
  const { body, now } = input;
  const found = await openLink(trx, body.token, body.alias);
  // A blank edit_token or invitation is no edit and no invitation (a form may send its fields empty).
  if (body.edit_token !== undefined && body.edit_token.trim() !== '') return editResponse(trx, found, body.edit_token, input);
  const { link } = found;
  assertAnswerable(link, now);
  const definitions = definitionsOf(link.survey_id);

  let invitation: { id: string; email: string } | undefined;
  if (input.invitationToken !== '') {
    const pending = await openLinkInvitation(trx, link, input.invitationToken, now);
    invitation = { id: pending.id, email: pending.email };
  }

  const givenEmail = givenEmailOf(body);
  const checked = await checkSubmission(trx, definitions, body, rulesOf(found));
  const extraRows = await checkExtraAnswers(trx, link.id, link.organization_id, body.extra);
  // The invitation's address when there is one (the person it was sent to), else the one typed in.
  const email = checked.anonymous ? null : (invitation?.email ?? givenEmail);
  // Two submits with one invitation: the second waits on the first's row lock, then finds it used.
  if (invitation !== undefined && !(await markSurveyInvitationAccepted(trx, invitation.id, now, checked.anonymous))) {
    throw conflict(TokenMessages.alreadyCompleted);
  }

  const { columns, children } = responseRows(definitions, checked);
  let responseId: string;
  let seatClaimed: boolean;
  try {
    // The seat is claimed in the same statement as the rows (one round trip less).
    ({ id: responseId, seatClaimed } = await insertResponse(
      trx,
      {
        organization_id: link.organization_id,
        survey_id: link.survey_id,
        token_id: link.id,
        department_id: checked.placement.departmentId,
        group_id: checked.placement.groupId,
        ...personOf(checked, email, invitation?.id ?? null),
        ...columns,
      },
      children,
      { tokenId: link.id },
    ));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TokenMessages.alreadyCompleted);
    throw error;
  }
  if (!seatClaimed) {
    // No seat in that statement: claimSeat tries once more and says why not (full, expired, switched off); the transaction is rolled back.
    const claim = await claimSeat(trx, { tokenId: link.id });
    if (claim !== 'claimed') throw refusalError(claim);
  }
  await insertExtraAnswers(trx, link.organization_id, responseId, extraRows);

  const links = email === null ? undefined : await issueEditLinks(trx, link.organization_id, responseId, now);

  if (links === undefined || email === null) return { responseId, edited: false };
  return {
    responseId,
    edited: false,
    mail: editLinkMail({
      appUrl: input.appUrl,
      organizationId: link.organization_id,
      organizationName: found.organization.name,
      to: email,
      firstName: checked.firstName,
      links,
      edited: false,
      locale: input.locale,
    }),
  };
};

/**
 * An edit: the link must be an unused, unexpired edit link of a response of this survey link.
 * The answers are checked as a new submit's (the link's anonymity and group rules apply; the
 * response does not count against its own group) and replace the old ones; no seat is taken
 * and the link's state (expired, switched off, full) does not matter: the seat was paid for.
 * Choosing to stay anonymous erases the names, the email and every emailed link.
 */
const editResponse = async (trx: Kysely<Database>, found: PublicLink, editToken: string, input: SubmitInput): Promise<SubmitOutcome> => {
  const { body, now } = input;
  const state = editLinkState(await findEditLink(trx, editToken), 'edit', now);
  if (state.state === 'invalid') throw cannotUpdate();
  if (state.state === 'used') throw conflict(ResponseMessages.editDoneBefore);
  const { link: editLink } = state;
  const response = await trx
    .selectFrom('responses')
    .selectAll()
    .where('id', '=', editLink.response_id)
    .where('organization_id', '=', editLink.organization_id)
    .forUpdate()
    .executeTakeFirst();
  if (response === undefined || response.token_id !== found.link.id) throw cannotUpdate();
  // Two edits racing with one link: the second waits on the first's update, then finds it used.
  if (!(await consumeEditLink(trx, editLink.id, now))) throw conflict(ResponseMessages.editDoneBefore);

  const definitions = definitionsOf(response.survey_id);
  const checked = await checkSubmission(trx, definitions, body, rulesOf(found), response.id);
  const extraRows = body.extra === undefined ? undefined : await checkExtraAnswers(trx, found.link.id, response.organization_id, body.extra);
  const { columns, children } = responseRows(definitions, checked);
  const organizationId = response.organization_id;
  await trx
    .updateTable('responses')
    .set({
      department_id: checked.placement.departmentId,
      group_id: checked.placement.groupId,
      ...personOf(checked, response.email, response.invitation_id),
      ...columns,
      updated_at: now,
    })
    .where('id', '=', response.id)
    .where('organization_id', '=', organizationId)
    .returning('id')
    .executeTakeFirstOrThrow();
  await deleteChildRows(trx, organizationId, response.id);
  await insertChildRows(trx, organizationId, response.id, children);
  if (extraRows !== undefined) await replaceExtraAnswers(trx, found.link.id, organizationId, response.id, extraRows);
  await audit(trx, { organizationId, actor: null, action: 'survey.response_edited', address: null, details: { response_id: response.id } });

  if (checked.anonymous || response.email === null) {
    await trx.deleteFrom('response_edit_links').where('organization_id', '=', organizationId).where('response_id', '=', response.id).execute();
    return { responseId: response.id, edited: true };
  }
  const links = await issueEditLinks(trx, organizationId, response.id, now);
  return {
    responseId: response.id,
    edited: true,
    mail: editLinkMail({
      appUrl: input.appUrl,
      organizationId,
      organizationName: found.organization.name,
      to: response.email,
      firstName: checked.firstName,
      links,
      edited: true,
      locale: input.locale,
    }),
  };
};

/** POST /check-update-survey: whether an emailed link (edit or delete) still works. */
export const checkEditLink = async (db: Kysely<Database>, token: string, alias: string | undefined, now: Date): Promise<EditLinkCheck> => {
  const state = editLinkState(await findEditLink(db, token), 'any', now);
  if (state.state === 'invalid') throw cannotUpdate();
  if (state.state === 'used') throw conflict(ResponseMessages.editDoneBefore);
  const { link } = state;
  const row = await db
    .selectFrom('responses as r')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .leftJoin('survey_tokens as st', (join) => join.onRef('st.id', '=', 'r.token_id').onRef('st.organization_id', '=', 'r.organization_id'))
    .select(['r.survey_id', 'o.name as organization_name', 'st.alias'])
    .where('r.id', '=', link.response_id)
    .where('r.organization_id', '=', link.organization_id)
    .executeTakeFirst();
  const wanted = alias?.trim() ?? '';
  if (row === undefined || (wanted !== '' && wanted.toLowerCase() !== (row.alias ?? '').toLowerCase())) throw cannotUpdate();
  return { purpose: link.purpose, expires_at: link.expires_at.toISOString(), organization_name: row.organization_name, survey_id: row.survey_id };
};

const StoredAnswers = t.record(t.string, AnswerValue);

/** GET /check-edit-survey: the survey link and the stored answers of the response an unused edit link is for, and nothing else. */
export const readEditable = async (db: Kysely<Database>, token: string, now: Date): Promise<EditableSurvey> => {
  const state = editLinkState(await findEditLink(db, token), 'edit', now);
  if (state.state === 'invalid') throw cannotUpdate();
  if (state.state === 'used') throw conflict(ResponseMessages.editDoneBefore);
  const { link } = state;
  const row = await db
    .selectFrom('responses as r')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .innerJoin('survey_tokens as st', (join) => join.onRef('st.id', '=', 'r.token_id').onRef('st.organization_id', '=', 'r.organization_id'))
    .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'st.department_id').onRef('d.organization_id', '=', 'st.organization_id'))
    .select([
      'r.survey_id',
      'r.anonymous',
      'r.first_name',
      'r.last_name',
      'r.answers',
      'o.name as organization_name',
      'r.id as response_id',
      'r.organization_id',
      'st.id as token_id',
      'st.token',
      'st.alias',
      'st.anonymity',
      'd.id as department_id',
      'd.name as department_name',
    ])
    .where('r.id', '=', link.response_id)
    .where('r.organization_id', '=', link.organization_id)
    .executeTakeFirst();
  if (row === undefined) throw cannotUpdate();
  const stored = StoredAnswers.decode(row.answers);
  const questions = isRight(stored) ? stored.right : {};
  const options = await answeredOptions(db, questions);
  return {
    token: row.token,
    alias: row.alias,
    survey_id: row.survey_id,
    organization_name: row.organization_name,
    anonymity: (row.anonymity === 0 ? 0 : 1) as Anonymity,
    department: row.department_id === null || row.department_name === null ? null : { id: row.department_id, name: row.department_name },
    expires_at: link.expires_at.toISOString(),
    answers: {
      token: row.token,
      'first-name': row.first_name ?? '',
      'last-name': row.last_name ?? '',
      'stay-anonymous': row.anonymous ? 1 : 0,
      questions,
    },
    names: Object.fromEntries(options.map((option) => [String(option.id), option.name])),
    prefer_not: options.filter((option) => option.code === PREFER_NOT_CODE).map((option) => option.id),
    extra: await storedExtraAnswers(db, row.token_id, row.organization_id, row.response_id),
  };
};

/** The lookup items an answer names (languages and heritages are shown by name again). */
const answeredOptions = async (db: Kysely<Database>, questions: Record<string, AnswerValue>) => {
  const ids = new Set<number>();
  for (const value of Object.values(questions)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const id = typeof item === 'number' ? item : typeof item === 'object' ? item.principleId : null;
      if (id !== null && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) ids.add(id);
    }
  }
  if (ids.size === 0) return [];
  return db.selectFrom('lookup_principles').select(['id', 'code', 'name']).where('id', 'in', [...ids]).execute();
};

/**
 * DELETE /delete-survey: erases the response of an unused delete link, with its child rows
 * and emailed links (by cascade). The seat it took stays used and its invitation stays
 * accepted: the link's capacity counts participants, and erasing must not open a way to
 * answer twice. Answers how many responses were erased (1).
 */
export const deleteResponse = async (trx: Kysely<Database>, token: string, now: Date): Promise<number> => {
  const state = editLinkState(await findEditLink(trx, token), 'delete', now);
  if (state.state !== 'usable') throw notFound(ResponseMessages.deleteLinkInvalid);
  const { link } = state;
  const deleted = await trx
    .deleteFrom('responses')
    .where('id', '=', link.response_id)
    .where('organization_id', '=', link.organization_id)
    .returning('id')
    .execute();
  if (deleted.length === 0) throw notFound(ResponseMessages.deleteLinkInvalid);
  await audit(trx, { organizationId: link.organization_id, actor: null, action: 'survey.response_deleted', address: null, details: { response_id: link.response_id } });
  return deleted.length;
};
