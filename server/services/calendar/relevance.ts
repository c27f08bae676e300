import { isSuppressed } from '../../../domain/contracts/stats';
import { statisticsEndpoints } from '../../../domain/contracts/statistics';
import type { CallerStatistics } from '../statistics/released';

/** Released shares (percent) by lookup id, per linked group. */
export interface Shares {
  readonly worldviews: ReadonlyMap<string, number>;
  readonly heritages: ReadonlyMap<string, number>;
  readonly countries: ReadonlyMap<string, number>;
}

/** The dashboard statistics whose released distributions say how many people share a group. */
export const SHARE_SOURCES = { worldviews: statisticsEndpoints.worldview.worldviews, heritages: statisticsEndpoints.ethnicity.ethnicities, countries: statisticsEndpoints.country.countries } as const;

/**
 * The released percents of one dashboard distribution, read through the one door as the caller
 * (their scope, the cell key method, k): never a count of our own. A withheld distribution gives
 * no shares.
 */
const sharesOf = async (statistics: CallerStatistics, endpoint: (typeof SHARE_SOURCES)[keyof typeof SHARE_SOURCES]): Promise<Map<string, number>> => {
  const release = await statistics.section(endpoint, {});
  if (release.status !== 200) return new Map();
  return new Map(release.data.cells.flatMap((cell) => (isSuppressed(cell) || cell.preferNot === true ? [] : [[cell.key, cell.percent] as const])));
};

export const releasedShares = async (statistics: CallerStatistics): Promise<Shares> => {
  const [worldviews, heritages, countries] = await Promise.all([sharesOf(statistics, SHARE_SOURCES.worldviews), sharesOf(statistics, SHARE_SOURCES.heritages), sharesOf(statistics, SHARE_SOURCES.countries)]);
  return { worldviews, heritages, countries };
};
