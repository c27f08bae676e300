import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../domain/contracts/envelope';
import { LookupMessages } from '../../domain/contracts/lookups';
import { ResponseMessages } from '../../domain/contracts/responses';
import { type AnswerValue, type LanguageRow, SurveyMessages } from '../../domain/contracts/survey';
import { TokenMessages } from '../../domain/contracts/tokens';
import type { OpenDatabase } from '../../server/db/connect';
import { randomToken } from '../../server/services/auth/tokens';
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
import { SURVEY_APP_URL, closeSurveyServer, openSurveyServer } from './helpers/surveyServer';

let database: OpenDatabase;
let app: FastifyInstance;
let mail: MailMessage[];
let idOf: IdOf;
let valid: Record<string, AnswerValue>;

const DAY = 86_400_000;
const APP_URL = SURVEY_APP_URL;

beforeAll(async () => {
  ({ database, app, mail, idOf, valid } = await openSurveyServer());
});

afterAll(() => closeSurveyServer({ app, database }));

const organization = async (): Promise<string> => {
  const id = await insertOrganization(database.db);
  await database.db.updateTable('organizations').set({ seat_capacity: 10_000 }).where('id', '=', id).execute();
  return id;
};

/** A whole-organisation anonymous link, a group with a sub-group, and answers choosing the sub-group. */
const wholeOrganization = async (linkValues: Parameters<typeof insertLink>[2] = {}) => {
  const organizationId = await organization();
  const group = await insertDepartment(database.db, organizationId, 'Research');
  const subGroup = await insertDepartment(database.db, organizationId, 'Research north', { parentId: group });
  const link = await insertLink(database.db, organizationId, linkValues);
  return { organizationId, group, subGroup, link, questions: { ...valid, '3': subGroup } };
};

const expectRefused = (response: { statusCode: number; json: () => unknown }, status: number, message: string, errors?: Record<string, string[]>) => {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  expect(response.json()).toEqual({ status, message, ...(errors ? { errors } : {}) });
};

/** A 422 with the 'single/multiple question errors' message and exactly these field errors. */
const expectQuestionErrors = (response: { statusCode: number; json: () => unknown }, errors: Record<string, string[]>) => {
  const questions = new Set(Object.keys(errors).map((field) => field.split('.')[0]));
  expectRefused(response, 422, questions.size === 1 ? SurveyMessages.questionError : SurveyMessages.questionErrors(questions.size), errors);
};

const nothingStored = async (organizationId: string, linkId: string) => {
  expect(await countRows(database.db, organizationId)).toEqual({ responses: 0, ancestry: 0, languages: 0, heritages: 0, editLinks: 0 });
  expect(await seatsUsed(database.db, linkId)).toBe(0);
};

const OK = { status: 200, data: { completed: true, edited: false, edit_link_sent: false } };

describe('POST /api/diversity-survey: what is stored', () => {
  it('stores an anonymous answer: principle columns, birth year, placement and child rows, without a person', async () => {
    const { organizationId, group, subGroup, link, questions: base } = await wholeOrganization();
    const [belongs, other] = await database.db.selectFrom('lookup_principles').select('id').where('list', '=', 'ethnicities').where('code', '<>', 'prefer_not').orderBy('id').limit(2).execute();
    // Questions 25 to 27: cultures belonged to, the one identified with most, appearance.
    const questions = { ...base, '25': [belongs!.id, other!.id], '26': [other!.id], '27': await idOf('appearances', 'south_asian') };
    const mailBefore = mail.length;
    const response = await submit(app, surveyBody(link.token, questions, { edit_token: ' ', invitation: '' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(OK);
    expect(mail.length).toBe(mailBefore);

    const row = await database.db.selectFrom('responses').selectAll().where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      survey_id: 1,
      token_id: link.id,
      department_id: subGroup,
      group_id: group,
      anonymous: true,
      first_name: null,
      last_name: null,
      email: null,
      invitation_id: null,
      birth_year: 1990,
      country_birth_id: valid['4'],
      state_id: valid['5'],
      worldview_id: valid['13'],
      branch_id: valid['14'],
      denomination_id: valid['15'],
      gender_id: valid['17'],
      age_id: valid['18'],
      education_id: valid['19'],
      disability_id: valid['20'],
      sexual_orientation_id: valid['21'],
      position_level_id: valid['22'],
      position_type_id: valid['23'],
      culture_identity_id: other!.id,
      appearance_id: questions['27'],
      updated_at: null,
    });
    expect(row.answers).toEqual({ ...questions });
    const cultures = await database.db.selectFrom('response_cultures').select('ethnicity_id').where('response_id', '=', row.id).orderBy('ethnicity_id').execute();
    expect(cultures.map((culture) => culture.ethnicity_id)).toEqual([belongs!.id, other!.id]);
    const ancestry = await database.db.selectFrom('response_ancestry').select(['relation', 'country_id']).where('response_id', '=', row.id).orderBy('relation').execute();
    expect(ancestry).toEqual([
      { relation: 'father', country_id: valid['7'] },
      { relation: 'mother', country_id: valid['6'] },
    ]);
    const languages = await database.db.selectFrom('response_languages').select(['language_id', 'level']).where('response_id', '=', row.id).orderBy('level', 'desc').execute();
    expect(languages).toEqual([
      { language_id: await idOf('languages', 'eng'), level: 'native' },
      { language_id: await idOf('languages', 'fra'), level: 'basic' },
    ]);
    const heritages = await database.db.selectFrom('response_heritages').select('ethnicity_id').where('response_id', '=', row.id).execute();
    expect(heritages).toEqual([{ ethnicity_id: (valid['16'] as number[])[0] }]);
    expect(await seatsUsed(database.db, link.id)).toBe(1);
    expect(await countRows(database.db, organizationId)).toEqual({ responses: 1, ...VALID_CHILD_ROWS, editLinks: 0 });
  });

  it('places an answer on a group link in that group, ignoring a group named in the body', async () => {
    const organizationId = await organization();
    const group = await insertDepartment(database.db, organizationId, 'Finance');
    const subGroup = await insertDepartment(database.db, organizationId, 'Finance south', { parentId: group });
    const other = await insertDepartment(database.db, organizationId, 'Sales');
    const groupLink = await insertLink(database.db, organizationId, { departmentId: group });
    const subGroupLink = await insertLink(database.db, organizationId, { departmentId: subGroup });
    expect((await submit(app, surveyBody(groupLink.token, { ...valid, '3': other }))).json()).toEqual(OK);
    expect((await submit(app, surveyBody(subGroupLink.token, valid))).json()).toEqual(OK);
    const rows = await database.db.selectFrom('responses').select(['token_id', 'department_id', 'group_id']).where('organization_id', '=', organizationId).execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { token_id: groupLink.id, department_id: group, group_id: group },
        { token_id: subGroupLink.id, department_id: subGroup, group_id: group },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('stores names and the invitation email of a named answer, marks the invitation used and emails the edit and delete links', async () => {
    const organizationId = await organization();
    const group = await insertDepartment(database.db, organizationId, 'Support');
    const link = await insertLink(database.db, organizationId, { departmentId: group, anonymity: 0 });
    const invitation = await insertSurveyInvitation(database.db, link, 'grace@example.org');
    const mailBefore = mail.length;
    const response = await submit(app, surveyBody(link.token, valid, { 'first-name': ' Grace ', 'last-name': 'Hopper', 'stay-anonymous': 0, invitation, alias: link.alias.toUpperCase() }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 200, data: { completed: true, edited: false, edit_link_sent: true } });

    const row = await database.db.selectFrom('responses').selectAll().where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
    const invitationRow = await database.db.selectFrom('invitations').selectAll().where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ anonymous: false, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org', invitation_id: invitationRow.id });
    expect(invitationRow.accepted_at).not.toBeNull();

    expect(mail.length).toBe(mailBefore + 1);
    const sent = mail.at(-1)!;
    expect(sent).toMatchObject({ organizationId, to: 'grace@example.org', subject: 'Your answers to the cultural diversity survey of Test organisation' });
    const editToken = /check-edit-survey\?token=([\w-]+)/.exec(sent.text)?.[1];
    const deleteToken = /delete-survey\?token=([\w-]+)/.exec(sent.text)?.[1];
    expect(sent.link).toBe(`${APP_URL}/check-edit-survey?token=${editToken}`);
    expect(sent.text).toContain(`${APP_URL}/delete-survey?token=${deleteToken}`);
    const links = await database.db.selectFrom('response_edit_links').selectAll().where('response_id', '=', row.id).orderBy('purpose').execute();
    expect(links.map((each) => each.purpose)).toEqual(['delete', 'edit']);
    for (const each of links) {
      expect(each.used_at).toBeNull();
      expect(each.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect([editToken, deleteToken]).not.toContain(each.token_hash);
      expect(Math.abs(each.expires_at.getTime() - Date.now() - 7 * DAY)).toBeLessThan(60_000);
    }
  });

  it('takes the invitation from the query too, and refuses it the second time with nothing written', async () => {
    const organizationId = await organization();
    const link = await insertLink(database.db, organizationId, { anonymity: 0 });
    const invitation = await insertSurveyInvitation(database.db, link, 'ada@example.org');
    const body = surveyBody(link.token, { ...valid, '3': await insertDepartment(database.db, organizationId, 'Ops') }, { 'first-name': 'Ada', 'last-name': 'Lovelace', 'stay-anonymous': 0 });
    expect((await submit(app, body, `?invitation=${invitation}`)).statusCode).toBe(200);
    expectRefused(await submit(app, body, `?invitation=${invitation}`), 409, TokenMessages.alreadyCompleted);
    expectRefused(await submit(app, { ...body, invitation }), 409, TokenMessages.alreadyCompleted);
    expect(await seatsUsed(database.db, link.id)).toBe(1);
    expect((await countRows(database.db, organizationId)).responses).toBe(1);
  });

  it('lets exactly one of several simultaneous submits use an invitation', async () => {
    const organizationId = await organization();
    const link = await insertLink(database.db, organizationId, { anonymity: 0, capacity: 20 });
    const invitation = await insertSurveyInvitation(database.db, link, 'twice@example.org');
    const body = surveyBody(link.token, { ...valid, '3': await insertDepartment(database.db, organizationId, 'Ops') }, { 'first-name': 'Ada', 'last-name': 'Byron', 'stay-anonymous': 0, invitation });
    const responses = await Promise.all(Array.from({ length: 6 }, () => submit(app, body)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) expectRefused(refused, 409, TokenMessages.alreadyCompleted);
    expect(await seatsUsed(database.db, link.id)).toBe(1);
    expect(await countRows(database.db, organizationId)).toMatchObject({ responses: 1, editLinks: 2 });
  });

  it('keeps an invited participant who chooses to stay anonymous anonymous: no email, no invitation, no links', async () => {
    const organizationId = await organization();
    const link = await insertLink(database.db, organizationId, { anonymity: 0, departmentId: await insertDepartment(database.db, organizationId, 'Legal') });
    const invitation = await insertSurveyInvitation(database.db, link, 'quiet@example.org');
    const mailBefore = mail.length;
    expect((await submit(app, surveyBody(link.token, valid, { invitation }))).json()).toEqual(OK);
    const row = await database.db.selectFrom('responses').selectAll().where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ anonymous: true, first_name: null, last_name: null, email: null, invitation_id: null });
    expect(mail.length).toBe(mailBefore);
    expect((await countRows(database.db, organizationId)).editLinks).toBe(0);
    expectRefused(await submit(app, surveyBody(link.token, valid, { invitation })), 409, TokenMessages.alreadyCompleted);
  });

  it('asks for a state only where the country has states, and for a branch only where the worldview has branches', async () => {
    const { organizationId, link, questions } = await wholeOrganization();
    const noStates = { ...questions, '4': await idOf('countries', 'AX'), '5': '', '13': await idOf('worldviews', 'prefer_not'), '14': '', '15': '' };
    expect((await submit(app, surveyBody(link.token, noStates))).json()).toEqual(OK);
    // An answer to a question that is not asked is dropped, not stored.
    const stray = { ...noStates, '5': await idOf('states', 'AU-VIC'), '14': await idOf('branches', '2511') };
    expect((await submit(app, surveyBody(link.token, stray))).json()).toEqual(OK);
    const rows = await database.db.selectFrom('responses').select(['state_id', 'branch_id', 'answers']).where('organization_id', '=', organizationId).execute();
    expect(rows.map((row) => [row.state_id, row.branch_id])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(rows.every((row) => (row.answers as Record<string, unknown>)['5'] === '')).toBe(true);
  });
});

describe('POST /api/diversity-survey: answers refused, nothing written', () => {
  it('names every missing required answer', async () => {
    const { organizationId, link } = await wholeOrganization({ anonymity: 0 });
    const response = await submit(app, surveyBody(link.token, {}, { 'stay-anonymous': 0 }));
    expectQuestionErrors(response, {
      '1': [SurveyMessages.firstNameRequired],
      '2': [SurveyMessages.lastNameRequired],
      '3': [SurveyMessages.departmentRequired],
      '4': [SurveyMessages.countryOfBirthRequired],
      '12': [SurveyMessages.languageRequired],
      '13': [SurveyMessages.worldviewRequired],
      '17': [SurveyMessages.genderRequired],
      '19': [SurveyMessages.educationRequired],
      '24': [SurveyMessages.mustAgree],
    });
    await nothingStored(organizationId, link.id);
  });

  it('requires the state of a country that has states, and refuses a state of another country', async () => {
    const { organizationId, link, questions } = await wholeOrganization();
    expectQuestionErrors(await submit(app, surveyBody(link.token, { ...questions, '5': '' })), { '5': [SurveyMessages.stateRequired] });
    expectQuestionErrors(await submit(app, surveyBody(link.token, { ...questions, '5': await idOf('states', 'FR-IDF') })), { '5': [LookupMessages.stateNotExist] });
    expectQuestionErrors(await submit(app, surveyBody(link.token, { ...questions, '5': await idOf('branches', '2511') })), { '5': [LookupMessages.stateNotExist] });
    // The shared "Prefer not to answer" of the states list fits every country.
    expect((await submit(app, surveyBody(link.token, { ...questions, '5': await idOf('states', 'prefer_not') }))).statusCode).toBe(200);
    expect(await seatsUsed(database.db, link.id)).toBe(1);
    expect((await countRows(database.db, organizationId)).responses).toBe(1);
  });

  it('says which answers name an option that does not exist in their list', async () => {
    const { organizationId, link, questions } = await wholeOrganization();
    const christianity = await idOf('worldviews', '25');
    const response = await submit(
      app,
      surveyBody(link.token, {
        ...questions,
        '4': 999_999,
        '6': await idOf('states', 'AU-NSW'),
        '12': [
          { principleId: await idOf('languages', 'eng'), level: 'native' },
          { principleId: await idOf('countries', 'FR'), level: 'fluent' },
        ],
        '13': christianity,
        '14': await idOf('branches', '1511'),
        '15': '',
        '16': [...(valid['16'] as number[]), 2_147_483_648],
        '17': await idOf('educations', '3'),
        '18': 0,
        '19': await idOf('genders', 'male'),
        '20': await idOf('sexual-orientations', 'straight'),
        '21': await idOf('disabilities', 'none'),
        '22': await idOf('position-levels', '3'),
        '23': await idOf('position-types', '21'),
      }),
    );
    expectQuestionErrors(response, {
      '4': [LookupMessages.countryNotExist],
      '6': [LookupMessages.countryNotExist],
      '12.1': [LookupMessages.languageNotExist],
      '14': [LookupMessages.branchNotExist],
      '16.1': [LookupMessages.ethnicityNotExist],
      '17': [LookupMessages.genderNotExist],
      '18': [LookupMessages.ageNotExist],
      '19': [LookupMessages.educationNotExist],
      '20': [LookupMessages.disabilityNotExist],
      '21': [LookupMessages.sexualOrientationNotExist],
      '23': [LookupMessages.positionTypeNotExist],
    });
    await nothingStored(organizationId, link.id);
    // A denomination of another branch.
    expectQuestionErrors(await submit(app, surveyBody(link.token, { ...questions, '15': await idOf('denominations', '1011') })), {
      '15': [LookupMessages.denominationNotExist],
    });
  });

  it('checks the culture and appearance answers (questions 25 to 27) against their lists', async () => {
    const { organizationId, link, questions } = await wholeOrganization();
    const culture = (valid['16'] as number[])[0]!;
    expectQuestionErrors(
      await submit(app, surveyBody(link.token, { ...questions, '25': [culture, await idOf('countries', 'FR')], '26': [culture, culture], '27': await idOf('genders', 'male') })),
      {
        '25.1': [LookupMessages.ethnicityNotExist],
        '26': [SurveyMessages.tooManyRows(1)],
        '26.1': [SurveyMessages.duplicateRow],
        '27': [LookupMessages.appearanceNotExist],
      },
    );
    await nothingStored(organizationId, link.id);
    // Prefer not to answer is an answer of each; the three stay optional.
    const preferNot = { ...questions, '25': [await idOf('ethnicities', 'prefer_not')], '26': [await idOf('ethnicities', 'prefer_not')], '27': await idOf('appearances', 'prefer_not') };
    expect((await submit(app, surveyBody(link.token, preferNot))).statusCode).toBe(200);
    const row = await database.db.selectFrom('responses').select(['culture_identity_id', 'appearance_id']).where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
    expect(row).toEqual({ culture_identity_id: preferNot['26'][0], appearance_id: preferNot['27'] });
  });

  it('refuses the survey rules a hand-made body can break', async () => {
    const { organizationId, link, questions } = await wholeOrganization();
    expectQuestionErrors(
      await submit(app, surveyBody(link.token, { ...questions, '99': 1, '1': 'Ada', '17': 'female', '12': [...(valid['12'] as LanguageRow[]), (valid['12'] as LanguageRow[])[0]!], '24': 0 })),
      {
        '99': [SurveyMessages.unknownQuestion],
        '1': [SurveyMessages.answeredTwice],
        '17': [SurveyMessages.wrongForm],
        '12.2': [SurveyMessages.duplicateRow],
        '24': [SurveyMessages.mustAgree],
      },
    );
    expectRefused(await submit(app, { token: link.token, questions }), 422, Messages.invalidData, {
      'first-name': [Messages.fieldRequired('first-name')],
      'last-name': [Messages.fieldRequired('last-name')],
      'stay-anonymous': [Messages.fieldRequired('stay-anonymous')],
    });
    // A list far longer than the question takes is refused by its rule, without a query as long as the list.
    const long = Array.from({ length: 70_000 }, (_, index) => index + 1);
    expectQuestionErrors(await submit(app, surveyBody(link.token, { ...questions, '16': long })), { '16': [SurveyMessages.tooManyRows(10)] });
    const languages = await submit(app, surveyBody(link.token, { ...questions, '12': [{ principleId: 1, level: 'expert' as 'native' }] }));
    expect(languages.statusCode).toBe(422);
    expect(languages.json().message).toBe(Messages.invalidData);
    await nothingStored(organizationId, link.id);
  });

  it('refuses names on an anonymous link, and names with a choice to stay anonymous', async () => {
    const { organizationId, link, questions } = await wholeOrganization({ anonymity: 1 });
    expectQuestionErrors(await submit(app, surveyBody(link.token, questions, { 'first-name': 'Ada', 'last-name': 'Lovelace' })), {
      '1': [SurveyMessages.anonymityEnforced],
      '2': [SurveyMessages.anonymityEnforced],
    });
    expectQuestionErrors(await submit(app, surveyBody(link.token, questions, { 'stay-anonymous': 0, 'first-name': 'Ada' })), {
      '33': [SurveyMessages.anonymityEnforced],
      '1': [SurveyMessages.anonymityEnforced],
    });
    await nothingStored(organizationId, link.id);

    const named = await insertLink(database.db, organizationId, { anonymity: 0 });
    expectQuestionErrors(await submit(app, surveyBody(named.token, questions, { 'stay-anonymous': 1, 'last-name': 'Lovelace' })), {
      '2': [ResponseMessages.namesWhenAnonymous],
    });
    expectQuestionErrors(await submit(app, surveyBody(named.token, questions, { 'stay-anonymous': 0, 'last-name': 'Lovelace' })), {
      '1': [SurveyMessages.firstNameRequired],
    });
    await nothingStored(organizationId, named.id);
  });

  it('refuses a group that is not one of the organisation', async () => {
    const { organizationId, link, questions } = await wholeOrganization();
    const foreign = await insertDepartment(database.db, await organization(), 'Research');
    for (const group of [foreign, '00000000-0000-4000-8000-000000000000', 'Research', "x'; drop table responses; --"]) {
      expectQuestionErrors(await submit(app, surveyBody(link.token, { ...questions, '3': group })), { '3': [SurveyMessages.groupNotFound] });
    }
    await nothingStored(organizationId, link.id);
  });

  it('refuses a full group, and a sub-group of a full group, until a place is free', async () => {
    const { organizationId, link, questions } = await wholeOrganization({ capacity: 20 });
    const small = await insertDepartment(database.db, organizationId, 'Small', { capacity: 1 });
    const smallTeam = await insertDepartment(database.db, organizationId, 'Small team', { parentId: small });
    const open = await insertDepartment(database.db, organizationId, 'Open', { capacity: 5 });
    const openTeam = await insertDepartment(database.db, organizationId, 'Open team', { parentId: open, capacity: 1 });

    expect((await submit(app, surveyBody(link.token, { ...questions, '3': smallTeam }))).statusCode).toBe(200);
    expectQuestionErrors(await submit(app, surveyBody(link.token, { ...questions, '3': small })), { '3': [SurveyMessages.groupFull] });
    expectQuestionErrors(await submit(app, surveyBody(link.token, { ...questions, '3': smallTeam })), { '3': [SurveyMessages.groupFull] });
    expect((await submit(app, surveyBody(link.token, { ...questions, '3': openTeam }))).statusCode).toBe(200);
    expectQuestionErrors(await submit(app, surveyBody(link.token, { ...questions, '3': openTeam })), { '3': [SurveyMessages.groupFull] });
    expect((await submit(app, surveyBody(link.token, { ...questions, '3': open }))).statusCode).toBe(200);
    expect(await seatsUsed(database.db, link.id)).toBe(3);

    await database.db.updateTable('departments').set({ capacity: 2 }).where('id', '=', small).execute();
    expect((await submit(app, surveyBody(link.token, { ...questions, '3': small }))).statusCode).toBe(200);
  });

  it('fills a group with a capacity exactly when participants choose it at the same time', async () => {
    const { organizationId, link, questions } = await wholeOrganization({ capacity: 100 });
    const limited = await insertDepartment(database.db, organizationId, 'Limited', { capacity: 7 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => submit(app, surveyBody(link.token, { ...questions, '3': limited }))));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(7);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) expectQuestionErrors(refused, { '3': [SurveyMessages.groupFull] });
    expect(await seatsUsed(database.db, link.id)).toBe(7);
    expect((await countRows(database.db, organizationId)).responses).toBe(7);
  });
});

describe('POST /api/diversity-survey: links that cannot be answered', () => {
  it('refuses unknown tokens, another alias, switched-off, expired, not started and full links', async () => {
    const { organizationId, link, questions } = await wholeOrganization({ capacity: 1 });
    const attempt = (token = link.token, extra: Record<string, unknown> = {}) => submit(app, surveyBody(token, questions, extra));
    expectRefused(await attempt(randomToken()), 404, TokenMessages.tokenNoLongerValid);
    expectRefused(await attempt(''), 404, TokenMessages.tokenNoLongerValid);
    expectRefused(await attempt('x'.repeat(5000)), 404, TokenMessages.tokenNoLongerValid);
    expectRefused(await attempt(link.token, { alias: 'Another alias' }), 404, TokenMessages.tokenNoLongerValid);
    const set = (values: Record<string, unknown>) => database.db.updateTable('survey_tokens').set(values).where('id', '=', link.id).execute();
    await set({ active: false });
    expectRefused(await attempt(), 404, TokenMessages.tokenNoLongerValid);
    await set({ active: true, starts_at: new Date(Date.now() + DAY) });
    expectRefused(await attempt(), 409, TokenMessages.surveyNotStarted);
    await set({ starts_at: new Date(Date.now() - 2 * DAY), expires_at: new Date(Date.now() - 1000) });
    expectRefused(await attempt(), 410, TokenMessages.surveyExpired);
    await set({ expires_at: new Date(Date.now() + DAY) });
    await nothingStored(organizationId, link.id);
    expect((await attempt()).statusCode).toBe(200);
    expectRefused(await attempt(), 409, TokenMessages.tokenHasNoSeats);
    expect((await countRows(database.db, organizationId)).responses).toBe(1);
  });

  it('refuses the links of an organisation that is switched off or whose package ended', async () => {
    const { organizationId, link, questions } = await wholeOrganization();
    await database.db.updateTable('organizations').set({ package_expires_at: new Date(Date.now() - 1000) }).where('id', '=', organizationId).execute();
    expectRefused(await submit(app, surveyBody(link.token, questions)), 404, TokenMessages.tokenNoLongerValid);
    await database.db.updateTable('organizations').set({ package_expires_at: null, active: false }).where('id', '=', organizationId).execute();
    expectRefused(await submit(app, surveyBody(link.token, questions)), 404, TokenMessages.tokenNoLongerValid);
    await nothingStored(organizationId, link.id);
  });

  it('refuses unknown, revoked and other links invitations, before looking at the answers', async () => {
    const { organizationId, link } = await wholeOrganization();
    const otherLink = await insertLink(database.db, organizationId);
    const foreign = await wholeOrganization();
    const revoked = await insertSurveyInvitation(database.db, link, 'revoked@example.org');
    await database.db.updateTable('invitations').set({ revoked_at: new Date() }).where('email', '=', 'revoked@example.org').execute();
    for (const invitation of [randomToken(), revoked, await insertSurveyInvitation(database.db, otherLink, 'other@example.org'), await insertSurveyInvitation(database.db, foreign.link, 'foreign@example.org')]) {
      expectRefused(await submit(app, surveyBody(link.token, {}, { invitation })), 404, TokenMessages.invitationNoLongerValid);
    }
    await nothingStored(organizationId, link.id);
  });
});

describe('POST /api/diversity-survey: 200 participants at once on a 50-seat link', () => {
  it('stores exactly 50 answers with all their rows and refuses 150, leaving no half-written answer', async () => {
    const { organizationId, link, questions } = await wholeOrganization({ capacity: 50 });
    const started = performance.now();
    const responses = await Promise.all(Array.from({ length: 200 }, () => submit(app, surveyBody(link.token, questions))));
    const elapsed = performance.now() - started;
    console.log(`200 concurrent submits on ${database.kind}: ${Math.round(elapsed)} ms`);
    const byStatus = new Map<number, number>();
    for (const response of responses) byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: 50, 409: 150 });
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toEqual({ status: 409, message: TokenMessages.tokenHasNoSeats });
    }
    expect(TokenMessages.tokenHasNoSeats).toBe('This survey link has no seats left.');
    expect(await seatsUsed(database.db, link.id)).toBe(50);
    expect(await countRows(database.db, organizationId)).toEqual({
      responses: 50,
      ancestry: 50 * VALID_CHILD_ROWS.ancestry,
      languages: 50 * VALID_CHILD_ROWS.languages,
      heritages: 50 * VALID_CHILD_ROWS.heritages,
      editLinks: 0,
    });
    const orphans = await sql<{ n: number }>`
      select (select count(*) from response_ancestry c where not exists (select 1 from responses r where r.id = c.response_id))
           + (select count(*) from response_languages c where not exists (select 1 from responses r where r.id = c.response_id))
           + (select count(*) from response_heritages c where not exists (select 1 from responses r where r.id = c.response_id)) as n`.execute(database.db);
    expect(Number(orphans.rows[0]!.n)).toBe(0);
    // Every stored answer is whole: each response has all its child rows.
    const partial = await sql<{ n: number }>`
      select count(*) as n from responses r where r.organization_id = ${organizationId}
        and ((select count(*) from response_languages l where l.response_id = r.id) <> ${VALID_CHILD_ROWS.languages}
          or (select count(*) from response_ancestry a where a.response_id = r.id) <> ${VALID_CHILD_ROWS.ancestry})`.execute(database.db);
    expect(Number(partial.rows[0]!.n)).toBe(0);
  });
});

describe('POST /api/diversity-survey: tenant isolation', () => {
  it('stores an answer in its link organisation only, whatever the body names', async () => {
    const own = await wholeOrganization();
    const other = await wholeOrganization();
    const before = await countRows(database.db, other.organizationId);
    // The other organisation's group, named on this organisation's link.
    expectQuestionErrors(await submit(app, surveyBody(own.link.token, { ...own.questions, '3': other.subGroup })), { '3': [SurveyMessages.groupNotFound] });
    expectQuestionErrors(await submit(app, surveyBody(own.link.token, { ...own.questions, '3': other.group })), { '3': [SurveyMessages.groupNotFound] });
    expect((await submit(app, surveyBody(own.link.token, own.questions, { organization_id: other.organizationId }))).statusCode).toBe(200);
    expect(await countRows(database.db, other.organizationId)).toEqual(before);
    const stored = await database.db.selectFrom('responses').select(['organization_id', 'group_id']).where('token_id', '=', own.link.id).execute();
    expect(stored).toEqual([{ organization_id: own.organizationId, group_id: own.group }]);
    const children = await sql<{ n: number }>`
      select count(*) as n from response_languages l join responses r on r.id = l.response_id where l.organization_id <> r.organization_id`.execute(database.db);
    expect(Number(children.rows[0]!.n)).toBe(0);
  });
});

describe('POST /api/diversity-survey: submits that arrive together', () => {
  it('reads and writes them in batches, each with its own link, group and answers, and refuses only the bad ones', async () => {
    const places = await Promise.all([wholeOrganization(), wholeOrganization(), wholeOrganization()]);
    const genders = [await idOf('genders', 'female'), await idOf('genders', 'male'), await idOf('genders', 'prefer_not')];
    const bodies = Array.from({ length: 30 }, (_, index) => {
      const place = places[index % 3]!;
      return { place, gender: genders[index % 3]!, body: surveyBody(place.link.token, { ...place.questions, '17': genders[index % 3]! }) };
    });
    const unknown = surveyBody(randomToken(), valid);
    const badAnswer = surveyBody(places[0]!.link.token, { ...places[0]!.questions, '17': await idOf('languages', 'eng') });
    const [first, second, ...rest] = await Promise.all([submit(app, unknown), submit(app, badAnswer), ...bodies.map(({ body }) => submit(app, body))]);
    expectRefused(first!, 404, TokenMessages.tokenNoLongerValid);
    expectQuestionErrors(second!, { '17': [LookupMessages.genderNotExist] });
    expect(rest.map((response) => response.statusCode)).toEqual(bodies.map(() => 200));
    for (const [index, place] of places.entries()) {
      const stored = await database.db.selectFrom('responses').select(['token_id', 'department_id', 'group_id', 'gender_id']).where('organization_id', '=', place.organizationId).execute();
      expect(stored).toHaveLength(10);
      const each = (row: (typeof stored)[number]) => `${row.token_id} ${row.department_id} ${row.group_id} ${row.gender_id}`;
      expect(new Set(stored.map(each))).toEqual(new Set([`${place.link.id} ${place.subGroup} ${place.group} ${genders[index]}`]));
      expect(await seatsUsed(database.db, place.link.id)).toBe(10);
    }
  });
});
