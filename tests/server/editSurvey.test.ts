import type { FastifyInstance } from 'fastify';
import { isRight } from 'fp-ts/Either';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LookupMessages } from '../../domain/contracts/lookups';
import { checkEditSurvey, checkUpdateSurvey, ResponseMessages } from '../../domain/contracts/responses';
import { type AnswerValue, SurveyMessages } from '../../domain/contracts/survey';
import { TokenMessages } from '../../domain/contracts/tokens';
import type { OpenDatabase } from '../../server/db/connect';
import type { SurveyTokenRow } from '../../server/db/database';
import { randomToken, sha256Hex } from '../../server/services/auth/tokens';
import type { MailMessage } from '../../server/services/mail';
import { insertOrganization } from './helpers/accounts';
import {
  countRows,
  type IdOf,
  insertDepartment,
  insertLink,
  insertSurveyInvitation,
  seatsUsed,
  submit,
  surveyBody,
  VALID_CHILD_ROWS,
} from './helpers/surveyResponses';
import { closeSurveyServer, openSurveyServer } from './helpers/surveyServer';

let database: OpenDatabase;
let app: FastifyInstance;
let mail: MailMessage[];
let idOf: IdOf;
let valid: Record<string, AnswerValue>;

const DAY = 86_400_000;

beforeAll(async () => {
  ({ database, app, mail, idOf, valid } = await openSurveyServer());
});

afterAll(() => closeSurveyServer({ app, database }));

const expectRefused = (response: { statusCode: number; json: () => unknown }, status: number, message: string, errors?: Record<string, string[]>) => {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  expect(response.json()).toEqual({ status, message, ...(errors ? { errors } : {}) });
};

interface Links {
  readonly edit: string;
  readonly erase: string;
}

const linksOf = (message: MailMessage): Links => {
  const edit = /check-edit-survey\?token=([\w-]+)/.exec(message.text)?.[1];
  const erase = /delete-survey\?token=([\w-]+)/.exec(message.text)?.[1];
  expect(edit).toBeDefined();
  expect(erase).toBeDefined();
  return { edit: edit!, erase: erase! };
};

interface Answered {
  readonly organizationId: string;
  readonly link: SurveyTokenRow;
  readonly group: string;
  readonly questions: Record<string, AnswerValue>;
  readonly responseId: string;
  readonly links: Links;
}

const NAMES = { 'first-name': 'Grace', 'last-name': 'Hopper', 'stay-anonymous': 0 as const };

/** A named, invited participant who answered on a whole-organisation link and received the email. */
const answered = async (linkValues: Parameters<typeof insertLink>[2] = {}): Promise<Answered> => {
  const organizationId = await insertOrganization(database.db);
  const group = await insertDepartment(database.db, organizationId, 'Research', { capacity: 5 });
  const link = await insertLink(database.db, organizationId, { anonymity: 0, ...linkValues });
  const email = `participant.${randomToken().slice(0, 8)}@example.org`;
  const invitation = await insertSurveyInvitation(database.db, link, email);
  const cultures = await database.db.selectFrom('lookup_principles').select('id').where('list', '=', 'ethnicities').where('code', '<>', 'prefer_not').orderBy('id').limit(2).execute();
  const questions = { ...valid, '3': group, '25': cultures.map((row) => row.id), '26': [cultures[1]!.id], '27': await idOf('appearances', 'white') };
  const mailBefore = mail.length;
  const response = await submit(app, surveyBody(link.token, questions, { ...NAMES, invitation }));
  expect(response.statusCode, response.body).toBe(200);
  expect(mail.length).toBe(mailBefore + 1);
  expect(mail.at(-1)!.to).toBe(email);
  const row = await database.db.selectFrom('responses').select('id').where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
  return { organizationId, link, group, questions, responseId: row.id, links: linksOf(mail.at(-1)!) };
};

const checkUpdate = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/check-update-survey', payload: body });
const checkEdit = (token: string) => app.inject({ method: 'GET', url: `/api/check-edit-survey?token=${encodeURIComponent(token)}` });
const erase = (token: unknown) => app.inject({ method: 'DELETE', url: '/api/delete-survey', payload: { token } });

const edit = (state: Answered, editToken: string, questions: Record<string, AnswerValue>, extra: Record<string, unknown> = {}) =>
  submit(app, surveyBody(state.link.token, questions, { ...NAMES, edit_token: editToken, ...extra }));

describe('POST /api/check-update-survey', () => {
  it('says what an emailed link is for and until when', async () => {
    const state = await answered();
    for (const [token, purpose] of [
      [state.links.edit, 'edit'],
      [state.links.erase, 'delete'],
    ] as const) {
      const response = await checkUpdate({ token });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(isRight(checkUpdateSurvey.data.decode(body.data))).toBe(true);
      expect(body.data).toMatchObject({ purpose, organization_name: 'Test organisation', survey_id: 1 });
      expect(Math.abs(Date.parse(body.data.expires_at) - Date.now() - 7 * DAY)).toBeLessThan(60_000);
    }
    expect((await checkUpdate({ token: state.links.edit, alias: state.link.alias.toLowerCase() })).statusCode).toBe(200);
    expectRefused(await checkUpdate({ token: state.links.edit, alias: 'Another link' }), 404, ResponseMessages.cannotUpdate);
    expectRefused(await checkUpdate({ token: randomToken() }), 404, ResponseMessages.cannotUpdate);
    expectRefused(await checkUpdate({ token: '' }), 404, ResponseMessages.cannotUpdate);
    // The stored hash is no token.
    expectRefused(await checkUpdate({ token: sha256Hex(state.links.edit) }), 404, ResponseMessages.cannotUpdate);
    expect((await checkUpdate({})).statusCode).toBe(422);
  });

  it('refuses an expired link', async () => {
    const state = await answered();
    await database.db.updateTable('response_edit_links').set({ expires_at: new Date(Date.now() - 1000) }).where('response_id', '=', state.responseId).execute();
    expectRefused(await checkUpdate({ token: state.links.edit }), 404, ResponseMessages.cannotUpdate);
    expectRefused(await checkEdit(state.links.edit), 404, ResponseMessages.cannotUpdate);
    expectRefused(await edit(state, state.links.edit, state.questions), 404, ResponseMessages.cannotUpdate);
    expectRefused(await erase(state.links.erase), 404, ResponseMessages.deleteLinkInvalid);
    expect((await countRows(database.db, state.organizationId)).responses).toBe(1);
  });
});

describe('GET /api/check-edit-survey', () => {
  it('answers the survey link and the stored answers of that response only', async () => {
    const state = await answered();
    // Another participant of the same link, whose answers must not show.
    const other = await insertSurveyInvitation(database.db, state.link, 'other@example.org');
    expect((await submit(app, surveyBody(state.link.token, { ...state.questions, '17': await idOf('genders', 'male') }, { ...NAMES, 'first-name': 'Alan', invitation: other }))).statusCode).toBe(200);

    const response = await checkEdit(state.links.edit);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(isRight(checkEditSurvey.data.decode(body.data))).toBe(true);
    expect(body.data).toMatchObject({
      token: state.link.token,
      alias: state.link.alias,
      survey_id: 1,
      organization_name: 'Test organisation',
      anonymity: 0,
      department: null,
      expires_at: expect.any(String),
      answers: { token: state.link.token, ...NAMES, questions: state.questions },
    });
    expect(response.body).not.toContain('Alan');
    // Every option answered comes with its name, so the form can show searched lists again.
    const answeredIds = Object.values(state.questions).flatMap((value) =>
      (Array.isArray(value) ? value : [value]).flatMap((item) => (typeof item === 'number' ? [item] : typeof item === 'object' ? [item.principleId] : [])),
    );
    const named = await database.db.selectFrom('lookup_principles').select(['id', 'name', 'code']).where('id', 'in', answeredIds).execute();
    expect(body.data.names).toEqual(Object.fromEntries(named.map((row) => [String(row.id), row.name])));
    expect([...body.data.prefer_not].sort()).toEqual(named.filter((row) => row.code === 'prefer_not').map((row) => row.id).sort());
    // Reading does not use the link up.
    expect((await checkEdit(state.links.edit)).statusCode).toBe(200);
  });

  it('refuses delete links and unknown tokens', async () => {
    const state = await answered();
    expectRefused(await checkEdit(state.links.erase), 404, ResponseMessages.cannotUpdate);
    expectRefused(await checkEdit(randomToken()), 404, ResponseMessages.cannotUpdate);
    expect((await app.inject({ method: 'GET', url: '/api/check-edit-survey' })).statusCode).toBe(422);
  });
});

describe('POST /api/diversity-survey with edit_token', () => {
  it('replaces the answers without a new seat, once per link, and emails fresh links', async () => {
    const state = await answered();
    const seats = await seatsUsed(database.db, state.link.id);
    const changed: Record<string, AnswerValue> = {
      ...state.questions,
      '12': [{ principleId: await idOf('languages', 'spa'), level: 'fluent' as const }],
      '16': [],
      '6': '',
      '17': await idOf('genders', 'non_binary'),
      '18': await idOf('ages', 'prefer_not'),
      '25': [(state.questions['25'] as number[])[0]!],
      '26': [],
      '27': await idOf('appearances', 'prefer_not'),
    };
    const mailBefore = mail.length;
    const response = await edit(state, state.links.edit, changed, { 'first-name': 'Grace B.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 200, data: { completed: true, edited: true, edit_link_sent: true } });

    const row = await database.db.selectFrom('responses').selectAll().where('id', '=', state.responseId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: 'Grace B.', last_name: 'Hopper', gender_id: changed['17'], age_id: changed['18'], birth_year: null, anonymous: false });
    expect(row.updated_at).not.toBeNull();
    expect(row.answers).toEqual(changed);
    expect(row).toMatchObject({ culture_identity_id: null, appearance_id: changed['27'] });
    const cultures = await database.db.selectFrom('response_cultures').select('ethnicity_id').where('response_id', '=', state.responseId).execute();
    expect(cultures).toEqual([{ ethnicity_id: (changed['25'] as number[])[0] }]);
    expect(await countRows(database.db, state.organizationId)).toEqual({ responses: 1, ancestry: 1, languages: 1, heritages: 0, editLinks: 3 });
    expect(await seatsUsed(database.db, state.link.id)).toBe(seats);

    expect(mail.length).toBe(mailBefore + 1);
    expect(mail.at(-1)!.subject).toBe('Your changed answers to the cultural diversity survey of Test organisation');
    const fresh = linksOf(mail.at(-1)!);
    expect(fresh.edit).not.toBe(state.links.edit);

    // The used link: 'edit survey done before'; the retired delete link no longer works.
    expectRefused(await edit(state, state.links.edit, changed), 409, ResponseMessages.editDoneBefore);
    expectRefused(await checkUpdate({ token: state.links.edit }), 409, ResponseMessages.editDoneBefore);
    expectRefused(await checkEdit(state.links.edit), 409, ResponseMessages.editDoneBefore);
    expectRefused(await erase(state.links.erase), 404, ResponseMessages.deleteLinkInvalid);

    expect((await checkEdit(fresh.edit)).json().data.answers.questions).toEqual(changed);
    expect((await edit(state, fresh.edit, state.questions)).statusCode).toBe(200);
    expect(await countRows(database.db, state.organizationId)).toMatchObject({ responses: 1, ...VALID_CHILD_ROWS });
    const audits = await database.db.selectFrom('audit_log').select(['action', 'actor', 'address']).where('organization_id', '=', state.organizationId).execute();
    expect(audits).toEqual([
      { action: 'survey.response_edited', actor: null, address: null },
      { action: 'survey.response_edited', actor: null, address: null },
    ]);
  });

  it('checks the answers as a new submit does, and keeps the link usable when they are refused', async () => {
    const state = await answered();
    const response = await edit(state, state.links.edit, { ...state.questions, '5': await idOf('states', 'FR-IDF'), '24': '' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 422,
      message: SurveyMessages.questionErrors(2),
      errors: { '5': [LookupMessages.stateNotExist], '24': [SurveyMessages.mustAgree] },
    });
    const row = await database.db.selectFrom('responses').select(['state_id', 'updated_at']).where('id', '=', state.responseId).executeTakeFirstOrThrow();
    expect(row).toEqual({ state_id: valid['5'], updated_at: null });
    expect((await checkUpdate({ token: state.links.edit })).statusCode).toBe(200);
    expect((await edit(state, state.links.edit, state.questions)).statusCode).toBe(200);
  });

  it('lets a participant move to another group with room, not to a full one; its own place does not count', async () => {
    const state = await answered();
    const full = await insertDepartment(database.db, state.organizationId, 'Full', { capacity: 0 });
    expectRefused(await edit(state, state.links.edit, { ...state.questions, '3': full }), 422, SurveyMessages.questionError, { '3': [SurveyMessages.groupFull] });
    await database.db.updateTable('departments').set({ capacity: 1 }).where('id', '=', state.group).execute();
    const stay = await edit(state, state.links.edit, state.questions);
    expect(stay.statusCode, stay.body).toBe(200);
  });

  it('works after the survey link filled up or expired, since the seat is taken already', async () => {
    const state = await answered({ capacity: 1 });
    expectRefused(await submit(app, surveyBody(state.link.token, state.questions)), 409, TokenMessages.tokenHasNoSeats);
    await database.db
      .updateTable('survey_tokens')
      .set({ starts_at: new Date(Date.now() - 2 * DAY), expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', state.link.id)
      .execute();
    expect((await edit(state, state.links.edit, state.questions)).statusCode).toBe(200);
    expect(await seatsUsed(database.db, state.link.id)).toBe(1);
  });

  it('refuses unknown, delete-purpose and foreign edit tokens, and another survey link', async () => {
    const state = await answered();
    const other = await answered();
    expectRefused(await edit(state, randomToken(), state.questions), 404, ResponseMessages.cannotUpdate);
    expectRefused(await edit(state, state.links.erase, state.questions), 404, ResponseMessages.cannotUpdate);
    // Another organisation's participant's edit link, sent with this survey link.
    expectRefused(await edit(state, other.links.edit, state.questions), 404, ResponseMessages.cannotUpdate);
    // This participant's edit link with another organisation's survey link.
    expectRefused(await submit(app, surveyBody(other.link.token, other.questions, { ...NAMES, edit_token: state.links.edit })), 404, ResponseMessages.cannotUpdate);
    expectRefused(await edit(state, state.links.edit, state.questions, { alias: 'Not this one' }), 404, TokenMessages.tokenNoLongerValid);
    for (const each of [state, other]) {
      expect((await checkUpdate({ token: each.links.edit })).statusCode).toBe(200);
      const row = await database.db.selectFrom('responses').select(['organization_id', 'updated_at']).where('id', '=', each.responseId).executeTakeFirstOrThrow();
      expect(row).toEqual({ organization_id: each.organizationId, updated_at: null });
    }
  });

  it('lets exactly one of two simultaneous edits with one link through', async () => {
    const state = await answered();
    const responses = await Promise.all([edit(state, state.links.edit, state.questions), edit(state, state.links.edit, state.questions)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await countRows(database.db, state.organizationId)).toMatchObject({ responses: 1, ...VALID_CHILD_ROWS });
  });

  it('forgets the person when the participant chooses to stay anonymous, links included', async () => {
    const state = await answered();
    const mailBefore = mail.length;
    const response = await edit(state, state.links.edit, state.questions, { 'first-name': '', 'last-name': '', 'stay-anonymous': 1 });
    expect(response.json()).toEqual({ status: 200, data: { completed: true, edited: true, edit_link_sent: false } });
    const row = await database.db.selectFrom('responses').selectAll().where('id', '=', state.responseId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ anonymous: true, first_name: null, last_name: null, email: null, invitation_id: null });
    expect(mail.length).toBe(mailBefore);
    expect((await countRows(database.db, state.organizationId)).editLinks).toBe(0);
    expectRefused(await edit(state, state.links.edit, state.questions), 404, ResponseMessages.cannotUpdate);
    expectRefused(await erase(state.links.erase), 404, ResponseMessages.deleteLinkInvalid);
  });
});

describe('DELETE /api/delete-survey', () => {
  it('erases the response with its rows and links, keeps the seat used, and works once', async () => {
    const state = await answered();
    const kept = await answered();
    const response = await erase(state.links.erase);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 200, data: { deleted: 1 } });
    expect(await countRows(database.db, state.organizationId)).toEqual({ responses: 0, ancestry: 0, languages: 0, heritages: 0, editLinks: 0 });
    expect(await seatsUsed(database.db, state.link.id)).toBe(1);
    const invitation = await database.db.selectFrom('invitations').select('accepted_at').where('organization_id', '=', state.organizationId).executeTakeFirstOrThrow();
    expect(invitation.accepted_at).not.toBeNull();
    const audits = await database.db.selectFrom('audit_log').select(['action', 'details']).where('organization_id', '=', state.organizationId).execute();
    expect(audits).toEqual([{ action: 'survey.response_deleted', details: { response_id: state.responseId } }]);

    expectRefused(await erase(state.links.erase), 404, ResponseMessages.deleteLinkInvalid);
    expectRefused(await checkEdit(state.links.edit), 404, ResponseMessages.cannotUpdate);
    expectRefused(await edit(state, state.links.edit, state.questions), 404, ResponseMessages.cannotUpdate);
    // The other participant's answers are untouched.
    expect(await countRows(database.db, kept.organizationId)).toEqual({ responses: 1, ...VALID_CHILD_ROWS, editLinks: 2 });
  });

  it('refuses edit links, unknown and malformed tokens', async () => {
    const state = await answered();
    expectRefused(await erase(state.links.edit), 404, ResponseMessages.deleteLinkInvalid);
    expectRefused(await erase(randomToken()), 404, ResponseMessages.deleteLinkInvalid);
    expectRefused(await erase('x'.repeat(1000)), 404, ResponseMessages.deleteLinkInvalid);
    expect((await erase(42)).statusCode).toBe(422);
    expect((await countRows(database.db, state.organizationId)).responses).toBe(1);
  });
});
