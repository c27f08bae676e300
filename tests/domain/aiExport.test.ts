import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AI_PROMPT_MAX, AiExportAnswer, ExportDescription, exportRequestsOf } from '../../domain/contracts/aiExport';
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
  organisationName: 'Northwind Trading',
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
        pages: [{ page: 'languages', cards: ['language/native', 'language/most-common'] }],
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
    // A month with no saved range is said, not guessed; another organisation's range id is not used.
    const august = read('worldviews since August', 'not-ours');
    expect(august.status === 'understood' && august.notes).toEqual(['date_unmatched', 'format_default']);
    expect(august.status === 'understood' && august.description.filter['date-tag']).toBeUndefined();
    // A saved range by its label; a whole page as CSV is too many files: a workbook instead.
    const spring = read('Spring campaign languages csv');
    expect(spring).toMatchObject({ status: 'understood', description: { format: 'xlsx', filter: { 'date-tag': 'range-spring' } }, notes: ['csv_needs_cards'] });
    // The caller's own organisation may be named.
    expect(read('Worldviews at Northwind Trading').status).toBe('understood');
    // A country is a name, not an organisation's: no filter takes it, and the notes say so.
    const withCountries = interpretPrompt({ prompt: 'Languages of women born in New Zealand', vocabulary: { ...vocabulary, otherNames: new Set(['new', 'zealand', 'australia']) }, today });
    expect(withCountries).toMatchObject({ status: 'understood', description: { filter: { gender: ['11'] } }, notes: ['names_not_filters', 'format_default'] });
    expect(interpretPrompt({ prompt: 'Languages of women at Contoso', vocabulary: { ...vocabulary, otherNames: new Set(['australia']) }, today })).toEqual({ status: 'refused', reason: 'other_organisation' });
  });

  it('decodes no description that names an unknown card, a page twice or too many files', () => {
    expect(ExportDescription.is({ pages: [{ page: 'languages', cards: ['overview/row-one'] }], filter: {}, format: 'xlsx' })).toBe(false);
    expect(ExportDescription.is({ pages: [{ page: 'languages', cards: [] }, { page: 'languages', cards: [] }], filter: {}, format: 'xlsx' })).toBe(false);
    expect(ExportDescription.is({ pages: [{ page: 'languages', cards: [] }], filter: {}, format: 'csv' })).toBe(false);
    expect(ExportDescription.is({ pages: [], filter: {}, format: 'xlsx' })).toBe(false);
    expect(ExportDescription.is({ pages: [{ page: 'worldviews', cards: [] }], filter: {}, format: 'csv' })).toBe(true);
  });
});
