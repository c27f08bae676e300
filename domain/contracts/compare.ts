import * as t from 'io-ts';
import { type Filters, normaliseFilters } from '../filters/model';
import { FilterQuery } from './filterQuery';
import { type StatisticsEndpoint } from './statistics';
import { endpoint } from './endpoint';
import { DiversityIndex, Distribution, ReleasedCell } from './stats';

/**
 * Compare → Internal (`GET /compare/data`, SPEC section 7): 2 to 6 selections side by side.
 *
 * A selection is the whole organisation (`all`: everything the caller may see) or one group or
 * sub-group the caller may see (with its sub-groups), optionally within one of the
 * organisation's date ranges. On the wire, beside the dashboard filters (`filter[...]`, shared
 * by every selection):
 *
 *   selection[0][group]=all&selection[1][group]=<uuid>&selection[1][date-tag]=<range id>
 *
 * A selection's own date-tag replaces the filters' date-tag for that selection. Every figure is
 * released by disclosure control for each selection on its own (docs/privacy.md); a selection
 * whose respondents are below k answers `{ status: 204, message }` in its column.
 */

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 6;
export const WHOLE_ORGANIZATION = 'all';

export const CompareMessages = {
  count: `Choose from ${COMPARE_MIN} to ${COMPARE_MAX} selections.`,
  group: 'Choose the whole organisation or a group.',
  dateTag: 'The selected date range does not exist.',
  parameter: 'This parameter is not part of a comparison.',
} as const;

export const CompareSelection = t.intersection([t.strict({ group: t.string }), t.partial({ 'date-tag': t.string })]);
export type CompareSelection = t.TypeOf<typeof CompareSelection>;

export type CompareQuery = Filters & { readonly selections: readonly CompareSelection[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PARAMETER = /^selection\[(\d{1,2})\]\[(group|date-tag)\]$/;
const SELECTION = /^selection(\[|$)/;
const DATE_TAG_MAX = 100;

const failAt = (input: unknown, context: t.Context, parameter: string, message: string): t.Validation<CompareQuery> =>
  t.failure<CompareQuery>(input, [...context, { key: parameter, type: t.string, actual: input }], message);

/** The wire parameters of a list of selections. */
export const selectionParameters = (selections: readonly CompareSelection[]): Record<string, string> => {
  const out: Record<string, string> = {};
  selections.forEach((selection, index) => {
    out[`selection[${index}][group]`] = selection.group;
    const tag = selection['date-tag'];
    if (tag !== undefined && tag !== '') out[`selection[${index}][date-tag]`] = tag;
  });
  return out;
};

export const CompareQuery = new t.Type<CompareQuery, Record<string, unknown>, unknown>(
  'CompareQuery',
  (value): value is CompareQuery => typeof value === 'object' && value !== null && Array.isArray((value as { selections?: unknown }).selections),
  (input, context) => {
    const filters = FilterQuery.validate(input, context);
    if (filters._tag === 'Left') return filters;
    const found = new Map<number, { group?: string; 'date-tag'?: string }>();
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      if (!SELECTION.test(key)) continue;
      const match = PARAMETER.exec(key);
      if (match === null) return failAt(input, context, key, CompareMessages.parameter);
      if (typeof value !== 'string') return failAt(input, context, key, CompareMessages.parameter);
      const index = Number(match[1]);
      const entry = found.get(index) ?? {};
      entry[match[2] as 'group' | 'date-tag'] = value;
      found.set(index, entry);
    }
    if (found.size < COMPARE_MIN || found.size > COMPARE_MAX) return failAt(input, context, 'selection', CompareMessages.count);
    const selections: CompareSelection[] = [];
    for (let index = 0; index < found.size; index += 1) {
      const entry = found.get(index);
      if (entry === undefined) return failAt(input, context, 'selection', CompareMessages.count);
      const group = entry.group;
      if (group === undefined || (group !== WHOLE_ORGANIZATION && !UUID.test(group))) return failAt(input, context, `selection[${index}][group]`, CompareMessages.group);
      const tag = entry['date-tag'];
      if (tag !== undefined && tag.length > DATE_TAG_MAX) return failAt(input, context, `selection[${index}][date-tag]`, CompareMessages.dateTag);
      selections.push({ group: group.toLowerCase(), ...(tag === undefined || tag === '' ? {} : { 'date-tag': tag }) });
    }
    return t.success({ ...filters.right, selections });
  },
  ({ selections, ...filters }) => ({ ...FilterQuery.encode(filters as Filters), ...selectionParameters(selections) }),
);

/** The top released values of each pillar (at most three, largest first). */
export const PillarTops = t.strict({ heritage: t.array(ReleasedCell), country: t.array(ReleasedCell), language: t.array(ReleasedCell), worldview: t.array(ReleasedCell) });
export type PillarTops = t.TypeOf<typeof PillarTops>;

const Nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** Demographics of a selection; a distribution withheld on its own (e.g. disability at k = 10) is null. */
export const CompareDemographics = t.strict({
  gender: Nullable(Distribution),
  generation: Nullable(Distribution),
  positionLevel: Nullable(Distribution),
  disability: Nullable(Distribution),
  /** Five-year age bands (the column totals of the gender-by-age table). */
  ageBand: Nullable(Distribution),
  /** People with a long-term condition, and LGBTIQ+ people (k of the special categories); null when withheld. */
  longTermCondition: Nullable(t.number),
  lgbtiq: Nullable(t.number),
});
export type CompareDemographics = t.TypeOf<typeof CompareDemographics>;

/** How many values each pillar's chart shows (Prefer not to answer left out). */
export const ShownValues = t.strict({ countries: t.number, languages: t.number, worldviews: t.number, heritages: t.number });
export type ShownValues = t.TypeOf<typeof ShownValues>;

const Identity = t.strict({
  group: t.string,
  dateTag: Nullable(t.string),
  /** The group's name (the organisation's for `all`), with the date range's label after a middle dot. */
  label: t.string,
});

export const ComparedSelection = t.union([
  t.intersection([Identity, t.strict({ status: t.literal(200), respondents: t.number, index: Nullable(DiversityIndex), tops: PillarTops, shown: ShownValues, demographics: CompareDemographics })]),
  t.intersection([Identity, t.strict({ status: t.literal(204), message: t.string })]),
]);
export type ComparedSelection = t.TypeOf<typeof ComparedSelection>;

export const COMPARE_FACTS = ['most_respondents', 'highest_index', 'most_countries', 'most_languages', 'most_worldviews', 'most_heritages'] as const;
export const CompareFact = t.strict({ key: t.keyof(Object.fromEntries(COMPARE_FACTS.map((key) => [key, null])) as Record<(typeof COMPARE_FACTS)[number], null>), label: t.string, value: t.number });
export type CompareFact = t.TypeOf<typeof CompareFact>;

export const CompareData = t.strict({ selections: t.array(ComparedSelection), facts: t.array(CompareFact) });
export type CompareData = t.TypeOf<typeof CompareData>;

/** A statistics endpoint (it reads the dashboard filters), with its own query. */
export const compareData: StatisticsEndpoint<typeof CompareData> = {
  ...endpoint({ method: 'GET', path: '/compare/data', query: CompareQuery, data: CompareData }),
  filtered: true,
};

/**
 * A comparison as the args of a data section (flat lists, so it can ride on a command and in
 * the log): the groups, and each one's date-tag ('' for none).
 */
export const compareArgs = (selections: readonly CompareSelection[]): { groups: string[]; 'date-tags': string[] } => ({
  groups: selections.map((selection) => selection.group),
  'date-tags': selections.map((selection) => selection['date-tag'] ?? ''),
});

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []);

/** The query of a section's args merged with the active filters (the inverse of compareArgs). */
export const compareQueryOf = (args: Readonly<Record<string, unknown>>): CompareQuery => {
  const { groups, 'date-tags': tags, ...rest } = args;
  const dateTags = strings(tags);
  const selections = strings(groups).map((group, index) => {
    const tag = dateTags[index] ?? '';
    return tag === '' ? { group } : { group, 'date-tag': tag };
  });
  return { ...normaliseFilters(rest as Filters), selections };
};
