import type { Weights } from './profiles';

/**
 * The demo's answers to the questions the census file says nothing about: assumptions in the
 * range of Australian workforce surveys (rounded; not statistics to quote). Codes are the
 * lookup lists' (server/services/lookups/standards/abs.ts); 'prefer_not' is "Prefer not to answer".
 */

/** Women and men about equal, about 1% non-binary or another term, some who prefer not to say. */
export const GENDERS: Weights = [
  ['female', 0.487],
  ['male', 0.487],
  ['non_binary', 0.008],
  ['other', 0.003],
  ['prefer_not', 0.015],
];

/** Birth years of a working population (inclusive bands and weights). */
export const BIRTH_YEAR_BANDS: ReadonlyArray<readonly [number, number, number]> = [
  [1960, 1964, 5],
  [1965, 1969, 7],
  [1970, 1974, 9],
  [1975, 1979, 11],
  [1980, 1984, 14],
  [1985, 1989, 16],
  [1990, 1994, 16],
  [1995, 1999, 13],
  [2000, 2006, 9],
];
export const AGE_PREFER_NOT = 0.04;

/** Highest education by the kind of position (ANZSCO major group of the position level). */
export const EDUCATIONS: Readonly<Record<'professional' | 'skilled' | 'operator', Weights>> = {
  professional: [['11', 0.04], ['12', 0.2], ['2', 0.08], ['3', 0.48], ['4', 0.07], ['51', 0.04], ['61', 0.05], ['9', 0.01], ['prefer_not', 0.03]],
  skilled: [['12', 0.03], ['2', 0.03], ['3', 0.2], ['4', 0.16], ['51', 0.27], ['52', 0.04], ['61', 0.18], ['62', 0.05], ['9', 0.01], ['prefer_not', 0.03]],
  operator: [['3', 0.05], ['4', 0.05], ['51', 0.3], ['52', 0.1], ['61', 0.24], ['62', 0.17], ['7', 0.02], ['none', 0.01], ['9', 0.03], ['prefer_not', 0.03]],
};
/** Position levels (ANZSCO major group codes) by kind. */
export const LEVEL_KIND: Readonly<Record<string, keyof typeof EDUCATIONS>> = { '1': 'professional', '2': 'professional', '3': 'skilled', '4': 'skilled', '5': 'skilled', '6': 'skilled', '7': 'operator', '8': 'operator' };

/** About one in six with a disability or long-term condition, more of them among older people. */
export const DISABILITIES: Weights = [
  ['none', 0.8],
  ['physical', 0.05],
  ['psychosocial', 0.05],
  ['sensory_speech', 0.025],
  ['other', 0.02],
  ['intellectual', 0.004],
  ['brain_injury', 0.006],
  ['prefer_not', 0.045],
];

/** About 4 to 5% lesbian, gay, bisexual or another term, and more who prefer not to say. */
export const SEXUAL_ORIENTATIONS: Weights = [
  ['straight', 0.865],
  ['gay_lesbian', 0.02],
  ['bisexual', 0.022],
  ['other', 0.006],
  ['dont_know', 0.012],
  ['prefer_not', 0.075],
];

export const POSITION_PREFER_NOT = 0.03;
/** Answered the level but not the type. */
export const POSITION_TYPE_SKIPPED = 0.04;
/** Answered the worldview and branch but not the denomination. */
export const DENOMINATION_SKIPPED = 0.07;
/** Heritage: ticked "Prefer not to answer", or left the optional question empty. */
export const HERITAGE_PREFER_NOT = 0.03;
export const HERITAGE_SKIPPED = 0.015;
/** Relatives' countries: ticked "Prefer not to answer", or left empty (a grandparent more often than a parent). */
export const RELATIVE_PREFER_NOT = 0.025;
export const PARENT_SKIPPED = 0.01;
export const GRANDPARENT_SKIPPED = 0.05;
/** Women are a little less often managers (the "women managers" statistic should show a gap). */
export const WOMEN_MANAGER_FACTOR = 0.8;
/** Languages learnt at school or later: one, and a second one. */
export const LEARNT_LANGUAGE = 0.22;
export const SECOND_LEARNT_LANGUAGE = 0.05;
/** On a link that lets people choose, the share who give their name. */
export const NAMED_ON_OPEN_LINK = 0.45;
/** People who answer for their group rather than one of its sub-groups. */
export const GROUP_LEVEL_ANSWERS = 0.15;
