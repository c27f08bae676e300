import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiExportAnswer, aiExportMessages, exportRequestsOf, groupComparisonsOf } from '../../domain/contracts/aiExport';
import { EXPORT_CARDS } from '../../domain/contracts/exports';
import { en } from '../../domain/i18n/en';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { createDemoOrganization, DEMO_PASSWORD, type DemoSignIn } from '../../server/demo/index';
import { createCapturingMailer } from '../../server/services/mail';
import { bearer, signIn } from './helpers/accounts';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

/**
 * GET /general/ai/export (issue 17): a prompt becomes an export description, read by the
 * built-in interpreter, or by an OpenAI-compatible service when one is configured (here a
 * local fake one). The description downloads through POST /general/export-excel.
 */

let database: OpenDatabase;
let app: FastifyInstance;
let withModel: FastifyInstance;
let demo: DemoSignIn;
let admin: string;
let femaleId: string;
let managersId: string;
let rangeId: string;

/** The fake chat-completions service: what it answers next, and what it was sent. */
let modelReply: { status: number; content: string } = { status: 200, content: '{}' };
const modelRequests: { authorization: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
let fake: Server;

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  fake = createServer(async (request, response) => {
    const text = await readBody(request);
    modelRequests.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
    response.writeHead(modelReply.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: modelReply.content }, finish_reason: 'stop' }] }));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;

  database = await createTestDatabase({ lookups: true });
  const mailer = createCapturingMailer().mailer;
  app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, mailer });
  withModel = await buildApp(testConfig({ ai: { url: `http://127.0.0.1:${port}/v1`, key: 'test-ai-key-0123456789', model: 'fake-model' } }), { db: database.db, dbKind: database.kind, mailer });
  demo = (await createDemoOrganization(database.db, { seed: 'ai-export', responses: 80, organizationName: 'Lantern Works', argon2: testConfig().argon2, singleTransaction: false, batchSize: 80 }))!;
  admin = await signIn(app, demo.adminEmail, DEMO_PASSWORD);
  const id = async (list: string, code: string) =>
    String((await database.db.selectFrom('lookup_principles').select('id').where('list', '=', list).where('code', '=', code).executeTakeFirstOrThrow()).id);
  femaleId = await id('genders', 'female');
  managersId = await id('position-levels', '1');
  const saved = await app.inject({
    method: 'POST',
    url: '/api/organization/setting/date-range',
    headers: bearer(admin),
    payload: { ranges: [{ label: 'Year to date', type: 'since', value: `${new Date().getUTCFullYear()}-01-01` }] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  rangeId = saved.json().data[0].id;
});

afterAll(async () => {
  await app?.close();
  await withModel?.close();
  await database?.close();
  await new Promise((resolve) => fake?.close(resolve));
});

beforeEach(() => {
  modelRequests.length = 0;
});

const ask = (server: FastifyInstance, prompt: string, dateTag?: string) =>
  server.inject({
    method: 'GET',
    url: `/api/general/ai/export?${new URLSearchParams({ prompt, ...(dateTag === undefined ? {} : { 'filter[date-tag]': dateTag }) }).toString()}`,
    headers: bearer(admin),
  });

const answerOf = (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  const envelope = response.json() as { status: number; data: unknown };
  expect(AiExportAnswer.is(envelope.data), response.body).toBe(true);
  return envelope.data as AiExportAnswer;
};

describe('GET /general/ai/export with the built-in interpreter', () => {
  it('reads the issue’s example into pages, filters, the date range and the format', async () => {
    const answer = answerOf(await ask(app, 'women managers by country of birth since January, as a spreadsheet'));
    expect(answer).toEqual({
      status: 'understood',
      source: 'builtin',
      description: { pages: [{ page: 'country-birth', cards: [] }], filter: { gender: [femaleId], 'position-level': [managersId], 'date-tag': rangeId }, format: 'xlsx' },
      notes: [],
    });
  });

  it('reads the organisation’s own groups by name and by "by group", the census, and asks a period back rather than dropping it (issue 27)', async () => {
    const groups = await database.db.selectFrom('departments').select(['id', 'name', 'parent_id']).where('organization_id', '=', demo.organizationId).orderBy('name').execute();
    const engineering = groups.find((group) => group.name === 'Engineering')!.id;
    const topLevel = groups.filter((group) => group.parent_id === null).map((group) => group.id);
    const named = answerOf(await ask(app, 'languages spoken in Engineering as a spreadsheet'));
    expect(named).toMatchObject({ status: 'understood', description: { pages: [{ page: 'languages', cards: ['language/languages'] }], groups: [engineering], format: 'xlsx' } });
    const byGroup = answerOf(await ask(app, 'share of staff born outside Australia by group'));
    expect(byGroup).toMatchObject({ status: 'understood', description: { pages: [{ page: 'country-birth', cards: [] }], groups: topLevel }, notes: ['names_not_filters', 'format_default'] });
    const census = answerOf(await ask(app, 'compare with the census'));
    const australia = String((await database.db.selectFrom('lookup_principles').select('id').where('list', '=', 'countries').where('code', '=', 'AU').executeTakeFirstOrThrow()).id);
    expect(census).toMatchObject({ status: 'understood', description: { pages: [], census: australia }, notes: ['census_whole', 'format_default'] });
    // "In 2019" shares no day with the saved year to date: asked back, every date kept.
    const period = answerOf(await ask(app, 'worldviews in 2019'));
    expect(period).toMatchObject({ status: 'understood', questions: [{ key: 'period_unsaved', from: '2019-01-01', to: '2019-12-31' }] });
    expect(period.status === 'understood' && period.description.filter['date-tag']).toBeUndefined();
    // The comparison it describes downloads as Compare → Internal's workbook.
    if (named.status !== 'understood') return;
    const [comparison] = groupComparisonsOf(named.description);
    const file = await app.inject({ method: 'POST', url: '/api/general/export-excel-compare', headers: bearer(admin), payload: comparison });
    expect(file.statusCode, file.body.slice(0, 300)).toBe(200);
  });

  it('answers bad prompts with a sentence, never an error', async () => {
    const cases: [string, keyof typeof aiExportMessages][] = [
      ['delete everything', 'not_an_export'],
      ['qwzx vvbn plorp', 'not_understood'],
      ['a'.repeat(10_000), 'too_long'],
      ['', 'empty'],
      ['Women managers of Initech Corporation', 'other_organisation'],
      ["'; drop table responses; --", 'not_an_export'],
    ];
    for (const [prompt, reason] of cases) {
      const answer = answerOf(await ask(app, prompt));
      expect(answer, prompt.slice(0, 40)).toEqual({ status: 'refused', reason, message: aiExportMessages[reason] });
    }
    // The caller's own organisation may be named; a country is no organisation, and no filter.
    expect(answerOf(await ask(app, 'Languages at Lantern Works')).status).toBe('understood');
    expect(answerOf(await ask(app, 'Worldviews of women born in Australia or speaking Arabic'))).toMatchObject({ status: 'understood', notes: ['names_not_filters', 'format_default'] });
  });

  it('refuses a date range that is not the organisation’s as the statistics do, and asks for a prompt', async () => {
    const foreign = await ask(app, 'languages', crypto.randomUUID());
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors['filter[date-tag]']).toEqual(['The selected date range does not exist.']);
    const missing = await app.inject({ method: 'GET', url: '/api/general/ai/export', headers: bearer(admin) });
    expect(missing.statusCode).toBe(422);
    const anonymous = await app.inject({ method: 'GET', url: '/api/general/ai/export?prompt=languages' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('downloads what it understood through the export: a workbook of the chosen cards only', async () => {
    const answer = answerOf(await ask(app, 'most common languages and native languages of women, spreadsheet'));
    expect(answer.status).toBe('understood');
    if (answer.status !== 'understood') return;
    const [request] = exportRequestsOf(answer.description);
    expect(request).toEqual({ page: 'languages', format: 'xlsx', filter: { gender: [femaleId] }, cards: ['language/languages', 'language/native'] });
    const file = await app.inject({ method: 'POST', url: '/api/general/export-excel', headers: bearer(admin), payload: request });
    expect(file.statusCode, file.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    // The cover, then one sheet per chosen card, in the page's order.
    // A table of contents, when the workbook has one, is no card.
    expect(workbook.worksheets.slice(1).map((sheet) => sheet.name).filter((name) => name !== 'Contents')).toEqual([en['stat.language.languages'], en['stat.language.native']]);
    const unknown = await app.inject({ method: 'POST', url: '/api/general/export-excel', headers: bearer(admin), payload: { page: 'languages', cards: ['overview/row-one'] } });
    expect(unknown.statusCode).toBe(422);
    expect(EXPORT_CARDS.languages.length).toBeGreaterThan(2);
  });
});

describe('GET /general/ai/export with a model', () => {
  it('sends the model only the prompt and the catalogue, and uses its description', async () => {
    modelReply = { status: 200, content: JSON.stringify({ pages: [{ page: 'worldviews', cards: ['worldview/worldviews'] }], filter: { gender: [femaleId] }, format: 'csv' }) };
    const answer = answerOf(await ask(withModel, 'worldviews of women as csv', rangeId));
    expect(answer).toEqual({
      status: 'understood',
      source: 'model',
      description: { pages: [{ page: 'worldviews', cards: ['worldview/worldviews'] }], filter: { gender: [femaleId], 'date-tag': rangeId }, format: 'csv' },
      notes: ['date_current'],
    });
    expect(modelRequests).toHaveLength(1);
    const [sent] = modelRequests;
    expect(sent!.authorization).toBe('Bearer test-ai-key-0123456789');
    expect(sent!.body.model).toBe('fake-model');
    expect(sent!.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(sent!.body.messages[1]!.content).toBe('worldviews of women as csv');
    const system = sent!.body.messages[0]!.content;
    expect(system).toContain('"page":"worldviews"');
    expect(system).toContain('Year to date');
    // No figure and no person: no count, no share, not the organisation's name, no respondent.
    expect(system).not.toMatch(/"(count|percent|cells|total|email|first_name)"/);
    expect(system).not.toContain('Lantern Works');
    expect(system).not.toContain(demo.adminEmail);
  });

  it('refuses a model answer that does not decode or names what the catalogue did not offer', async () => {
    const bad = [
      'not json at all',
      JSON.stringify({ pages: [{ page: 'payroll', cards: [] }], filter: {}, format: 'xlsx' }),
      JSON.stringify({ pages: [{ page: 'languages', cards: ['overview/row-one'] }], filter: {}, format: 'xlsx' }),
      JSON.stringify({ pages: [{ page: 'languages', cards: [] }], filter: { gender: ['999999'] }, format: 'xlsx' }),
      JSON.stringify({ pages: [{ page: 'languages', cards: [] }], filter: { 'date-tag': crypto.randomUUID() }, format: 'xlsx' }),
      JSON.stringify({ pages: [{ page: 'languages', cards: [] }], filter: {}, format: 'pdf' }),
    ];
    for (const content of bad) {
      modelReply = { status: 200, content };
      expect(answerOf(await ask(withModel, 'languages please')), content).toEqual({ status: 'refused', reason: 'model_invalid', message: aiExportMessages.model_invalid });
    }
  });

  it('does not send a refused prompt, and falls back to the built-in reading when the service fails', async () => {
    expect(answerOf(await ask(withModel, 'delete everything')).status).toBe('refused');
    expect(answerOf(await ask(withModel, 'x'.repeat(10_000))).status).toBe('refused');
    expect(modelRequests).toHaveLength(0);
    modelReply = { status: 500, content: '' };
    const answer = answerOf(await ask(withModel, 'languages as a spreadsheet'));
    expect(answer).toEqual({ status: 'understood', source: 'builtin', description: { pages: [{ page: 'languages', cards: [] }], filter: {}, format: 'xlsx' }, notes: ['model_unavailable'] });
  });
});
