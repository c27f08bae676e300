import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_CARDS, EXPORT_PAGES, type ExportFilters, type ExportPage } from '../../domain/contracts/exports';
import { type CrossTable, type Distribution, type StatCell, type StatTree, type TreeCell, isSuppressed } from '../../domain/contracts/stats';
import { toSearchParams } from '../../domain/filters/encoding';
import type { OpenDatabase } from '../../server/db/connect';
import { createDemoOrganization, DEMO_PASSWORD, type DemoSignIn } from '../../server/demo/index';
import { bearer, insertUser, signIn } from './helpers/accounts';
import { DATE_TIME_FORMAT, fractionOf, sheetNames } from '../../server/services/exports/workbook';
import { serverSentence, translator } from '../../server/services/exports/words';
import { closeTestApp, openTestApp } from './helpers/testApp';
import { testConfig } from './helpers/testConfig';

/**
 * POST /general/export-excel (issue 16): the workbook is opened with exceljs and read back;
 * every number in it must be one the dashboard's endpoint releases to the same caller.
 */

const config = testConfig();
let database: OpenDatabase;
let app: FastifyInstance;
let demo: DemoSignIn;
let admin: string;
let assignee: string;
let genderIds: string[];
let positionIds: string[];

const INJECTION_GROUP = '=HYPERLINK("http://example.org","x")';
const INJECTION_ORGANISATION = '+Riverbend @export -co';

beforeAll(async () => {
  ({ database, app } = await openTestApp({ config, database: { lookups: true } }));
  demo = (await createDemoOrganization(database.db, { seed: 'exports', responses: 400, organizationName: 'Exports', argon2: config.argon2, singleTransaction: false, batchSize: 400 }))!;
  await database.db.updateTable('organizations').set({ name: INJECTION_ORGANISATION }).where('id', '=', demo.organizationId).execute();
  admin = await signIn(app, demo.adminEmail, DEMO_PASSWORD);
  // A group assignee whose group's name starts like a formula: the cover names it.
  const department = await database.db.selectFrom('departments').select('id').where('organization_id', '=', demo.organizationId).where('parent_id', 'is', null).orderBy('name').executeTakeFirstOrThrow();
  await database.db.updateTable('departments').set({ name: INJECTION_GROUP }).where('id', '=', department.id).execute();
  const user = await insertUser(database.db, { organizationId: demo.organizationId, role: 'group_assignee' });
  await database.db.updateTable('departments').set({ assignee_id: user.id }).where('id', '=', department.id).execute();
  assignee = await signIn(app, user.email);
  const ids = async (list: string) =>
    (await database.db.selectFrom('lookup_principles').select('id').where('list', '=', list).where('code', '<>', 'prefer_not').orderBy('id').limit(6).execute()).map((row) => String(row.id));
  genderIds = await ids('genders');
  positionIds = await ids('position-levels');
});

afterAll(() => closeTestApp({ app, database }));

const exportFile = (token: string, body: unknown, locale?: string) =>
  app.inject({ method: 'POST', url: '/api/general/export-excel', headers: { ...bearer(token), ...(locale ? { 'x-locale': locale } : {}) }, payload: body as object });

const readWorkbook = async (payload: Buffer): Promise<ExcelJS.Workbook> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
};

/** Every cell of a sheet by row (1-based rows, as exceljs reads them). */
const rowsOf = (sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] => {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    rows[number - 1] = (row.values as ExcelJS.CellValue[]).slice(1);
  });
  return rows;
};

type Figure = number | 'hidden';
const figure = (cell: StatCell): Figure => (isSuppressed(cell) ? 'hidden' : cell.count);
// Shares are written as fractions under a percentage format (12.3% is 0.123).
const share = (cell: StatCell): Figure => (isSuppressed(cell) ? 'hidden' : fractionOf(cell.percent));

/**
 * The figures a released section holds, in reading order: what a sheet may contain, and all it
 * may contain. A card's own total is not written (each card's is its own, raised to hold its
 * values; the cover says the selection's respondents once).
 */
const releasedFigures = (data: unknown): Figure[] => {
  const value = data as Record<string, unknown>;
  if ('items' in value) return (value.items as { value: number }[]).map((item) => item.value);
  if ('nodes' in value) {
    const tree = data as StatTree;
    const out: Figure[] = [];
    const walk = (nodes: readonly TreeCell[]) => nodes.forEach((node) => { out.push(figure(node), share(node)); walk(node.children); });
    walk(tree.nodes);
    return out;
  }
  if ('columns' in value) {
    const table = data as CrossTable;
    return [...table.rows.flatMap((_, r) => [...table.cells[r]!.map(figure), figure(table.rowTotals[r]!)]), ...table.columnTotals.map(figure)];
  }
  if ('cells' in value) {
    const distribution = data as Distribution;
    return distribution.cells.flatMap((cell) => [figure(cell), share(cell)]);
  }
  return [(value as { count: number }).count];
};

/** The same figures in a fixed order, for comparing what a sheet holds whatever order it lists its rows in. */
const sorted = (figures: readonly Figure[]): string[] => figures.map(String).sort();

/**
 * A distribution sheet's answers read largest first (hidden ones, Prefer not to answer and no
 * answer after them): the count column of the rows that are answers, in sheet order, never rises.
 */
const expectBySize = (sheet: ExcelJS.Worksheet, what: string, data: unknown) => {
  // Distributions only: a headline row keeps its items' order, a cross table its bands, a tree is checked by level.
  if (typeof data !== 'object' || data === null || !('cells' in data) || 'columns' in data) return;
  const rows = rowsOf(sheet);
  const column = (rows[1] ?? []).indexOf('People');
  const cells = (data as Distribution).cells;
  const nonAnswers = new Set(cells.filter((cell) => cell.preferNot === true || /^(none|unknown|no_answer|silent)$/i.test(cell.key)).map((cell) => cell.label));
  const counts = rows
    .slice(2)
    .filter((row) => row !== undefined && row[0] !== 'Total' && typeof row[column] === 'number' && !nonAnswers.has(String(row[0])) && !/prefer not to answer/i.test(String(row[0])))
    .map((row) => row[column] as number);
  expect(counts, what).toEqual([...counts].sort((a, b) => b - a));
};

/** The figures a card sheet holds: numbers and hidden cells below the header, before the closing note. */
const sheetFigures = (sheet: ExcelJS.Worksheet): Figure[] =>
  rowsOf(sheet)
    .slice(2)
    .flatMap((row) => (row ?? []).flatMap((cell): Figure[] => (typeof cell === 'number' ? [cell] : cell === 'hidden' ? ['hidden'] : [])));

const released = async (token: string, path: string, filters: ExportFilters) => {
  const query = toSearchParams(filters);
  const response = await app.inject({ method: 'GET', url: `/api/${path}${query ? `?${query}` : ''}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<{ status: number; data?: unknown; message?: string }>();
};

describe('POST /general/export-excel as a spreadsheet', () => {
  it('writes a cover and one sheet per card, with frozen headers, number formats and the adjustment sentence', async () => {
    const response = await exportFile(admin, { page: 'overview', filter: { generation: ['Gen Y', 'Gen Z'] } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="overview-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = await readWorkbook(response.rawPayload);
    const names = workbook.worksheets.map((sheet) => sheet.name);
    expect(names).toHaveLength(2 + EXPORT_CARDS.overview.length);
    expect(names.slice(0, 2)).toEqual(['Page', 'Contents']);
    expect(names).toContain('Gender by age');
    // The contents sheet maps every sheet to its full title.
    const contents = rowsOf(workbook.getWorksheet('Contents')!);
    expect(contents[0]).toEqual(['Sheet', 'Title']);
    expect(contents.slice(1).map((row) => row[0])).toEqual(names.slice(2));
    expect(contents.slice(1).map((row) => row[1])).toEqual(EXPORT_CARDS.overview.map((card) => translator('en')(card.title)));

    const cover = rowsOf(workbook.worksheets[0]!);
    const coverText = cover.map((row) => row.join(' | ')).join('\n');
    expect(coverText).toContain('Export of the Overview page');
    expect(coverText).toContain('Generation: Gen Y, Gen Z');
    expect(coverText).toContain('All answers');
    expect(coverText).toContain('Minimum group size (k) | 5');
    expect(coverText).toContain('written as "hidden", never as 0 or left blank');
    expect(coverText).toContain('Figures are adjusted by up to ±3 to protect people.');
    // The date is a date, shown in UTC; k is a number.
    const made = workbook.worksheets[0]!.getRow(cover.findIndex((row) => row[0] === 'Made on') + 1).getCell(2);
    expect(made.value).toBeInstanceOf(Date);
    expect(Math.abs((made.value as Date).getTime() - Date.now())).toBeLessThan(10 * 60_000);
    expect(made.numFmt).toBe(DATE_TIME_FORMAT);
    expect(cover.find((row) => row[0] === 'Minimum group size (k)')![1]).toBe(5);
    // The selection's respondents, once, as the dashboard's "People who answered" releases them.
    const respondents = (await released(admin, 'overview/total-registered', { generation: ['Gen Y', 'Gen Z'] })).data as { count: number };
    expect(cover.filter((row) => row[0] === 'People who answered').map((row) => row[1])).toEqual([respondents.count]);

    const pyramid = workbook.getWorksheet('Gender by age')!;
    expect(pyramid.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(rowsOf(pyramid)[0]![0]).toBe('Gender by age');
    const countries = workbook.getWorksheet('Country of birth')!;
    expect(rowsOf(countries)[1]).toEqual(['Name', 'People', 'Share']);
    expect(countries.getRow(3).getCell(2).numFmt).toBe('#,##0');
    // A share is a fraction under a percentage format: 0.123 shown as 12.3%.
    expect(countries.getRow(3).getCell(3).numFmt).toBe('0.0%');
    const first = countries.getRow(3).getCell(3).value as number;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(1);
    // Largest first, not alphabetical.
    const birthCard = EXPORT_CARDS.overview.find((card) => card.title === 'stat.overview.country_birth')!;
    expectBySize(countries, 'Country of birth', (await released(admin, birthCard.key, { generation: ['Gen Y', 'Gen Z'] })).data);
    expect(rowsOf(countries).at(-1)![0]).toBe('Figures are adjusted by up to ±3 to protect people.');
  });

  it('writes a hidden cell as "hidden", never as 0 or blank', async () => {
    const response = await exportFile(admin, { page: 'languages' });
    expect(response.statusCode).toBe(200);
    const workbook = await readWorkbook(response.rawPayload);
    const byGender = workbook.getWorksheet('Languages by gender')!;
    const endpoint = await released(admin, 'language/list-gender', {});
    const table = endpoint.data as CrossTable;
    const suppressed = table.cells.flat().filter(isSuppressed).length + table.rowTotals.filter(isSuppressed).length + table.columnTotals.filter(isSuppressed).length;
    expect(suppressed).toBeGreaterThan(0);
    const rows = rowsOf(byGender).slice(2, 2 + table.rows.length + 1);
    expect(rows.flat().filter((cell) => cell === 'hidden')).toHaveLength(suppressed);
    for (const row of rows) for (const cell of row.slice(1)) expect(cell === null || cell === undefined || cell === '').toBe(false);
    // The total row writes the column totals and no total of the card (the cover says the respondents once).
    expect(rows.at(-1)![0]).toBe('Total');
    expect(rows.at(-1)!.slice(1)).toHaveLength(table.columns.length);
  });

  it('writes names that start like a formula as text', async () => {
    const response = await exportFile(assignee, { page: 'home' });
    expect(response.statusCode).toBe(200);
    const workbook = await readWorkbook(response.rawPayload);
    const cover = workbook.worksheets[0]!;
    const cells: ExcelJS.Cell[] = [];
    cover.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
    // The assignee sees the group and its sub-groups; names are sorted, so the formula-like one comes first.
    const group = cells.find((cell) => typeof cell.value === 'string' && cell.value.startsWith(INJECTION_GROUP))!;
    const organisation = cells.find((cell) => cell.value === INJECTION_ORGANISATION)!;
    for (const cell of [group, organisation]) {
      expect(cell).toBeDefined();
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
    // And in the file itself: no formula element anywhere.
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(response.rawPayload);
    for (const name of Object.keys(zip.files).filter((file) => file.startsWith('xl/worksheets/'))) {
      expect(await zip.file(name)!.async('string')).not.toContain('<f>');
    }
  });

  it('follows the view-as scope of the caller’s token: the cover names the group, the figures are the group’s', async () => {
    await database.db.updateTable('organizations').set({ view_as_consent: true }).where('id', '=', demo.organizationId).execute();
    const group = await database.db.selectFrom('departments').select(['id', 'name']).where('organization_id', '=', demo.organizationId).where('parent_id', 'is', null).where('name', '<>', INJECTION_GROUP).orderBy('name').executeTakeFirstOrThrow();
    const view = await app.inject({ method: 'POST', url: '/api/organization/view-as', headers: bearer(admin), payload: { group_id: group.id } });
    expect(view.statusCode).toBe(200);
    const secondary = view.json<{ data: { access_token: string } }>().data.access_token;
    const response = await exportFile(secondary, { page: 'home' });
    expect(response.statusCode).toBe(200);
    const workbook = await readWorkbook(response.rawPayload);
    const scope = rowsOf(workbook.worksheets[0]!).find((row) => row[0] === 'Groups shown')!;
    expect(String(scope[1])).toContain(group.name);
    const mine = (await released(secondary, 'home/total-registered', {})).data as { count: number } | undefined;
    const whole = (await released(admin, 'home/total-registered', {})).data as { count: number };
    const written = rowsOf(workbook.getWorksheet('People who answered')!)[2]![1];
    if (mine === undefined) expect(written).toBeUndefined();
    else {
      expect(written).toBe(mine.count);
      expect(mine.count).toBeLessThan(whole.count);
    }
  });

  it('answers in the caller’s language', async () => {
    const response = await exportFile(admin, { page: 'worldviews' }, 'fr');
    const workbook = await readWorkbook(response.rawPayload);
    const cover = rowsOf(workbook.worksheets[0]!).map((row) => row.join(' | ')).join('\n');
    expect(cover).toContain('Export de la page');
    expect(cover).toContain('ajustés de ±3');
  });

  it('opens a French export in French: sheet names, column headings, cover labels, filter words, hidden marks and withheld reasons', async () => {
    const filter: ExportFilters = { disability: 'yes', generation: ['Gen Z'] };
    const response = await exportFile(admin, { page: 'overview', filter }, 'fr-FR');
    expect(response.statusCode).toBe(200);
    const workbook = await readWorkbook(response.rawPayload);
    const t = translator('fr');
    const cards = EXPORT_CARDS.overview;
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(sheetNames([t('export_cover_page'), t('export_contents'), ...cards.map((card) => t(card.title))]));
    expect(workbook.worksheets.map((sheet) => sheet.name)).not.toEqual(sheetNames([translator('en')('export_cover_page'), translator('en')('export_contents'), ...cards.map((card) => translator('en')(card.title))]));

    const cover = rowsOf(workbook.worksheets[0]!).map((row) => row.join(' | ')).join('\n');
    for (const label of ['Groupes affichés | ', 'Filtres | ', 'Créé le | ', 'Cellules masquées | ']) expect(cover).toContain(label);
    expect(rowsOf(workbook.worksheets[1]!)[0]).toEqual(['Feuille', 'Titre']);
    expect(cover).toContain('Handicap: Oui');
    expect(cover).not.toMatch(/Groups shown|Filters|Made on|Hidden cells|Disability/);

    // 'Total' is French too, so it cannot tell the two apart.
    const english = /^(Name|People|Share|Level|Parent|hidden)$/;
    let headings = 0;
    let withheld = 0;
    for (const [index, card] of cards.entries()) {
      const rows = rowsOf(workbook.worksheets[index + 2]!);
      const cells = rows.flatMap((row) => row ?? []).filter((cell): cell is string => typeof cell === 'string');
      expect(cells.filter((cell) => english.test(cell)), card.key).toEqual([]);
      if (rows[1]!.includes('Personnes')) headings += 1;
      const answer = await released(admin, card.key, filter);
      if (answer.status === 204) {
        withheld += 1;
        expect(rows[1]).toEqual(['Nom']);
        expect(rows[2]![0]).toBe(serverSentence('fr')(answer.message!));
        expect(rows[2]![0]).toMatch(/^(Il faut au moins \d+ réponses?\.|Pas assez de données à afficher\.)$/);
      }
    }
    expect(headings + withheld).toBeGreaterThan(0);
    // Whether a cell of this small selection is hidden depends on its record keys (drawn anew
    // each run), so the mark is checked where the cover names it; an English 'hidden' in a card fails above.
    expect(cover).toContain('« masqué »');
  });

  it('reads a server sentence back in the reader language, counted ones in its plural form', () => {
    expect(serverSentence('fr')('It needs at least 10 answers.')).toBe('Il faut au moins 10 réponses.');
    expect(serverSentence('ar')('It needs at least 2 answers.')).toBe('يلزم ما لا يقل عن 2 إجابتين.');
    expect(serverSentence('zh')('Not enough data to show.')).toBe('数据不足，无法显示。');
    expect(serverSentence('fr')('Something the catalogue does not know.')).toBe('Something the catalogue does not know.');
    expect(serverSentence(undefined)('It needs at least 1 answers.')).toBe('It needs at least 1 answer.');
  });

  it('every exported figure is the dashboard’s released figure, for random filters and pages', async () => {
    const filters = fc.record(
      {
        gender: fc.subarray(genderIds, { minLength: 1 }),
        'position-level': fc.subarray(positionIds, { minLength: 1 }),
        generation: fc.subarray(['Gen X', 'Gen Y', 'Gen Z'] as const, { minLength: 1 }),
        disability: fc.constantFrom('yes' as const, 'no' as const),
        'age-range': fc.constantFrom('20-39', '25-64', '40-69'),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...EXPORT_PAGES), filters, fc.constantFrom('admin', 'assignee'), async (page: ExportPage, filter, who) => {
        const token = who === 'admin' ? admin : assignee;
        const response = await exportFile(token, { page, filter });
        expect(response.statusCode).toBe(200);
        const workbook = await readWorkbook(response.rawPayload);
        const cards = EXPORT_CARDS[page];
        expect(workbook.worksheets).toHaveLength(cards.length + 2);
        for (const [index, card] of cards.entries()) {
          const answer = await released(token, card.key, filter);
          const sheet = workbook.worksheets[index + 2]!;
          if (answer.status === 204) {
            expect(rowsOf(sheet)[2]).toEqual([answer.message]);
            expect(sheetFigures(sheet)).toEqual([]);
          } else {
            // The same figures, every one, rows sorted by size rather than in the endpoint's order.
            expect(sorted(sheetFigures(sheet)), `${page} ${card.key}`).toEqual(sorted(releasedFigures(answer.data)));
            expectBySize(sheet, `${page} ${card.key}`, answer.data);
          }
        }
      }),
      { numRuns: 10, seed: 1616 },
    );
  }, 240_000);
});

describe('POST /general/export-excel as CSV of one card', () => {
  it('writes the card with hidden cells as text and a closing note', async () => {
    const response = await exportFile(admin, { page: 'languages', format: 'csv', card: 'language/list-gender' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="languages-language-list-gender-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^,.*,Total$/);
    expect(lines.slice(1).some((line) => line.split(',').includes('hidden'))).toBe(true);
    expect(lines.at(-2)).toBe('Figures are adjusted by up to ±3 to protect people.');
  });

  it('writes shares as percentages a spreadsheet reads as numbers, counts as whole numbers, and the respondents once', async () => {
    const response = await exportFile(admin, { page: 'overview', format: 'csv', card: 'overview/country-birth' });
    expect(response.statusCode).toBe(200);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    const endpoint = (await released(admin, 'overview/country-birth', {})).data as Distribution;
    const rows = lines.slice(1, 1 + endpoint.cells.length).map((line) => line.split(','));
    expect(rows.length).toBeGreaterThan(0);
    for (const [name, people, share] of rows) {
      const cell = endpoint.cells.find((candidate) => candidate.label === name)!;
      if (isSuppressed(cell)) {
        expect([people, share]).toEqual(['hidden', 'hidden']);
        continue;
      }
      // Read back: "12.3%" is what Excel, LibreOffice and Sheets take for 0.123; a count is a plain integer.
      expect(people).toMatch(/^\d+$/);
      expect(Number(people)).toBe(cell.count);
      expect(share).toMatch(/^(≤ )?\d+\.\d%$/);
      expect(Number(share!.replace(/^≤ /, '').replace('%', '')) / 100).toBeCloseTo(cell.percent / 100, 6);
    }
    // No total of the card; the selection's respondents once, before the adjustment sentence.
    expect(lines[1 + endpoint.cells.length]).toBe('');
    const respondents = (await released(admin, 'overview/total-registered', {})).data as { count: number };
    expect(lines.filter((line) => line.startsWith('People who answered,'))).toEqual([`People who answered,${respondents.count}`]);
    expect(lines.at(-2)).toBe('Figures are adjusted by up to ±3 to protect people.');
  });

  it('names the genders in the caller’s language, as the dashboard does', async () => {
    const csvOf = async (locale?: string) => {
      const response = await exportFile(admin, { page: 'languages', format: 'csv', card: 'language/list-gender' }, locale);
      expect(response.statusCode).toBe(200);
      return response.body.replace(/^\uFEFF/, '').split('\r\n').map((line) => line.split(',')[0]);
    };
    const english = await csvOf();
    const french = await csvOf('fr');
    expect(english).toContain('Woman or female');
    expect(french).toContain('Femme ou féminin');
    expect(french).not.toContain('Woman or female');
    expect(french).toHaveLength(english.length);
  });

  it('words the cells that are no lookup item (Tertiary, Other) in the caller’s language', async () => {
    const firstColumn = async (locale?: string) => {
      const response = await exportFile(admin, { page: 'overview', format: 'csv', card: 'overview/tertiary-education' }, locale);
      expect(response.statusCode).toBe(200);
      return response.body.replace(/^\uFEFF/, '').split('\r\n').map((line) => line.split(',')[0]);
    };
    const english = await firstColumn();
    const french = await firstColumn('fr');
    expect(english).toContain('Tertiary');
    expect(french).toContain('Études supérieures');
    expect(french).not.toContain('Tertiary');
    expect(french).toHaveLength(english.length);
  });

  it('prefixes a text that starts like a formula with a quote', async () => {
    const { tableCsv } = await import('../../domain/exports/table');
    const csv = tableCsv(
      { header: ['Name', 'People'], rows: [[{ kind: 'text', value: '=1+2' }, { kind: 'count', value: 7 }], [{ kind: 'text', value: '@SUM(A1)' }, { kind: 'hidden', threshold: 5 }], [{ kind: 'text', value: '-2+3' }, { kind: 'count', value: 9 }], [{ kind: 'text', value: '+x, "y"' }, { kind: 'count', value: 5 }]] },
      'hidden',
      'note',
    );
    expect(csv.split('\r\n')).toEqual(['Name,People', "'=1+2,7", "'@SUM(A1),hidden", "'-2+3,9", `"'+x, ""y""",5`, '', 'note', '']);
  });
});

describe('POST /general/export-excel refuses bad input with 422', () => {
  it.each([
    [{}, 'page', 'The page field is required'],
    [{ page: 'nowhere' }, 'page', 'The page field is invalid'],
    [{ page: 'overview', format: 'pdf' }, 'format', 'The format field is invalid'],
    [{ page: 'overview', filter: { gender: ['x'] } }, 'filter.gender.0', 'The filter.gender.0 field is invalid'],
    [{ page: 'overview', filter: { 'age-range': '60-20' } }, 'filter.age-range', 'The filter.age-range field is invalid'],
    [{ page: 'overview', filter: { disability: 'maybe' } }, 'filter.disability', 'The filter.disability field is invalid'],
    [{ page: 'overview', format: 'csv' }, 'card', 'The card field is required'],
    [{ page: 'overview', format: 'csv', card: 'language/tree' }, 'card', 'The selected card is not on this page.'],
  ])('%j', async (body, field, message) => {
    const response = await exportFile(admin, body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ status: 422, message: 'The given data was invalid.', errors: { [field]: [message] } });
  });

  it('an unknown date range is the statistics endpoints’ own 422', async () => {
    const response = await exportFile(admin, { page: 'home', filter: { 'date-tag': 'no-such-range' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'filter[date-tag]': ['The selected date range does not exist.'] });
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/general/export-excel', payload: { page: 'home' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('sheet names', () => {
  it('keep Excel’s rules: at most 31 characters, no \\ / ? * [ ] :, no quote at the ends, unique whatever the case', () => {
    const names = sheetNames(['Page', "'Quoted'", 'A/B: [x]?*', 'Cultures people feel they belong to', 'Cultures people feel they belong to, again', 'page', 'People with a long-term condition by gender']);
    // Shortened at a word, with an ellipsis, never in the middle of one ("People with a long-term conditi").
    expect(names).toEqual(['Page', 'Quoted', 'A B x', 'Cultures people feel they…', 'Cultures people feel they… (2)', 'page (2)', 'People with a long-term…']);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(31);
  });

  it('stay unique, within 31 characters and free of Excel’s forbidden characters for any titles', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 60 }), { maxLength: 30 }), (titles) => {
        const names = sheetNames(titles);
        expect(names).toHaveLength(titles.length);
        expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
        for (const name of names) {
          expect([...name].length).toBeLessThanOrEqual(31);
          expect(name).not.toMatch(/[\\/?*[\]:]|^'|'$/);
          expect(name.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});
