import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AI_PROMPT_MAX, AiExportAnswer, type AiRefusal, ExportDescription, exportRequestsOf, filesOf, groupComparisonsOf } from '../../domain/contracts/aiExport';
import { periodOfWord, savedRangeFor } from '../../domain/aiExport/period';
import { RANGE, REQUESTS, TODAY, requestVocabulary } from './aiExport.requests';
import { readingOf } from './aiExport.reading';
import { EXPORT_CARDS, EXPORT_PAGES, ExportExcelBody } from '../../domain/contracts/exports';
import { type Vocabulary, catalogueNames, interpretPrompt } from '../../domain/aiExport/interpret';
import { CATALOGUES } from '../../domain/i18n/catalogues';
import { DESTRUCTIVE_WORDS, FORMAT_WORDS, GENDER_WORDS, MONTH_WORDS } from '../../domain/aiExport/words';

const catalogues = ['en', 'fr', 'es', 'ar', 'zh'].map((code) => CATALOGUES[code]!);
const vocabulary: Vocabulary = {
  ...catalogueNames(catalogues),
  genders: [
    { id: '11', code: 'female', names: ['Woman or female', 'Femme'] },
    { id: '12', code: 'male', names: ['Man or male'] },
    { id: '13', code: 'non_binary', names: ['Non-binary'] },
  ],
  positionLevels: [
    { id: '21', code: '1', names: ['Managers'] },
    { id: '22', code: '2', names: ['Professionals'] },
  ],
  dateRanges: [
    { id: 'range-jan', label: 'Year to date', type: 'since', value: '2026-01-01' },
    { id: 'range-spring', label: 'Spring campaign', type: 'between', value: '2026-03-01..2026-05-31' },
  ],
  organizationName: 'Northwind Trading',
};
const today = '2026-11-25';
const read = (prompt: string, currentDateTag?: string) => interpretPrompt({ prompt, vocabulary, today, ...(currentDateTag === undefined ? {} : { currentDateTag }) });

/** Words the interpreter knows, and others, so generated prompts hit its rules often. */
const word = fc.oneof(
  fc.constantFrom(...vocabulary.pages.flatMap((page) => page.names), ...vocabulary.cards.flatMap((card) => card.names).slice(0, 80)),
  fc.constantFrom(...Object.values(GENDER_WORDS).flat(), ...FORMAT_WORDS.xlsx, 'csv', ...MONTH_WORDS.flat(), 'Gen Z', 'LGBTIQ', 'disabled', '25-34', '30 to 20', '7-200'),
  fc.constantFrom('by', 'since', 'as a', 'for', 'and', 'the', 'of', 'Acme', 'Year to date', 'Northwind', '.', ',', '!'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);
const prompt = fc.oneof(fc.array(word, { maxLength: 14 }).map((words) => words.join(' ')), fc.string({ unit: 'binary', maxLength: 120 }));

describe('the AI export interpreter', () => {
  it('never throws and what it understands always decodes, names known pages and cards, and makes valid export requests', () => {
    fc.assert(
      fc.property(prompt, fc.option(fc.constantFrom('range-jan', 'range-spring', 'someone-else'), { nil: undefined }), (text, current) => {
        const result = read(text, current);
        if (result.status === 'refused') return;
        expect(ExportDescription.is(result.description)).toBe(true);
        expect(AiExportAnswer.is({ status: 'understood', source: 'builtin', description: result.description, notes: result.notes })).toBe(true);
        for (const page of result.description.pages) {
          expect(EXPORT_PAGES).toContain(page.page);
          for (const card of page.cards) expect(EXPORT_CARDS[page.page].map((c) => c.key)).toContain(card);
        }
        // A date range is only ever one of the organisation's own.
        const tag = result.description.filter['date-tag'];
        if (tag !== undefined) expect(['range-jan', 'range-spring']).toContain(tag);
        for (const request of exportRequestsOf(result.description)) expect(ExportExcelBody.is(request)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('refuses every prompt that asks to delete or change, whatever else it says', () => {
    fc.assert(
      fc.property(prompt, fc.constantFrom(...DESTRUCTIVE_WORDS), prompt, (before, verb, after) => {
        const result = read(`${before} ${verb} ${after}`);
        expect(result).toEqual({ status: 'refused', reason: 'not_an_export' });
      }),
      { numRuns: 200 },
    );
  });

  it('refuses an empty, a too long and a meaningless prompt with a reason', () => {
    expect(read('   ')).toEqual({ status: 'refused', reason: 'empty' });
    expect(read('languages '.repeat(1000))).toEqual({ status: 'refused', reason: 'too_long' });
    expect(read('x'.repeat(AI_PROMPT_MAX + 1))).toEqual({ status: 'refused', reason: 'too_long' });
    expect(read('delete everything')).toEqual({ status: 'refused', reason: 'not_an_export' });
    expect(read('blorb fizzle wump')).toEqual({ status: 'refused', reason: 'not_understood' });
    expect(read('Women managers at Contoso Ltd')).toEqual({ status: 'refused', reason: 'other_organisation' });
  });

  it('reads the issue’s example: women managers by country of birth since January, as a spreadsheet', () => {
    expect(read('women managers by country of birth since January, as a spreadsheet')).toEqual({
      status: 'understood',
      description: { pages: [{ page: 'country-birth', cards: [] }], filter: { gender: ['11'], 'position-level': ['21'], 'date-tag': 'range-jan' }, format: 'xlsx' },
      notes: [],
    });
  });

  it('reads the same request in French, Spanish, Arabic and Chinese', () => {
    const expected = { pages: [{ page: 'country-birth', cards: [] }], filter: { gender: ['11'], 'position-level': ['21'] } };
    for (const text of ['femmes cadres par pays de naissance, tableur', 'mujeres gerentes por país de nacimiento, hoja de cálculo', 'النساء المدراء حسب بلد الميلاد، جدول بيانات', '女性经理 按出生国家 电子表格']) {
      const result = read(text);
      expect(result.status, text).toBe('understood');
      if (result.status === 'understood') expect(result.description, text).toMatchObject({ ...expected, format: 'xlsx' });
    }
  });

  it('reads cards, filters and the format, and says what it assumed', () => {
    const cards = read('Native languages and most common languages of Gen Z aged 25-34 with a disability, LGBTIQ+, as CSV');
    expect(cards).toEqual({
      status: 'understood',
      description: {
        pages: [{ page: 'languages', cards: ['language/languages', 'language/native'] }],
        filter: { 'age-range': '25-34', generation: ['Gen Z'], disability: 'yes', lgbtiq: 'yes' },
        format: 'csv',
      },
      notes: [],
    });
    // Filters only: the overview, in a workbook, in the date range in force.
    expect(read('men', 'range-spring')).toEqual({
      status: 'understood',
      description: { pages: [{ page: 'overview', cards: [] }], filter: { gender: ['12'], 'date-tag': 'range-spring' }, format: 'xlsx' },
      notes: ['date_current', 'pages_default', 'format_default'],
    });
    // A month with no saved range of its own takes the nearest saved one and asks it back; another organisation's range id is not used.
    const august = read('worldviews since August', 'not-ours');
    expect(august).toMatchObject({ status: 'understood', description: { filter: { 'date-tag': 'range-jan' } }, notes: ['format_default'] });
    expect(august.status === 'understood' && august.questions).toEqual([{ key: 'period_closest', from: '2026-08-01', closest: 'range-jan' }]);
    // With no saved range sharing a day with it, the period is asked back and no range is taken.
    const lastYear = read('worldviews in 2024');
    expect(lastYear.status === 'understood' && lastYear.description.filter['date-tag']).toBeUndefined();
    expect(lastYear.status === 'understood' && lastYear.questions).toEqual([{ key: 'period_unsaved', from: '2024-01-01', to: '2024-12-31' }]);
    // A saved range by its label; a whole page as CSV is too many files: a workbook instead.
    const spring = read('Spring campaign languages csv');
    expect(spring).toMatchObject({ status: 'understood', description: { format: 'xlsx', filter: { 'date-tag': 'range-spring' } }, notes: ['csv_needs_cards'] });
    // The caller's own organisation may be named.
    expect(read('Worldviews at Northwind Trading').status).toBe('understood');
    // A country is a name, not an organisation's: no filter takes it, and the notes say so.
    const withCountries = interpretPrompt({ prompt: 'Languages of women born in New Zealand', vocabulary: { ...vocabulary, otherNames: new Set(['new', 'zealand', 'australia']) }, today });
    expect(withCountries).toMatchObject({ status: 'understood', description: { filter: { gender: ['11'] } }, notes: ['names_not_filters', 'format_default'] });
    // A company is another organisation's; a name that is no group of ours may be one under another name: asked back, not refused.
    expect(interpretPrompt({ prompt: 'Languages of women at Contoso Ltd', vocabulary: { ...vocabulary, otherNames: new Set(['australia']) }, today })).toEqual({ status: 'refused', reason: 'other_organisation' });
    expect(interpretPrompt({ prompt: 'Languages of women at Contoso', vocabulary: { ...vocabulary, otherNames: new Set(['australia']) }, today })).toMatchObject({
      status: 'understood',
      description: { pages: [{ page: 'languages', cards: [] }], filter: { gender: ['11'] } },
      questions: [{ key: 'name_unknown' }],
    });
  });

  it('decodes no description that names an unknown card, a page twice or too many files', () => {
    expect(ExportDescription.is({ pages: [{ page: 'languages', cards: ['overview/row-one'] }], filter: {}, format: 'xlsx' })).toBe(false);
    expect(ExportDescription.is({ pages: [{ page: 'languages', cards: [] }, { page: 'languages', cards: [] }], filter: {}, format: 'xlsx' })).toBe(false);
    expect(ExportDescription.is({ pages: [{ page: 'languages', cards: [] }], filter: {}, format: 'csv' })).toBe(false);
    expect(ExportDescription.is({ pages: [], filter: {}, format: 'xlsx' })).toBe(false);
    expect(ExportDescription.is({ pages: [{ page: 'worldviews', cards: [] }], filter: {}, format: 'csv' })).toBe(true);
  });
});

describe('ordinary requests (issue 27: tests/domain/aiExport.requests.ts)', () => {
  const readings = REQUESTS.map((request) => ({
    request,
    reading: interpretPrompt({ prompt: request.prompt, vocabulary: requestVocabulary, today: TODAY }),
  }));

  it('holds at least 100 requests in each of the five languages', () => {
    expect(REQUESTS.length).toBeGreaterThanOrEqual(100);
    for (const language of ['en', 'fr', 'es', 'ar', 'zh'] as const) expect(REQUESTS.filter((request) => request.language === language).length, language).toBeGreaterThanOrEqual(20);
  });

  it('reads at least 90% as meant and asks the rest back with the closest reading, refusing none', () => {
    const verdicts = readings.map(({ request, reading }) => ({ request, reading, verdict: readingOf(reading, request.expected) }));
    const read = verdicts.filter((entry) => entry.verdict === 'read').length;
    const asked = verdicts.filter((entry) => entry.verdict === 'asked').length;
    const share = read / REQUESTS.length;
    // The measured figure, as docs/exports.md quotes it.
    console.info(`AI export: ${read} of ${REQUESTS.length} ordinary requests read as meant (${(share * 100).toFixed(1)}%), ${asked} asked back with the closest reading`);
    const others = verdicts.filter((entry) => entry.verdict !== 'read' && entry.verdict !== 'asked').map((entry) => ({ prompt: entry.request.prompt, verdict: entry.verdict, reading: entry.reading }));
    expect(others).toEqual([]);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });

  it('answers each one in a form the contract decodes, with questions only of the known kinds', () => {
    for (const { request, reading } of readings) {
      expect(reading.status, request.prompt).toBe('understood');
      if (reading.status !== 'understood') continue;
      expect(AiExportAnswer.is({ status: 'understood', source: 'builtin', description: reading.description, notes: reading.notes, ...(reading.questions === undefined ? {} : { questions: reading.questions }) }), request.prompt).toBe(true);
    }
  });

  it('refuses only with a reason that is true of the request', () => {
    const refusals: [string, AiRefusal][] = [
      ['delete the Engineering group', 'not_an_export'],
      ['supprimer les langues', 'not_an_export'],
      ['borra los idiomas', 'not_an_export'],
      ['احذف اللغات', 'not_an_export'],
      ['删除语言', 'not_an_export'],
      ['languages of Contoso Ltd', 'other_organisation'],
      ['langues de Acme Inc', 'other_organisation'],
      ['blorb fizzle wump', 'not_understood'],
      ['   ', 'empty'],
    ];
    for (const [prompt, reason] of refusals) expect(interpretPrompt({ prompt, vocabulary: requestVocabulary, today: TODAY }), prompt).toEqual({ status: 'refused', reason });
    // The caller's own names never read as another organisation's: the organisation, its groups, a census country.
    for (const prompt of ['Riverbend Demo Co. languages', 'languages of Engineering and People & Culture', 'Country of birth: Australia and New Zealand by group', 'Platform in 2025']) {
      expect(interpretPrompt({ prompt, vocabulary: requestVocabulary, today: TODAY }).status, prompt).toBe('understood');
    }
  });

  it('turns "by group" into comparisons of five groups at a time beside the whole organisation, and the census into one workbook', () => {
    const reading = interpretPrompt({ prompt: 'country of birth by group compared with the census', vocabulary: requestVocabulary, today: TODAY });
    expect(reading.status).toBe('understood');
    if (reading.status !== 'understood') return;
    expect(filesOf(reading.description)).toBe(3);
    expect(groupComparisonsOf(reading.description)).toEqual([{ organizations: [{ group: 'all' }, ...(reading.description.groups ?? []).map((group) => ({ group }))], filter: {} }]);
    const many = { ...reading.description, groups: Array.from({ length: 7 }, (_, index) => `0b6f2a52-1c1e-4d8e-9a53-00000000010${index}`) };
    expect(groupComparisonsOf(many).map((body) => body.organizations.length)).toEqual([6, 3]);
    expect(ExportDescription.is(many)).toBe(true);
    expect(ExportDescription.is({ ...many, groups: [...many.groups, many.groups[0]] })).toBe(false);
    expect(ExportDescription.is({ pages: [], filter: {}, format: 'xlsx', census: '13' })).toBe(true);
    expect(ExportDescription.is({ pages: [], filter: {}, format: 'xlsx', census: 'AU' })).toBe(false);
  });
});

describe('the interpreter with groups, a census and periods in words', () => {
  const groupWord = fc.constantFrom('by group', 'par groupe', 'حسب المجموعة', '按组', 'census', 'recensement', '人口普查', 'Engineering', 'Platform', 'People & Culture', 'Sales', 'Sydney', 'Acme Ltd');
  const periodWord = fc.constantFrom('since January', 'last quarter', 'in 2025', 'since 2024', 'this year', 'last month', 'depuis mars', 'el año pasado', 'الربع الماضي', '2025年以来');
  const mixed = fc.array(fc.oneof(word, groupWord, periodWord), { maxLength: 12 }).map((words) => words.join(' '));

  it('never throws, and what it understands decodes, names only the organisation’s groups and ranges, and asks only known questions', () => {
    fc.assert(
      fc.property(mixed, (text) => {
        const result = interpretPrompt({ prompt: text, vocabulary: requestVocabulary, today: TODAY });
        if (result.status === 'refused') return;
        expect(ExportDescription.is(result.description)).toBe(true);
        const ids = (requestVocabulary.groups ?? []).map((group) => group.id);
        for (const group of result.description.groups ?? []) expect(ids).toContain(group);
        const tag = result.description.filter['date-tag'];
        if (tag !== undefined) expect(requestVocabulary.dateRanges.map((range) => range.id)).toContain(tag);
        expect(AiExportAnswer.is({ status: 'understood', source: 'builtin', description: result.description, notes: result.notes, ...(result.questions === undefined ? {} : { questions: result.questions }) })).toBe(true);
        for (const body of groupComparisonsOf(result.description)) expect(body.organizations.length).toBeGreaterThanOrEqual(2);
      }),
      { numRuns: 300 },
    );
  });
});

describe('periods in words', () => {
  it('names the same days whatever the language, counted back from today', () => {
    expect(periodOfWord('last_quarter', '2026-11-25')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(periodOfWord('last_quarter', '2026-02-10')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(periodOfWord('last_month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(periodOfWord('this_year', '2026-11-25')).toEqual({ from: '2026-01-01' });
    for (const prompt of ['languages last quarter', 'langues du trimestre dernier', 'idiomas del trimestre pasado', 'اللغات في الربع الماضي', '上季度的语言']) {
      const reading = interpretPrompt({ prompt, vocabulary: requestVocabulary, today: TODAY });
      expect(reading.status === 'understood' && reading.description.filter['date-tag'], prompt).toBe(RANGE.thirdQuarter);
    }
  });

  it('takes a saved range only when it is the same days up to today, else the one sharing most days, asked back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2020, max: 2030 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const today = `${year}-${String(month).padStart(2, '0')}-15`;
        const ranges = requestVocabulary.dateRanges;
        const found = savedRangeFor({ from: `${year}-01-01` }, ranges, today);
        // At most one of the two, and an exact one is never asked back.
        expect(found.exact !== undefined && found.closest !== undefined).toBe(false);
      }),
      { numRuns: 60 },
    );
    expect(savedRangeFor({ from: '2026-01-01', to: '2026-12-31' }, requestVocabulary.dateRanges, TODAY).exact?.id).toBe(RANGE.yearToDate);
    expect(savedRangeFor({ from: '2026-10-01' }, requestVocabulary.dateRanges, TODAY).closest?.id).toBe(RANGE.yearToDate);
    expect(savedRangeFor({ from: '2019-01-01', to: '2019-12-31' }, requestVocabulary.dateRanges, TODAY)).toEqual({});
  });
});
