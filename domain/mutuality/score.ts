import type { CensusCategory, CensusPillar } from './census';

/**
 * The mutuality score (docs/dashboards.md): how closely a mix of people mirrors a community's,
 * 1 − the total variation distance between the two distributions over a shared classification.
 *
 *   p, q : shares over the classes (each side's weights divided by its own total)
 *   TVD  = ½ Σ |p_c − q_c|      (0 for identical mixes, 1 for disjoint ones)
 *   score = 1 − TVD = Σ min(p_c, q_c)
 *
 * Pure: no figure here is about people until the caller feeds it released figures.
 */

export const OTHER = 'other';

/** 1 − TVD between two weightings of classes; null when either side weighs nothing. Unrounded. */
export const mutualityScore = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): number | null => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  let totalA = 0;
  let totalB = 0;
  for (const key of keys) {
    totalA += Math.max(0, a[key] ?? 0);
    totalB += Math.max(0, b[key] ?? 0);
  }
  if (!(totalA > 0) || !(totalB > 0)) return null;
  let distance = 0;
  for (const key of keys) distance += Math.abs(Math.max(0, a[key] ?? 0) / totalA - Math.max(0, b[key] ?? 0) / totalB);
  return Math.min(1, Math.max(0, 1 - distance / 2));
};

/** A value the organisation gave, as the lookup knows it: its code and (heritages) its cultural family's code. */
export interface OrgValue {
  readonly code: string;
  readonly family?: string | null;
  /** Released (perturbed) number of people who gave it. */
  readonly count: number;
  readonly label: string;
}

/** The category of the classification a value falls in; undefined: outside it. */
export const categoryOf = (categories: readonly CensusCategory[], value: Pick<OrgValue, 'code' | 'family'>): CensusCategory | undefined =>
  categories.find((category) => category.codes?.includes(value.code) === true) ??
  categories.find((category) => {
    const family = value.family;
    return family != null && category.families?.some((prefix) => family.startsWith(prefix)) === true;
  });

export interface ComparedValue {
  readonly key: string;
  readonly label: string;
  /** The organisation's share over the classification, percent with one decimal. */
  readonly share: number;
  /** The census share over the same classification, percent with one decimal. */
  readonly census: number;
  /** The census share as published (of the whole population). */
  readonly published: number | null;
  /**
   * Whether the organisation's released figures list the category (a category nobody gave, or
   * fewer than k people after adjustment, is not listed: it counts as 0 in the maths, and is
   * shown as "not listed", never as 0.0%).
   */
  readonly listed: boolean;
  /** share − census, in points, one decimal. */
  readonly gap: number;
  /** share / census, two decimals; null when the census share is 0. */
  readonly ratio: number | null;
  readonly codes: readonly string[];
  readonly computed: string | null;
}

export interface ComparedPillar {
  readonly values: readonly ComparedValue[];
  /** 1 − TVD over the classification, 3 decimals; null when a side has nothing in it. */
  readonly score: number | null;
  /** Percent of the organisation's answers (Prefer not to answer left out) that fall in the classification. */
  readonly classified: number | null;
}

const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/**
 * The organisation's released values against a census pillar. Values are classified into the
 * census categories (the first category naming the code, else the first whose family prefix
 * matches); with `rest: 'other'` values outside go to "other" and the census residual
 * (100 − listed − not stated) is its share; with `rest: 'none'` they are left out and reported
 * through `classified`. Both sides are then normalised over the same classes.
 */
export const comparePillar = (pillar: CensusPillar, values: readonly OrgValue[], otherLabel = 'Other'): ComparedPillar => {
  const org: Record<string, number> = {};
  const census: Record<string, number> = {};
  let inside = 0;
  let all = 0;
  for (const value of values) {
    if (!(value.count > 0)) continue;
    all += value.count;
    const category = categoryOf(pillar.categories, value);
    const key = category?.key ?? (pillar.rest === 'other' ? OTHER : undefined);
    if (key === undefined) continue;
    if (category !== undefined) inside += value.count;
    org[key] = (org[key] ?? 0) + value.count;
  }
  for (const category of pillar.categories) census[category.key] = (census[category.key] ?? 0) + category.share;
  if (pillar.rest === 'other') {
    const listed = pillar.categories.reduce((sum, category) => sum + category.share, 0);
    census[OTHER] = Math.max(0, 100 - listed - (pillar.notStated ?? 0));
  }
  const orgTotal = Object.values(org).reduce((sum, value) => sum + value, 0);
  const censusTotal = Object.values(census).reduce((sum, value) => sum + value, 0);
  const shareOf = (weights: Record<string, number>, total: number, key: string) => (total > 0 ? ((weights[key] ?? 0) / total) * 100 : 0);
  const row = (key: string, label: string, category: CensusCategory | undefined): ComparedValue => {
    const share = shareOf(org, orgTotal, key);
    const theirs = shareOf(census, censusTotal, key);
    return {
      key,
      label,
      share: round(share, 1),
      listed: Object.hasOwn(org, key),
      census: round(theirs, 1),
      published: category?.share ?? (key === OTHER ? round(census[OTHER] ?? 0, 1) : null),
      gap: round(share - theirs, 1),
      ratio: theirs > 0 ? round(share / theirs, 2) : null,
      codes: category?.codes ?? [],
      computed: category?.computed ?? null,
    };
  };
  const rows = pillar.categories.map((category) => row(category.key, category.label, category));
  if (pillar.rest === 'other') rows.push(row(OTHER, otherLabel, undefined));
  const score = orgTotal > 0 ? mutualityScore(org, census) : null;
  return {
    values: rows,
    score: score === null ? null : round(score, 3),
    classified: all > 0 ? round(((pillar.rest === 'other' ? all : inside) / all) * 100, 1) : null,
  };
};

/** The overall score: the mean of the pillars' scores that exist, 3 decimals; null when none does. */
export const overallScore = (scores: readonly (number | null)[]): number | null => {
  const known = scores.filter((score): score is number => score !== null);
  return known.length === 0 ? null : round(known.reduce((sum, score) => sum + score, 0) / known.length, 3);
};

/** A pillar as the overall score's name needs it: whether it has a score, and whether its reference is a census or an estimate. */
export interface ScoredPillar {
  readonly pillar: string;
  readonly status: number;
  readonly score?: number | null;
  readonly source: { readonly kind: 'census' | 'estimate' };
}

export interface ScoreNameWords {
  /** "Overall mutuality score": every pillar scored against a census. */
  readonly overall: string;
  /** "Mutuality score, language only". */
  readonly only: (pillars: string) => string;
  /** "Estimate, not a census". */
  readonly estimate: string;
  readonly pillar: (pillar: string) => string;
  /** How names are listed in the language (", "). */
  readonly separator: string;
}

/**
 * The name of the overall score for what it covers: "overall" only when every pillar has a score
 * against census figures; otherwise the pillars it is made of ("language only"), marked as an
 * estimate when any of them is compared with an estimate rather than a census.
 */
export const overallScoreName = (pillars: readonly ScoredPillar[], all: readonly string[], words: ScoreNameWords): string => {
  const scored = pillars.filter((pillar) => pillar.status === 200 && pillar.score != null);
  const estimate = scored.some((pillar) => pillar.source.kind === 'estimate');
  const complete = all.every((name) => scored.some((pillar) => pillar.pillar === name));
  if (complete && !estimate) return words.overall;
  const name = scored.length === 0 ? words.overall : words.only(scored.map((pillar) => words.pillar(pillar.pillar).toLowerCase()).join(words.separator));
  return estimate ? `${name} (${words.estimate})` : name;
};
