import * as t from 'io-ts';

/**
 * The data codecs of the statistics that are not a distribution, tree or table (those are in
 * ./stats.ts). Apart from the endpoints so that the statistics catalogue (domain/stats/catalogue.ts)
 * can name them and the endpoints be derived from it without an import cycle.
 */

export const Count = t.strict({ count: t.number });
export type Count = t.TypeOf<typeof Count>;

/**
 * Answers received but not yet in the figures (they enter in batches of at least m people):
 * whether there are any, and their number rounded down to a multiple of m, so that one more
 * answer moves it only when a batch could form.
 */
export const Waiting = t.strict({ some: t.boolean, atLeast: t.number, blockSize: t.number });
export type Waiting = t.TypeOf<typeof Waiting>;

export const HeadlineItem = t.strict({ key: t.string, value: t.number });
export const Headline = t.strict({ items: t.array(HeadlineItem) });
export type Headline = t.TypeOf<typeof Headline>;

/** Badge key to the index it reads (a pillar, or the overall index). */
export const BADGES = {
  'diverse-heritage': 'heritage',
  'born-worldwide': 'country',
  multilingual: 'language',
  'many-worldviews': 'worldview',
  'mutuality-leader': 'overall',
} as const;
export const BADGE_THRESHOLD = 0.7;

export const Badge = t.strict({ key: t.string, earned: t.boolean });
export const Badges = t.strict({ badges: t.array(Badge) });
export type Badges = t.TypeOf<typeof Badges>;
