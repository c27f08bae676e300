import { PILLARS, isSuppressed, type DiversityIndex, type Distribution, type Pillar, type PillarIndex, type ReleasedCell } from '../contracts/stats';
import { tooFew } from './guard';
import { percentOf, round3 } from './percent';
import { released, type Release } from './release';

/**
 * The diversity index (docs/dashboards.md: "Diversity index").
 *
 * Per pillar (cultural heritage, country of birth, language, worldview), over the respondents
 * who answered (Prefer not to answer and blanks left out, reported as coverage):
 *
 *   p_i = n_i / N,   N = sum of n_i
 *   Gini–Simpson D = N / (N - 1) * (1 - sum p_i^2), clamped to [0, 1]
 *   effective number of groups E = 1 / sum p_i^2
 *
 * For whole counts D equals 1 - sum n_i (n_i - 1) / (N (N - 1)), the chance that two different
 * respondents drawn without replacement belong to different groups. A respondent with m answers
 * (two heritages, three languages) counts 1/m in each group, so N stays the number of people.
 * With such fractional counts n_i (n_i - 1) can be negative and the small-sample factor can
 * push D above 1 (many groups with less than one person each); the form above is the same for
 * whole counts, well defined for fractions, and is clamped to [0, 1]. N below 2: D = 0.
 *
 * The overall index is the weighted mean of the pillars' D (default weights 30/23/23/24,
 * normalised); pillars withheld for too few answers are left out and the weights of the others
 * normalised again, so nothing withheld enters the published figure.
 *
 * A released index is computed from released (perturbed) figures only (`pillarFromReleased`):
 * what the values not shown hold is spread over groups smaller than k.
 */

export const DEFAULT_WEIGHTS: Readonly<Record<Pillar, number>> = { heritage: 30, country: 23, language: 23, worldview: 24 };

const sumOf = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0);

const checkCounts = (counts: readonly number[]): void => {
  for (const count of counts) if (!Number.isFinite(count) || count < 0) throw new RangeError('group counts must be non-negative numbers');
};

/** Sum of squared shares; 0 for an empty population. */
export const simpsonConcentration = (counts: readonly number[]): number => {
  checkCounts(counts);
  const total = sumOf(counts);
  if (total <= 0) return 0;
  return sumOf(counts.map((count) => (count / total) ** 2));
};

export const giniSimpson = (counts: readonly number[]): number => {
  const total = sumOf(counts);
  const concentration = simpsonConcentration(counts);
  if (total < 2) return 0;
  const value = (total / (total - 1)) * (1 - concentration);
  return Math.min(1, Math.max(0, value));
};

/** Hill number of order 2: how many equally large groups would give the same concentration. */
export const effectiveNumber = (counts: readonly number[]): number => {
  const concentration = simpsonConcentration(counts);
  return concentration === 0 ? 0 : 1 / concentration;
};

export interface FractionalCounts {
  /** Per group, the sum over respondents of 1 / (their number of answers). */
  readonly counts: ReadonlyMap<string, number>;
  /** Respondents with at least one answer other than Prefer not to answer. */
  readonly answered: number;
  /** Respondents with no answer, or only Prefer not to answer. */
  readonly notAnswered: number;
}

/**
 * Splits multi-answers fractionally. Prefer not to answer next to real answers is ignored; on
 * its own it makes the respondent "not answered". Repeated values count once.
 */
export const fractionalCounts = (respondents: readonly (readonly string[])[], isPreferNot: (key: string) => boolean): FractionalCounts => {
  const counts = new Map<string, number>();
  let answered = 0;
  for (const answers of respondents) {
    const groups = [...new Set(answers)].filter((key) => !isPreferNot(key));
    if (groups.length === 0) continue;
    answered++;
    for (const key of groups) counts.set(key, (counts.get(key) ?? 0) + 1 / groups.length);
  }
  return { counts, answered, notAnswered: respondents.length - answered };
};

/** Share of respondents who answered, 0 to 1. */
export const coverage = (answered: number, respondents: number): number => (respondents <= 0 ? 0 : answered / respondents);

/** Why weights are refused, or null. */
export const weightsProblem = (weights: Readonly<Record<string, number>>): string | null => {
  for (const key of Object.keys(weights)) if (!(PILLARS as readonly string[]).includes(key)) return `Unknown pillar ${key}.`;
  const values = PILLARS.map((pillar) => weights[pillar] ?? 0);
  if (values.some((value) => !Number.isFinite(value) || value < 0)) return 'Weights must be non-negative numbers.';
  if (sumOf(values) <= 0) return 'At least one weight must be above zero.';
  return null;
};

/** Weights scaled to sum to 1 (missing pillars weigh 0); throws a RangeError when refused. */
export const normaliseWeights = (weights: Readonly<Partial<Record<Pillar, number>>> = DEFAULT_WEIGHTS): Record<Pillar, number> => {
  const problem = weightsProblem(weights as Record<string, number>);
  if (problem !== null) throw new RangeError(problem);
  const total = sumOf(PILLARS.map((pillar) => weights[pillar] ?? 0));
  return Object.fromEntries(PILLARS.map((pillar) => [pillar, (weights[pillar] ?? 0) / total])) as Record<Pillar, number>;
};

/**
 * Weighted mean of the given pillar indices, with the weights normalised over the pillars
 * present; null when no present pillar has a positive weight.
 */
export const overallIndex = (
  pillars: Readonly<Partial<Record<Pillar, number>>>,
  weights: Readonly<Partial<Record<Pillar, number>>> = DEFAULT_WEIGHTS,
): number | null => {
  const all = normaliseWeights(weights);
  const present = PILLARS.filter((pillar) => pillars[pillar] !== undefined && all[pillar] > 0);
  const total = sumOf(present.map((pillar) => all[pillar]));
  if (present.length === 0 || total <= 0) return null;
  return sumOf(present.map((pillar) => (all[pillar] / total) * pillars[pillar]!));
};

/**
 * What a pillar's index may be computed from: released (perturbed) figures only. Build it with
 * `pillarFromReleased`.
 */
export interface PillarInput {
  readonly pillar: Pillar;
  /** Group sizes from the released distribution (scaled to `answered` for multi-answer pillars). */
  readonly shown: readonly number[];
  /** Groups not shown (each perturbed below k); they share `pool` evenly. */
  readonly hiddenGroups: number;
  readonly pool: number;
  /** Share of respondents who answered (percent, one decimal, from perturbed figures), or null. */
  readonly coverage: number | null;
}

/**
 * A pillar from its released distribution and the perturbed number of respondents who answered
 * it (Prefer not to answer and blanks left out; for a multi-answer pillar, people who named at
 * least one value). Everything here is a released figure.
 *
 * - Single answer: the shown values count their perturbed figures; what `answered` leaves over
 *   them belongs to values not shown, each below k, so it is spread over groups of k - 1.
 * - Multiple answers: a person with m answers counts 1/m in each group (docs/dashboards.md).
 *   The released mentions are scaled so that they add up to `answered`, which gives that
 *   weighting on average over the people of each value.
 */
export const pillarFromReleased = (pillar: Pillar, distribution: Distribution, answered: number, k: number): PillarInput => {
  checkCounts([answered]);
  const cells = distribution.cells.filter((cell): cell is ReleasedCell => !isSuppressed(cell) && cell.preferNot !== true);
  const counts = cells.map((cell) => cell.count);
  const mentions = sumOf(counts);
  const coverage = distribution.total > 0 ? Math.min(100, percentOf(answered, distribution.total)) : null;
  if (distribution.multiple) {
    return { pillar, shown: mentions === 0 ? [] : counts.map((count) => (count * answered) / mentions), hiddenGroups: 0, pool: 0, coverage };
  }
  const rest = Math.max(0, answered - mentions);
  return { pillar, shown: counts, hiddenGroups: rest === 0 ? 0 : Math.ceil(rest / Math.max(1, k - 1)), pool: rest, coverage };
};

/** One pillar's index; withheld when fewer than k respondents are counted. */
export const releasePillar = (input: PillarInput, k: number): Release<PillarIndex> => {
  checkCounts([...input.shown, input.pool, input.hiddenGroups]);
  const share = input.hiddenGroups === 0 ? 0 : input.pool / input.hiddenGroups;
  const counts = [...input.shown, ...Array.from({ length: input.hiddenGroups }, () => share)];
  const answered = sumOf(counts);
  if (answered < k) return tooFewRelease(k);
  return released({
    pillar: input.pillar,
    giniSimpson: round3(giniSimpson(counts)),
    effectiveGroups: round3(effectiveNumber(counts)),
    answered: round3(answered),
    coverage: input.coverage,
  });
};

const tooFewRelease = (k: number): Release<never> => {
  const { status, message } = tooFew(k);
  return { status, message };
};

/** All pillars and the overall index; withheld when no pillar can be released. */
export const releaseDiversity = (
  pillars: readonly PillarInput[],
  k: number,
  weights: Readonly<Partial<Record<Pillar, number>>> = DEFAULT_WEIGHTS,
): Release<DiversityIndex> => {
  const all = normaliseWeights(weights);
  const releasedPillars: PillarIndex[] = [];
  for (const input of pillars) {
    const result = releasePillar(input, k);
    if (result.status === 200) releasedPillars.push(result.data);
  }
  const values = Object.fromEntries(releasedPillars.map((pillar) => [pillar.pillar, pillar.giniSimpson])) as Partial<Record<Pillar, number>>;
  const overall = overallIndex(values, all);
  if (overall === null) return tooFewRelease(k);
  const used = PILLARS.filter((pillar) => values[pillar] !== undefined && all[pillar] > 0);
  const usedTotal = sumOf(used.map((pillar) => all[pillar]));
  return released({
    overall: round3(overall),
    pillars: releasedPillars,
    weights: Object.fromEntries(used.map((pillar) => [pillar, round3(all[pillar] / usedTotal)])),
  });
};
