import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRA_PREFER_NOT, type ExtraDetails, type ExtraQuestion, ExtraSurveyMessages as M } from '../../domain/contracts/extraSurvey';
import { Messages } from '../../domain/contracts/envelope';
import type { AnswerValue } from '../../domain/contracts/survey';
import { type Distribution, isSuppressed } from '../../domain/contracts/stats';
import { MAX_ADJUSTMENT } from '../../domain/stats';
import type { OpenDatabase } from '../../server/db/connect';
import type { SurveyTokenRow } from '../../server/db/database';
import type { MailMessage } from '../../server/services/mail';
import { bearer, insertUser, signIn } from './helpers/accounts';
import { insertDepartment, insertLink, insertSurveyInvitation, submit, surveyBody } from './helpers/surveyResponses';
import { closeSurveyServer, openSurveyServer } from './helpers/surveyServer';

/**
 * The extra survey (issue 17): the builder's rules and permissions, the answers through a survey
 * link, the results through disclosure control (within ±d, small counts never shown as
 * themselves), versions kept apart, and the spreadsheet.
 */

let database: OpenDatabase;
let app: FastifyInstance;
let valid: Record<string, AnswerValue>;
let mail: MailMessage[];
let organizationId: string;
let admin: string;
let assignee: string;
let staff: string;
let group: string;
let link: SurveyTokenRow;
let groupLink: SurveyTokenRow;
let otherLink: SurveyTokenRow;

const K = 5;

beforeAll(async () => {
  ({ database, app, valid, mail } = await openSurveyServer());
  const user = await insertUser(database.db, { role: 'admin' });
  organizationId = user.organizationId;
  await database.db.updateTable('organizations').set({ seat_capacity: 10_000 }).where('id', '=', organizationId).execute();
  admin = await signIn(app, user.email);
  group = await insertDepartment(database.db, organizationId, 'Research');
  const lead = await insertUser(database.db, { organizationId, role: 'group_assignee' });
  await database.db.updateTable('departments').set({ assignee_id: lead.id }).where('id', '=', group).execute();
  assignee = await signIn(app, lead.email);
  staff = await signIn(app, (await insertUser(database.db, { organizationId, role: 'staff' })).email);
  link = await insertLink(database.db, organizationId, { capacity: 500 });
  groupLink = await insertLink(database.db, organizationId, { departmentId: group, capacity: 50 });
  otherLink = await insertLink(database.db, organizationId, {});
});

afterAll(() => closeSurveyServer({ app, database }));

const update = (token: string, body: unknown) => app.inject({ method: 'POST', url: '/api/extra-survey/update', headers: bearer(token), payload: body as object });
const list = async (token: string): Promise<ExtraQuestion[]> => {
  const response = await app.inject({ method: 'GET', url: '/api/extra-survey/surveys', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.questions as ExtraQuestion[];
};
const details = async (token: string, query = ''): Promise<ExtraDetails> => {
  const response = await app.inject({ method: 'GET', url: `/api/extra-survey/details${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ExtraDetails;
};
const answer = (token: string, extra: Record<string, string[]>) => submit(app, surveyBody(token, { ...valid, '3': group }, { extra }));

const expect422 = (response: { statusCode: number; json: () => { errors?: Record<string, string[]> } }, field: string, message: string) => {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(422);
  expect(response.json().errors?.[field]).toEqual([message]);
};

describe('the builder', () => {
  it('refuses bad questions in the SPEC’s words and keeps nothing of them', async () => {
    expect422(await update(admin, { action: 'save', kind: 'single', text: '  ', options: [{ label: 'A' }, { label: 'B' }] }), 'text', M.textRequired);
    expect422(await update(admin, { action: 'save', kind: 'single', text: 'Q', options: [{ label: 'A' }] }), 'options', M.optionsCount);
    expect422(await update(admin, { action: 'save', kind: 'scale', text: 'Q', options: [{ label: 'A' }, { label: 'B' }] }), 'options', M.scaleHasNoOptions);
    expect422(await update(admin, { action: 'save', kind: 'multiple', text: 'Q', options: [{ label: 'A' }, { label: 'a ' }] }), 'options.1', M.optionTwice);
    expect422(await update(admin, { action: 'save', kind: 'single', text: 'Q', translations: { xx: 'Q?' }, options: [{ label: 'A' }, { label: 'B' }] }), 'translations.xx', M.languageUnknown);
    const unknown = await update(admin, { action: 'save', kind: 'free-text', text: 'Tell us' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(Messages.invalidData);
    expect(await list(admin)).toEqual([]);
  });

  it('saves, edits in place, reorders and deletes drafts; 404 for an id not the caller’s', async () => {
    const first = await update(admin, { action: 'save', kind: 'single', text: 'Draft one', options: [{ label: 'Yes' }, { label: 'No' }] });
    expect(first.statusCode, first.body).toBe(200);
    await update(admin, { action: 'save', kind: 'scale', text: 'Draft two' });
    let questions = await list(admin);
    expect(questions.map((q) => q.text)).toEqual(['Draft one', 'Draft two']);
    const one = questions[0]!;
    expect(one.options.map((o) => o.key)).toEqual(['o1', 'o2']);
    const edited = await update(admin, { action: 'save', id: one.id, kind: 'single', text: 'Draft one, better', translations: { fr: 'Brouillon un' }, options: [{ key: 'o2', label: 'No' }, { label: 'Maybe' }] });
    expect(edited.statusCode, edited.body).toBe(200);
    questions = await list(admin);
    expect(questions[0]).toMatchObject({ id: one.id, version: 1, status: 'draft', text: 'Draft one, better', translations: { fr: 'Brouillon un' } });
    expect(questions[0]!.options.map((o) => [o.key, o.label])).toEqual([['o2', 'No'], ['o3', 'Maybe']]);
    await update(admin, { action: 'move', id: one.id, direction: 'down' });
    expect((await list(admin)).map((q) => q.text)).toEqual(['Draft two', 'Draft one, better']);
    for (const id of ['not-a-uuid', '6f1c5a38-8d8e-4c2b-9a51-0d6a3f2b7e10']) {
      const missing = await update(admin, { action: 'delete', id });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(M.notFound);
    }
    for (const q of await list(admin)) expect((await update(admin, { action: 'delete', id: q.id })).statusCode).toBe(200);
    expect(await list(admin)).toEqual([]);
  });

  it('lets a group assignee build for their group only, on their group’s links; staff are refused', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/extra-survey/surveys', headers: bearer(staff) })).statusCode).toBe(403);
    expect((await update(staff, { action: 'save', kind: 'scale', text: 'Q' })).statusCode).toBe(403);
    expect422(await update(assignee, { action: 'save', kind: 'scale', text: 'Team spirit' }), 'department_id', M.groupRequired);
    expect((await update(assignee, { action: 'save', kind: 'scale', text: 'Team spirit', department_id: group })).statusCode).toBe(200);
    const [mine] = await list(assignee);
    expect(mine).toMatchObject({ text: 'Team spirit', department: { id: group, name: 'Research' } });
    expect422(await update(assignee, { action: 'publish', id: mine!.id, tokens: [otherLink.id] }), 'tokens', M.linkUnknown);
    expect422(await update(assignee, { action: 'publish', id: mine!.id, tokens: [] }), 'tokens', M.linksRequired);
    const published = await update(assignee, { action: 'publish', id: mine!.id, tokens: [groupLink.id] });
    expect(published.statusCode, published.body).toBe(200);
    // The administrator sees it too; an organisation-wide draft of the administrator is not the assignee's.
    await update(admin, { action: 'save', kind: 'scale', text: 'Organisation draft' });
    expect((await list(admin)).map((q) => q.text).sort()).toEqual(['Organisation draft', 'Team spirit']);
    expect((await list(assignee)).map((q) => q.text)).toEqual(['Team spirit']);
    const draft = (await list(admin)).find((q) => q.text === 'Organisation draft')!;
    expect((await update(assignee, { action: 'delete', id: draft.id })).statusCode).toBe(404);
    await update(admin, { action: 'delete', id: draft.id });
    await update(admin, { action: 'retire', id: mine!.id });
  });
});

describe('answers, results and versions', () => {
  let question: ExtraQuestion;

  it('publishes a question to a link, which then asks it; bad answers are refused and nothing is stored', async () => {
    const saved = await update(admin, { action: 'save', kind: 'single', text: 'Do you feel included?', translations: { fr: 'Vous sentez-vous inclus ?' }, options: [{ label: 'Often' }, { label: 'Rarely' }] });
    question = (saved.json().data.questions as ExtraQuestion[]).find((q) => q.status === 'draft')!;
    expect((await update(admin, { action: 'publish', id: question.id, tokens: [link.id] })).statusCode).toBe(200);
    const asked = await app.inject({ method: 'GET', url: `/api/extra-survey/link-questions?token=${link.token}` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data).toEqual([{ id: question.id, kind: 'single', text: 'Do you feel included?', translations: { fr: 'Vous sentez-vous inclus ?' }, options: question.options }]);
    expect((await app.inject({ method: 'GET', url: `/api/extra-survey/link-questions?token=${otherLink.token}` })).json().data).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/extra-survey/link-questions?token=nope' })).statusCode).toBe(404);

    const before = await database.db.selectFrom('responses').select('id').where('organization_id', '=', organizationId).execute();
    expect422(await answer(link.token, { [question.id]: ['o9'] }), `extra.${question.id}`, M.optionUnknown);
    expect422(await answer(link.token, { [question.id]: ['o1', 'o2'] }), `extra.${question.id}`, M.singleAnswer);
    expect422(await answer(otherLink.token, { [question.id]: ['o1'] }), `extra.${question.id}`, M.notOnLink);
    const after = await database.db.selectFrom('responses').select('id').where('organization_id', '=', organizationId).execute();
    expect(after.length).toBe(before.length);
  });

  it('releases results through disclosure control: figures within ±d, a small count never as itself', async () => {
    const plan: [string, number][] = [['o1', 24], ['o2', 3], [EXTRA_PREFER_NOT, 6]];
    for (const [key, times] of plan) {
      for (let i = 0; i < times; i++) {
        const response = await answer(link.token, { [question.id]: [key] });
        expect(response.statusCode, response.body).toBe(200);
      }
    }
    // Respondents who skipped the question are not in its figures.
    for (let i = 0; i < 4; i++) expect((await answer(link.token, {})).statusCode).toBe(200);

    const result = (await details(admin)).results.find((r) => r.id === question.id)!;
    expect(result.result.status).toBe(200);
    const data = (result.result as { data: Distribution }).data;
    const cells = new Map(data.cells.map((cell) => [cell.key, cell]));
    // The total is its own figure, or raised to hold the figures shown inside it.
    const shownSum = data.cells.reduce((sum, cell) => sum + (isSuppressed(cell) ? 0 : cell.count), 0);
    expect(Math.abs(data.total - 33) <= MAX_ADJUSTMENT || data.total === shownSum).toBe(true);
    expect(data.total).toBeGreaterThanOrEqual(shownSum);
    const often = cells.get('o1')!;
    expect(isSuppressed(often)).toBe(false);
    expect(Math.abs((often as { count: number }).count - 24)).toBeLessThanOrEqual(MAX_ADJUSTMENT);
    const rarely = cells.get('o2')!;
    if (!isSuppressed(rarely)) {
      expect(rarely.count).toBeGreaterThanOrEqual(K);
      expect(rarely.count).not.toBe(3);
    }
    expect(cells.get(EXTRA_PREFER_NOT)).toMatchObject({ preferNot: true });
    // Asking again gives the same figures (the cell key method is deterministic).
    expect((await details(admin)).results.find((r) => r.id === question.id)).toEqual(result);
    // A group assignee reads the organisation's question over their group's respondents.
    expect((await details(assignee)).results.map((r) => r.id)).toContain(question.id);
    expect((await app.inject({ method: 'GET', url: '/api/extra-survey/details', headers: bearer(staff) })).statusCode).toBe(403);
    // A selection with too few people is withheld as a whole.
    const none = (await details(admin, '?filter[gender][0]=999999')).results.find((r) => r.id === question.id)!;
    expect(none.result.status).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/extra-survey/details?filter[nope]=1', headers: bearer(admin) })).statusCode).toBe(422);
  });

  it('keeps the answers to a published question apart from those to its edited version', async () => {
    const edited = await update(admin, { action: 'save', id: question.id, kind: 'single', text: 'Do you feel included at work?', options: [{ key: 'o1', label: 'Often' }, { key: 'o2', label: 'Rarely' }] });
    expect(edited.statusCode, edited.body).toBe(200);
    const versions = (edited.json().data.questions as ExtraQuestion[]).filter((q) => q.series_id === question.series_id);
    expect(versions.map((q) => [q.version, q.status])).toEqual([[2, 'published'], [1, 'retired']]);
    const next = versions[0]!;
    expect(next.links.map((l) => l.id)).toEqual([link.id]);
    expect422(await answer(link.token, { [question.id]: ['o1'] }), `extra.${question.id}`, M.notOnLink);
    for (let i = 0; i < 8; i++) expect((await answer(link.token, { [next.id]: ['o1'] })).statusCode).toBe(200);
    const stored = await database.db.selectFrom('extra_answers').select(['question_id']).where('organization_id', '=', organizationId).execute();
    expect(stored.filter((row) => row.question_id === question.id)).toHaveLength(33);
    expect(stored.filter((row) => row.question_id === next.id)).toHaveLength(8);
    const results = (await details(admin)).results.filter((r) => r.series_id === question.series_id);
    expect(results.map((r) => r.version)).toEqual([2, 1]);
    const v2 = (results[0]!.result as { data: Distribution }).data;
    expect(Math.abs(v2.total - 8)).toBeLessThanOrEqual(MAX_ADJUSTMENT);
    expect422(await update(admin, { action: 'save', id: question.id, kind: 'single', text: 'x', options: [{ label: 'a' }, { label: 'b' }] }), 'id', M.retired);
    expect422(await update(admin, { action: 'delete', id: next.id }), 'id', M.notDraft);
  });

  it('exports the released results as a spreadsheet, hidden cells written "hidden"', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/general/export-extra-survey', headers: bearer(admin), payload: {} });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="extra-survey-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const released = (await details(admin)).results;
    // The cover, the contents, and a sheet per released question.
    expect(workbook.worksheets).toHaveLength(2 + released.length);
    const sheet = workbook.worksheets.find((s) => s.name.startsWith('v1 Do you feel'))!;
    const values: unknown[] = [];
    sheet.eachRow((row) => values.push(...(row.values as unknown[]).slice(1)));
    const v1 = (released.find((r) => r.id === question.id)!.result as { data: Distribution }).data;
    for (const cell of v1.cells) {
      const row = values.indexOf(cell.label);
      expect(row, cell.label).toBeGreaterThanOrEqual(0);
      expect(values[row + 1]).toBe(isSuppressed(cell) ? 'hidden' : cell.count);
    }
    expect(values).not.toContain(3);
    const bad = await app.inject({ method: 'POST', url: '/api/general/export-extra-survey', headers: bearer(admin), payload: { filter: { gender: ['x'] } } });
    expect(bad.statusCode).toBe(422);
  });

  it('shows a named participant their extra answers through the edit link, and the edit replaces them', async () => {
    const named = await insertLink(database.db, organizationId, { anonymity: 0, capacity: 5 });
    const saved = await update(admin, { action: 'save', kind: 'multiple', text: 'Which apply?', options: [{ label: 'A' }, { label: 'B' }, { label: 'C' }] });
    const q = (saved.json().data.questions as ExtraQuestion[]).find((x) => x.text === 'Which apply?')!;
    expect((await update(admin, { action: 'publish', id: q.id, tokens: [named.id] })).statusCode).toBe(200);
    const invitation = await insertSurveyInvitation(database.db, named, 'extra.participant@example.org');
    const before = mail.length;
    const first = await submit(app, surveyBody(named.token, { ...valid, '3': group }, { 'first-name': 'Grace', 'last-name': 'Hopper', 'stay-anonymous': 0, invitation, extra: { [q.id]: ['o1', 'o3'] } }));
    expect(first.statusCode, first.body).toBe(200);
    const edit = /check-edit-survey\?token=([\w-]+)/.exec(mail.slice(before).map((m) => m.text).join('\n'))?.[1];
    expect(edit).toBeDefined();
    const editable = await app.inject({ method: 'GET', url: `/api/check-edit-survey?token=${edit}` });
    expect(editable.statusCode, editable.body).toBe(200);
    expect(editable.json().data.extra).toEqual({ [q.id]: ['o1', 'o3'] });
    const changed = await submit(app, surveyBody(named.token, { ...valid, '3': group }, { 'first-name': 'Grace', 'last-name': 'Hopper', 'stay-anonymous': 0, edit_token: edit, extra: { [q.id]: [EXTRA_PREFER_NOT] } }));
    expect(changed.statusCode, changed.body).toBe(200);
    const rows = await database.db.selectFrom('extra_answers').select('option_key').where('question_id', '=', q.id).execute();
    expect(rows.map((row) => row.option_key)).toEqual([EXTRA_PREFER_NOT]);
  });
});
