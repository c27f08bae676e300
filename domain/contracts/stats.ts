import * as t from 'io-ts';

/**
 * Wire shapes of every statistic (DESIGN section 5). The server builds them with the
 * disclosure-control module in domain/stats; the client decodes them with these codecs.
 *
 * A figure is released by the cell key method (docs/privacy.md): its count is perturbed by at
 * most a small stated amount and is at least k; shares are of the perturbed total, one decimal
 * (SPEC section 9). A total is never shown smaller than what it holds (a cell, a child, or the sum
 * of a single answer's values), and a single answer's shares add up to 100.0 with its unlisted
 * rest. Distributions and trees list released values only. In a cross table a cell
 * whose perturbed count is below k is suppressed: it carries the threshold k so the client can
 * say why it is hidden, and it is never shown as zero.
 */

const flags = t.partial({
  /** 'Prefer not to answer': shown as its own share, styled apart. */
  preferNot: t.literal(true),
});

export const ReleasedCell = t.exact(
  t.intersection([t.type({ key: t.string, label: t.string, count: t.number, percent: t.number }), flags]),
);
export type ReleasedCell = t.TypeOf<typeof ReleasedCell>;

export const SuppressedCell = t.exact(
  t.intersection([t.type({ key: t.string, label: t.string, suppressed: t.literal(true), threshold: t.number }), flags]),
);
export type SuppressedCell = t.TypeOf<typeof SuppressedCell>;

export const StatCell = t.union([ReleasedCell, SuppressedCell]);
export type StatCell = t.TypeOf<typeof StatCell>;

export const isSuppressed = (cell: StatCell): cell is SuppressedCell => 'suppressed' in cell;

/**
 * One question over a selection. `total` is the number of respondents in the selection; with
 * `multiple` a person may be counted under several values, so shares can add up past 100.
 */
export const Distribution = t.strict({ total: t.number, multiple: t.boolean, cells: t.array(StatCell) });
export type Distribution = t.TypeOf<typeof Distribution>;

export const Header = t.strict({ key: t.string, label: t.string });
export type Header = t.TypeOf<typeof Header>;

/** Rows by columns (e.g. gender by age band) with both margins; shares are of `total`. */
export const CrossTable = t.strict({
  total: t.number,
  rows: t.array(Header),
  columns: t.array(Header),
  cells: t.array(t.array(StatCell)),
  rowTotals: t.array(StatCell),
  columnTotals: t.array(StatCell),
});
export type CrossTable = t.TypeOf<typeof CrossTable>;

export type TreeCell = StatCell & { readonly children: readonly TreeCell[] };
export const TreeCell: t.Type<TreeCell> = t.recursion('TreeCell', () =>
  t.intersection([StatCell, t.strict({ children: t.readonlyArray(TreeCell) })]),
);

/** A hierarchy of values (country then region, zone then language); a parent counts its subtree. */
export const StatTree = t.strict({ total: t.number, multiple: t.boolean, nodes: t.array(TreeCell) });
export type StatTree = t.TypeOf<typeof StatTree>;

export const PILLARS = ['heritage', 'country', 'language', 'worldview'] as const;
export const Pillar = t.keyof({ heritage: null, country: null, language: null, worldview: null });
export type Pillar = t.TypeOf<typeof Pillar>;

/** A released pillar of the diversity index (docs/dashboards.md). Values are rounded to 3 decimals. */
export const PillarIndex = t.strict({
  pillar: Pillar,
  /** Small-sample Gini–Simpson index, 0 (everyone in one group) to 1. */
  giniSimpson: t.number,
  /** Effective number of groups, 1 / sum of squared shares. */
  effectiveGroups: t.number,
  /** Respondents counted (Prefer not to answer and no answer left out). */
  answered: t.number,
  /** Share of the selection's respondents who answered, one decimal; null when withheld. */
  coverage: t.union([t.number, t.null]),
});
export type PillarIndex = t.TypeOf<typeof PillarIndex>;

export const DiversityIndex = t.strict({
  /** Weighted mean of the released pillars' Gini–Simpson indices, 3 decimals. */
  overall: t.number,
  pillars: t.array(PillarIndex),
  /** Normalised weights actually used (pillars withheld for too few answers are left out). */
  weights: t.record(t.string, t.number),
});
export type DiversityIndex = t.TypeOf<typeof DiversityIndex>;

/** "Nothing to show" (SPEC section 4 and 8): the envelope status 204 with its reason. */
export const Withheld = t.strict({ status: t.literal(204), message: t.string });
export type Withheld = t.TypeOf<typeof Withheld>;

/** SPEC section 5 wording. */
export const statsMessages = {
  needsAtLeast: (n: number) => `It needs at least ${n} answers.`,
  notEnoughData: 'Not enough data to show.',
} as const;
