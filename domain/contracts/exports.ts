import * as t from 'io-ts';
import type { MessageKey } from '../i18n/en';
import { Generation } from '../filters/model';
import { CompareSelection } from './compare';
import { endpoint } from './endpoint';
import { type CardStatisticId, RETIRED_STATISTICS, STATISTICS_ON_PAGES, statisticRow } from '../stats/catalogue';
import { type StatisticsEndpoint, statisticCardKey, statisticEndpoint } from './statistics';

/**
 * Spreadsheet exports of the dashboards (issue 16). An export is built only from what the
 * statistics endpoints release to the same caller with the same filters: the server asks its
 * own endpoints and writes their answers, so no figure can leave that the dashboard would hide.
 */

export const EXPORT_PAGES = ['home', 'overview', 'demographics', 'country-birth', 'languages', 'worldviews', 'cultural-heritage'] as const;
export const ExportPage = t.keyof({
  home: null,
  overview: null,
  demographics: null,
  'country-birth': null,
  languages: null,
  worldviews: null,
  'cultural-heritage': null,
});
export type ExportPage = t.TypeOf<typeof ExportPage>;

export const ExportFormat = t.keyof({ xlsx: null, csv: null });
export type ExportFormat = t.TypeOf<typeof ExportFormat>;

/** A string that passes `test` (plain string type, so the client's filters fit without casts). */
const checkedString = (name: string, test: (value: string) => boolean): t.Type<string, string, unknown> =>
  new t.Type<string, string, unknown>(
    name,
    (value): value is string => typeof value === 'string' && test(value),
    (value, context) => (typeof value === 'string' && test(value) ? t.success(value) : t.failure(value, context)),
    t.identity,
  );

/** A lookup principle id as the filter panel sends it: digits only. */
const PrincipleId = checkedString('PrincipleId', (value) => /^\d{1,10}$/.test(value));

/** 'low-high' with low not above high, e.g. '25-34'. */
const AgeRange = checkedString('AgeRange', (value) => {
  const match = /^(\d{1,3})-(\d{1,3})$/.exec(value);
  return match !== null && Number(match[1]) <= Number(match[2]);
});

const YesNo = t.keyof({ yes: null, no: null });

/** The dashboard filters (SPEC section 3) as an export body carries them; the statistics endpoints receive them as filter[...]. */
export const ExportFilters = t.exact(
  t.partial({
    'position-level': t.array(PrincipleId),
    gender: t.array(PrincipleId),
    'age-range': AgeRange,
    disability: YesNo,
    lgbtiq: YesNo,
    generation: t.array(Generation),
    'date-tag': t.string,
  }),
);
export type ExportFilters = t.TypeOf<typeof ExportFilters>;

/**
 * POST /general/export-excel. `page` is a dashboard page (path segment); `filter` the active
 * filters (date range included as date-tag); `format` xlsx (default: the whole page, one sheet
 * per card; `cards` narrows it to those cards, in the page's order) or csv (one card, named by
 * `card`). The view-as scope is the caller's token's.
 */
export const ExportExcelBody = t.intersection([
  t.strict({ page: ExportPage }),
  t.partial({ filter: ExportFilters, format: ExportFormat, card: t.string, cards: t.array(t.string) }),
]);
export type ExportExcelBody = t.TypeOf<typeof ExportExcelBody>;

/**
 * POST /general/export-excel-compare and /general/export-key-facts-compare (SPEC section 7:
 * payload `organizations`). `organizations` are the comparison's selections, as GET
 * /compare/data takes them (2 to 6: `all` or a group id, each with an optional date-tag);
 * `filter` the dashboard filters shared by every selection.
 */
export const ExportCompareBody = t.intersection([t.strict({ organizations: t.array(CompareSelection) }), t.partial({ filter: ExportFilters })]);
export type ExportCompareBody = t.TypeOf<typeof ExportCompareBody>;

export const exportEndpoints = {
  /** Answers the file itself (xlsx or csv) with a Content-Disposition, or the 422 envelope. */
  exportExcel: endpoint({ method: 'POST', path: '/general/export-excel', body: ExportExcelBody, data: t.unknown }),
  /** The comparison as a workbook: cover, side by side, key facts, demographics, top values. */
  exportExcelCompare: endpoint({ method: 'POST', path: '/general/export-excel-compare', body: ExportCompareBody, data: t.unknown }),
  /** The comparison's key facts as a workbook: cover, key facts, side by side. */
  exportKeyFactsCompare: endpoint({ method: 'POST', path: '/general/export-key-facts-compare', body: ExportCompareBody, data: t.unknown }),
} as const;

export const exportMessages = {
  cardRequired: 'The card field is required',
  cardUnknown: 'The selected card is not on this page.',
} as const;

/** One card of a dashboard page: the statistics endpoint it shows and its title. */
export interface ExportCard {
  /** The endpoint's path without the leading slash, e.g. 'overview/row-one': how a CSV request names it. */
  readonly key: string;
  readonly title: MessageKey;
  readonly endpoint: StatisticsEndpoint;
}

/** The card of a statistic of the catalogue (domain/stats/catalogue.ts), under its title. */
const cardOf = (id: CardStatisticId): ExportCard => ({ key: statisticCardKey(id), title: statisticRow(id).title, endpoint: statisticEndpoint(id) });

/**
 * The cards of each page, in the order the page shows them (src/features/dashboards): the
 * catalogue's STATISTICS_ON_PAGES, from which the pages draw their cards (tests/domain/exportCards.test.ts).
 */
const cardsOfPages = (): Readonly<Record<ExportPage, readonly ExportCard[]>> =>
  Object.fromEntries(EXPORT_PAGES.map((page) => [page, STATISTICS_ON_PAGES[page].map(cardOf)])) as unknown as Record<ExportPage, readonly ExportCard[]>;
export const EXPORT_CARDS = /* @__PURE__ */ cardsOfPages();

/**
 * Cards the Languages page no longer draws (each of its figures is drawn once), with their
 * titles, and the card that now shows the same figure: a saved report that picked an old card,
 * or a request in the old card's words, reads the new one (the catalogue's RETIRED_STATISTICS).
 */
const retiredCards = (): readonly { readonly key: string; readonly title: MessageKey; readonly now: string }[] =>
  (Object.entries(RETIRED_STATISTICS) as [CardStatisticId, CardStatisticId][]).map(([retired, now]) => {
    const { key, title } = cardOf(retired);
    return { key, title, now: statisticCardKey(now) };
  });
export const RETIRED_CARDS = /* @__PURE__ */ retiredCards();

/** A card key as the catalogue knows it today (a retired key becomes the card that replaced it). */
export const currentCardKey = (key: string): string => RETIRED_CARDS.find((card) => card.key === key)?.now ?? key;

/** The file name of an export, e.g. 'languages-2026-11-25.xlsx' or 'languages-language-zones-2026-11-25.csv'. */
export const exportFileName = (page: ExportPage, format: ExportFormat, day: string, cardKey?: string): string =>
  `${[page, ...(cardKey === undefined ? [] : [cardKey.replace(/[^a-z0-9]+/gi, '-')]), day].join('-')}.${format}`;
