import * as t from 'io-ts';
import { endpoint } from './endpoint';
import { COMPARE_MAX, WHOLE_ORGANIZATION } from './compare';
import { EXPORT_CARDS, EXPORT_PAGES, type ExportCompareBody, type ExportExcelBody, ExportFilters, ExportFormat, ExportPage } from './exports';
import { FilterQuery } from './filterQuery';

/**
 * The AI export (issue 17): a prompt in plain words becomes an export description, which the
 * person sees, may correct, and then downloads through POST /general/export-excel. The
 * description names only pages, cards, filters and a format: never a figure.
 */

/** The longest prompt read; a longer one is refused with a sentence, not sent anywhere. */
export const AI_PROMPT_MAX = 500;
/** At most this many files are made from one description (a CSV per card, or a workbook per page). */
export const AI_FILES_MAX = 10;

const DescriptionPage = t.strict({ page: ExportPage, cards: t.array(t.string) });
export type DescriptionPage = t.TypeOf<typeof DescriptionPage>;

/** A comparison workbook sets at most this many groups beside the whole organisation (the comparison's own limit). */
const GROUPS_PER_COMPARISON = COMPARE_MAX - 1;
/** The most groups a description names; more groups than fit one comparison make several workbooks. */
export const AI_GROUPS_MAX = 20;

/** How many comparison workbooks a list of groups makes. */
const comparisonsFor = (groups: readonly string[] | undefined): number => Math.ceil((groups ?? []).length / GROUPS_PER_COMPARISON);

/**
 * `groups`: groups set side by side with the whole organisation (one comparison workbook, as
 * Compare → Internal exports it); `census`: a country id, the organisation against that
 * country's census (one workbook, as Compare → External exports it).
 */
const DescriptionShape = t.intersection([
  t.strict({ pages: t.array(DescriptionPage), filter: ExportFilters, format: ExportFormat }),
  t.partial({ groups: t.array(t.string), census: t.string }),
]);
type DescriptionShape = t.TypeOf<typeof DescriptionShape>;

/** How many files a description downloads: a workbook per page, or a CSV per card, and one per comparison. */
export const filesOf = (description: Pick<DescriptionShape, 'pages' | 'format' | 'groups' | 'census'>): number =>
  (description.format === 'xlsx'
    ? description.pages.length
    : description.pages.reduce((sum, page) => sum + (page.cards.length === 0 ? EXPORT_CARDS[page.page].length : page.cards.length), 0)) +
  comparisonsFor(description.groups) +
  (description.census === undefined ? 0 : 1);

/** Why a description of the right shape still cannot be exported, or null. */
export const descriptionProblem = (description: DescriptionShape): string | null => {
  const groups = description.groups;
  if (groups !== undefined) {
    if (groups.length > AI_GROUPS_MAX) return 'too many groups';
    if (new Set(groups).size !== groups.length || groups.some((group) => group === '' || group === WHOLE_ORGANIZATION)) return 'groups';
  }
  if (description.census !== undefined && !/^\d{1,10}$/.test(description.census)) return 'census';
  if (description.pages.length === 0 && (groups ?? []).length === 0 && description.census === undefined) return 'no page';
  const seen = new Set<string>();
  for (const page of description.pages) {
    if (seen.has(page.page)) return `page ${page.page} twice`;
    seen.add(page.page);
    const keys = EXPORT_CARDS[page.page].map((card) => card.key);
    const cards = new Set<string>();
    for (const card of page.cards) {
      if (!keys.includes(card)) return `card ${card} is not on ${page.page}`;
      if (cards.has(card)) return `card ${card} twice`;
      cards.add(card);
    }
  }
  if (filesOf(description) > AI_FILES_MAX) return 'too many files';
  const range = description.filter['age-range'];
  if (range !== undefined && Number(range.split('-')[1]) > 120) return 'age range';
  return null;
};

/**
 * What an export will contain: pages (each with its chosen cards, none meaning every card),
 * the dashboard filters (the date range as date-tag) and the format. Decoding checks that
 * every page and card exists, nothing is named twice and the files stay few: a model's
 * answer that fails this is refused.
 */
export const ExportDescription = new t.Type<DescriptionShape, DescriptionShape, unknown>(
  'ExportDescription',
  (value): value is DescriptionShape => DescriptionShape.is(value) && descriptionProblem(value) === null,
  (input, context) => {
    const decoded = DescriptionShape.validate(input, context);
    if (decoded._tag === 'Left') return decoded;
    const problem = descriptionProblem(decoded.right);
    return problem === null ? decoded : t.failure(input, context, problem);
  },
  (value) => DescriptionShape.encode(value),
);
export type ExportDescription = t.TypeOf<typeof ExportDescription>;

/** The export requests a description makes: one per workbook page, or one per CSV card. */
export const exportRequestsOf = (description: ExportDescription): ExportExcelBody[] => {
  const filter = description.filter;
  if (description.format === 'xlsx') {
    return description.pages.map((page) => ({ page: page.page, format: 'xlsx', filter, ...(page.cards.length === 0 ? {} : { cards: page.cards }) }));
  }
  return description.pages.flatMap((page) =>
    (page.cards.length === 0 ? EXPORT_CARDS[page.page].map((card) => card.key) : page.cards).map((card): ExportExcelBody => ({ page: page.page, format: 'csv', filter, card })),
  );
};

/** The comparisons a description asks for: its groups, five at a time, each time beside the whole organisation. */
export const groupComparisonsOf = (description: ExportDescription): ExportCompareBody[] => {
  const groups = description.groups ?? [];
  return Array.from({ length: comparisonsFor(groups) }, (_, index) => ({
    organizations: [{ group: WHOLE_ORGANIZATION }, ...groups.slice(index * GROUPS_PER_COMPARISON, (index + 1) * GROUPS_PER_COMPARISON).map((group) => ({ group }))],
    filter: description.filter,
  }));
};

/** Why a prompt was not turned into an export. Each has a sentence (aiExportMessages) and an i18n key. */
export const AiRefusal = t.keyof({
  empty: null,
  too_long: null,
  not_an_export: null,
  not_understood: null,
  other_organisation: null,
  model_invalid: null,
});
export type AiRefusal = t.TypeOf<typeof AiRefusal>;

export const aiExportMessages: Readonly<Record<AiRefusal, string>> = {
  empty: 'Say what you would like to export, for example “women managers by country of birth, as a spreadsheet”.',
  too_long: `Please keep the request under ${AI_PROMPT_MAX} characters.`,
  not_an_export: 'This only prepares exports of the dashboards; it cannot delete or change anything.',
  not_understood: 'No dashboard page, card or filter was recognised in this request. Try naming a page such as “languages” or a card such as “country of birth”.',
  other_organisation: 'An export covers only your own organisation; other organisations’ names are not used.',
  model_invalid: 'The AI service did not describe a valid export. Please rephrase the request or use the built-in reading.',
};

/** Things said about the understanding (what was assumed or left out), each an i18n key. */
export const AiNote = t.keyof({
  date_unmatched: null,
  date_current: null,
  format_default: null,
  pages_default: null,
  model_unavailable: null,
  csv_needs_cards: null,
  names_not_filters: null,
  groups_first: null,
  groups_none: null,
  census_whole: null,
});
export type AiNote = t.TypeOf<typeof AiNote>;

/**
 * What the reading asks back (issue 27): the request said something it could not take as it
 * stands, so the closest reading is shown with the question, to confirm or correct before any
 * file is made. A period is given as dates ('YYYY-MM-DD', `to` absent for "since"), and the
 * closest saved range by its id; the person's own words are never echoed.
 */
export const AiQuestionKey = t.keyof({ period_closest: null, period_unsaved: null, name_unknown: null });
export type AiQuestionKey = t.TypeOf<typeof AiQuestionKey>;
export const AiQuestion = t.intersection([t.strict({ key: AiQuestionKey }), t.partial({ from: t.string, to: t.string, closest: t.string })]);
export type AiQuestion = t.TypeOf<typeof AiQuestion>;

export const AiSource = t.keyof({ builtin: null, model: null });
export type AiSource = t.TypeOf<typeof AiSource>;

export const AiExportAnswer = t.union([
  t.intersection([
    t.strict({ status: t.literal('understood'), source: AiSource, description: ExportDescription, notes: t.array(AiNote) }),
    t.partial({ questions: t.array(AiQuestion) }),
  ]),
  t.strict({ status: t.literal('refused'), reason: AiRefusal, message: t.string }),
]);
export type AiExportAnswer = t.TypeOf<typeof AiExportAnswer>;

/** GET /general/ai/export?prompt=…&filter[date-tag]=…: the date range in force is the default. */
export const AiExportQuery = t.intersection([FilterQuery, t.strict({ prompt: t.string })]);
export type AiExportQuery = t.TypeOf<typeof AiExportQuery>;

export const aiExportEndpoints = {
  understand: endpoint({ method: 'GET', path: '/general/ai/export', query: AiExportQuery, data: AiExportAnswer }),
} as const;

export { EXPORT_PAGES };
