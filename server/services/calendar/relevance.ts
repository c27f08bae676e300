import { type Distribution, isSuppressed } from '../../../domain/contracts/stats';
import { ApiError } from '../../http/apiError';
import type { ReleasedReader } from '../statistics/releasedReader';

/** Released shares (percent) by lookup id, per linked group. */
export interface Shares {
  readonly worldviews: ReadonlyMap<string, number>;
  readonly heritages: ReadonlyMap<string, number>;
  readonly countries: ReadonlyMap<string, number>;
}

/** The dashboard endpoints whose released distributions say how many people share a group. */
export const SHARE_SOURCES = { worldviews: '/api/worldview/worldviews', heritages: '/api/ethnicity/ethnicities', countries: '/api/country/countries' } as const;

/**
 * The released percents of one dashboard distribution, read through the application as the
 * caller (their scope, the cell key method, k): never a count of our own. A withheld
 * distribution (204), or one the caller may not see (403), gives no shares.
 */
const sharesOf = async (read: ReleasedReader, url: string): Promise<Map<string, number>> => {
  const response = await read(url);
  if (response.statusCode === 401) throw new ApiError(401, 'Session expired! Please log in first.');
  if (response.statusCode !== 200) return new Map();
  const body = JSON.parse(response.body) as { status?: number; data?: Distribution };
  if (body.status !== 200 || body.data === undefined) return new Map();
  return new Map(body.data.cells.flatMap((cell) => (isSuppressed(cell) || cell.preferNot === true ? [] : [[cell.key, cell.percent] as const])));
};

export const releasedShares = async (read: ReleasedReader): Promise<Shares> => {
  const [worldviews, heritages, countries] = await Promise.all([sharesOf(read, SHARE_SOURCES.worldviews), sharesOf(read, SHARE_SOURCES.heritages), sharesOf(read, SHARE_SOURCES.countries)]);
  return { worldviews, heritages, countries };
};
