import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages } from '../../domain/contracts/auth';
import type { AnswerValue } from '../../domain/contracts/survey';
import { TokenMessages } from '../../domain/contracts/tokens';
import type { OpenDatabase } from '../../server/db/connect';
import type { MailMessage } from '../../server/services/mail';
import { PASSWORD, insertOrganization, insertUser } from './helpers/accounts';
import { countRows, insertDepartment, insertLink, seatsUsed, submit, surveyBody } from './helpers/surveyResponses';
import { SURVEY_APP_URL, closeSurveyServer, openSurveyServer } from './helpers/surveyServer';

/**
 * Issue 27, items 6 and 7: a group's capacity binds the answers given through the group's own
 * links (not only those choosing it on a whole-organisation link), under concurrency; and a
 * named participant without an invitation can give an address for the links to change or
 * erase the answers, mailed in the language they answered in.
 */

let database: OpenDatabase;
let app: FastifyInstance;
let mail: MailMessage[];
let valid: Record<string, AnswerValue>;

beforeAll(async () => {
  ({ database, app, mail, valid } = await openSurveyServer());
});

afterAll(() => closeSurveyServer({ app, database }));

const organization = async (): Promise<string> => {
  const id = await insertOrganization(database.db);
  await database.db.updateTable('organizations').set({ seat_capacity: 10_000 }).where('id', '=', id).execute();
  return id;
};

const responsesIn = async (organizationId: string, column: 'group_id' | 'department_id', id: string): Promise<number> =>
  Number(
    (
      await database.db
        .selectFrom('responses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organization_id', '=', organizationId)
        .where(column, '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

const checkLink = (token: string) => app.inject({ method: 'GET', url: `/api/check-register-token?token=${encodeURIComponent(token)}` });

describe('a group capacity binds the answers through the group link', () => {
  it('takes exactly 3 of 6 simultaneous answers on a 6-seat link of a group of capacity 3, and gives the refused seats back', async () => {
    const organizationId = await organization();
    const group = await insertDepartment(database.db, organizationId, 'Engineering', { capacity: 3 });
    const link = await insertLink(database.db, organizationId, { departmentId: group, capacity: 6 });
    expect((await checkLink(link.token)).statusCode).toBe(200);

    const responses = await Promise.all(Array.from({ length: 6 }, () => submit(app, surveyBody(link.token, valid))));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ status: 409, message: TokenMessages.groupLinkFull });
    }
    expect(await responsesIn(organizationId, 'group_id', group)).toBe(3);
    // A refused answer leaves nothing: no row and no seat.
    expect(await seatsUsed(database.db, link.id)).toBe(3);
    expect((await countRows(database.db, organizationId)).responses).toBe(3);

    // The participant opening the link now hears it at once, before filling anything in.
    const check = await checkLink(link.token);
    expect(check.statusCode).toBe(409);
    expect(check.json()).toEqual({ status: 409, message: TokenMessages.groupLinkFull });
  });

  it('counts a sub-group link against its group, and both paths (group link, group chosen) against one capacity', async () => {
    const organizationId = await organization();
    const group = await insertDepartment(database.db, organizationId, 'Sales', { capacity: 4 });
    const team = await insertDepartment(database.db, organizationId, 'Sales east', { parentId: group });
    const groupLink = await insertLink(database.db, organizationId, { departmentId: group, capacity: 20 });
    const teamLink = await insertLink(database.db, organizationId, { departmentId: team, capacity: 20 });
    const wholeLink = await insertLink(database.db, organizationId, { capacity: 20 });

    const attempts = [
      ...Array.from({ length: 4 }, () => submit(app, surveyBody(groupLink.token, valid))),
      ...Array.from({ length: 4 }, () => submit(app, surveyBody(teamLink.token, valid))),
      ...Array.from({ length: 4 }, () => submit(app, surveyBody(wholeLink.token, { ...valid, '3': team }))),
    ];
    const responses = await Promise.all(attempts);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(4);
    expect(await responsesIn(organizationId, 'group_id', group)).toBe(4);
    const seats = (await seatsUsed(database.db, groupLink.id)) + (await seatsUsed(database.db, teamLink.id)) + (await seatsUsed(database.db, wholeLink.id));
    expect(seats).toBe(4);
    for (const link of [groupLink, teamLink]) expect((await checkLink(link.token)).json()).toEqual({ status: 409, message: TokenMessages.groupLinkFull });
  });

  it('lets a group link answer again once the capacity is raised, and leaves a group without capacity unbounded', async () => {
    const organizationId = await organization();
    const group = await insertDepartment(database.db, organizationId, 'Legal', { capacity: 1 });
    const open = await insertDepartment(database.db, organizationId, 'Open');
    const link = await insertLink(database.db, organizationId, { departmentId: group, capacity: 5 });
    const openLink = await insertLink(database.db, organizationId, { departmentId: open, capacity: 5 });
    expect((await submit(app, surveyBody(link.token, valid))).statusCode).toBe(200);
    expect((await submit(app, surveyBody(link.token, valid))).statusCode).toBe(409);
    await database.db.updateTable('departments').set({ capacity: 2 }).where('id', '=', group).execute();
    expect((await submit(app, surveyBody(link.token, valid))).statusCode).toBe(200);
    for (let index = 0; index < 3; index += 1) expect((await submit(app, surveyBody(openLink.token, valid))).statusCode).toBe(200);
  });
});

describe('an edit keeps its place in a full group', () => {
  it('changes the answers of a response through its emailed link although the group link is full, even below capacity', async () => {
    const organizationId = await organization();
    const group = await insertDepartment(database.db, organizationId, 'Full house', { capacity: 1 });
    const link = await insertLink(database.db, organizationId, { departmentId: group, anonymity: 0 });
    const named = { 'first-name': 'Ada', 'last-name': 'Lovelace', 'stay-anonymous': 0 as const, email: 'ada.full@example.org' };
    expect((await submit(app, surveyBody(link.token, valid, named))).statusCode).toBe(200);
    const editToken = /check-edit-survey\?token=([\w-]+)/.exec(mail.at(-1)!.text)?.[1];
    expect(editToken).toBeDefined();
    // Full now, and the capacity lowered below what it holds.
    await database.db.updateTable('departments').set({ capacity: 0 }).where('id', '=', group).execute();
    expect((await submit(app, surveyBody(link.token, valid))).statusCode).toBe(409);
    const edited = await submit(app, surveyBody(link.token, valid, { ...named, 'first-name': 'Augusta', edit_token: editToken }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ data: { edited: true } });
    expect(await responsesIn(organizationId, 'group_id', group)).toBe(1);
  });
});

describe('the administrator sees what a group still takes', () => {
  it('lists each group with its places left: capacity less the answers counted in it and its sub-groups', async () => {
    const admin = await insertUser(database.db, { role: 'admin' });
    const organizationId = admin.organizationId;
    await database.db.updateTable('organizations').set({ seat_capacity: 10_000 }).where('id', '=', organizationId).execute();
    const group = await insertDepartment(database.db, organizationId, 'Support', { capacity: 5 });
    const team = await insertDepartment(database.db, organizationId, 'Support west', { parentId: group });
    const open = await insertDepartment(database.db, organizationId, 'Open door');
    const link = await insertLink(database.db, organizationId, { departmentId: team, capacity: 10 });
    for (let index = 0; index < 2; index += 1) expect((await submit(app, surveyBody(link.token, valid))).statusCode).toBe(200);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: admin.email, password: PASSWORD } });
    const token = (login.json() as { data: { access_token: string } }).data.access_token;
    const groups = await app.inject({ method: 'GET', url: '/api/organization/groups', headers: { authorization: `Bearer ${token}` } });
    expect(groups.statusCode, groups.body).toBe(200);
    const byId = new Map((groups.json() as { data: { id: string; capacity: number | null; places_left: number | null }[] }).data.map((each) => [each.id, each]));
    expect(byId.get(group)).toMatchObject({ capacity: 5, places_left: 3 });
    expect(byId.get(open)).toMatchObject({ capacity: null, places_left: null });
  });
});

describe('the named survey mails the edit links to the address given', () => {
  it('stores the address, emails the links in the language answered in, and says so', async () => {
    const organizationId = await organization();
    const group = await insertDepartment(database.db, organizationId, 'Design');
    const link = await insertLink(database.db, organizationId, { departmentId: group, anonymity: 0 });
    const before = mail.length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/diversity-survey',
      headers: { 'x-locale': 'fr' },
      payload: surveyBody(link.token, valid, { 'first-name': 'Ada', 'last-name': 'Lovelace', 'stay-anonymous': 0, email: ' ada@example.org ' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 200, data: { completed: true, edited: false, edit_link_sent: true } });
    const row = await database.db.selectFrom('responses').selectAll().where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ anonymous: false, first_name: 'Ada', email: 'ada@example.org', invitation_id: null });
    expect(mail.length).toBe(before + 1);
    const sent = mail.at(-1)!;
    expect(sent.to).toBe('ada@example.org');
    expect(sent.link).toMatch(new RegExp(`^${SURVEY_APP_URL}/check-edit-survey\\?token=`));
    // The survey was answered in French: the mail is French, not the English default.
    expect(sent.subject).not.toBe((await englishSubject()));
    expect((await countRows(database.db, organizationId)).editLinks).toBe(2);
  });

  it('refuses an address that is not one, with nothing written', async () => {
    const organizationId = await organization();
    const link = await insertLink(database.db, organizationId, { departmentId: await insertDepartment(database.db, organizationId, 'Ops'), anonymity: 0 });
    const before = mail.length;
    for (const email of ['not an address', 'a@b', `${'x'.repeat(250)}@example.org`]) {
      const response = await submit(app, surveyBody(link.token, valid, { 'first-name': 'Ada', 'last-name': 'Lovelace', 'stay-anonymous': 0, email }));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ status: 422, message: AuthMessages.invalidEmail, errors: { email: [AuthMessages.invalidEmail] } });
    }
    expect(await countRows(database.db, organizationId)).toEqual({ responses: 0, ancestry: 0, languages: 0, heritages: 0, editLinks: 0 });
    expect(await seatsUsed(database.db, link.id)).toBe(0);
    expect(mail.length).toBe(before);
  });

  it('keeps no address and sends nothing when the participant stays anonymous, or gives none', async () => {
    const organizationId = await organization();
    const link = await insertLink(database.db, organizationId, { departmentId: await insertDepartment(database.db, organizationId, 'Data'), anonymity: 0 });
    const before = mail.length;
    const anonymous = await submit(app, surveyBody(link.token, valid, { 'stay-anonymous': 1, email: 'ada@example.org' }));
    expect(anonymous.json()).toEqual({ status: 200, data: { completed: true, edited: false, edit_link_sent: false } });
    const named = await submit(app, surveyBody(link.token, valid, { 'first-name': 'Ada', 'last-name': 'Lovelace', 'stay-anonymous': 0, email: '  ' }));
    expect(named.json()).toEqual({ status: 200, data: { completed: true, edited: false, edit_link_sent: false } });
    const rows = await database.db.selectFrom('responses').select(['email']).where('organization_id', '=', organizationId).execute();
    expect(rows).toEqual([{ email: null }, { email: null }]);
    expect(mail.length).toBe(before);
  });
});

/** The English subject of the same mail, to tell the French one apart without copying its words. */
const englishSubject = async (): Promise<string> => {
  const { mailTexts } = await import('../../domain/i18n/mails');
  return mailTexts('en').answersSubject('Test organisation', false);
};
