import { LOOKUP_LISTS, type LookupList, PREFER_NOT_CODE } from '../../../domain/contracts/lookups';
import { PREFER_NOT_NAME } from './countries';
import {
  APPEARANCES,
  DISABILITIES,
  EDUCATIONS,
  FIRST_BIRTH_YEAR,
  GENDERS,
  INDUSTRIES,
  POSITION_LEVELS,
  POSITION_TYPES,
  SEXUAL_ORIENTATIONS,
  YOUNGEST_AGE,
} from './standards/abs';
import type { LookupRow } from './types';
import { LAST } from './types';

const flatList = (list: LookupList, entries: ReadonlyArray<readonly [string, string]>): LookupRow[] => [
  ...entries.map(([code, name], sort): LookupRow => ({ list, code, name, sort })),
  ...(LOOKUP_LISTS[list].preferNot ? [{ list, code: PREFER_NOT_CODE, name: PREFER_NOT_NAME, sort: LAST }] : []),
];

/** Genders, sexual orientations, educations, disabilities, appearances and industries (standards/abs.ts). */
export const buildTypedLists = (): LookupRow[] => [
  ...flatList('genders', GENDERS),
  ...flatList('sexual-orientations', SEXUAL_ORIENTATIONS),
  ...flatList('educations', EDUCATIONS),
  ...flatList('disabilities', DISABILITIES),
  ...flatList('appearances', APPEARANCES),
  ...flatList('industries', INDUSTRIES),
];

/** Position levels (ANZSCO major groups) and types (sub-major groups, under their major group). */
export const buildPositions = (): LookupRow[] => [
  ...flatList('position-levels', POSITION_LEVELS),
  ...POSITION_TYPES.map(([code, name], sort): LookupRow => ({ list: 'position-types', code, name, sort, parent: { list: 'position-levels', code: code[0]! } })),
  { list: 'position-types', code: PREFER_NOT_CODE, name: PREFER_NOT_NAME, sort: LAST },
];

/**
 * Birth years (SPEC: "birth years"), newest first, from FIRST_BIRTH_YEAR to the year someone
 * turning YOUNGEST_AGE was born. The year is the code, so a new year only adds an item.
 */
export const buildAges = (currentYear: number): LookupRow[] => {
  const rows: LookupRow[] = [];
  for (let year = currentYear - YOUNGEST_AGE; year >= FIRST_BIRTH_YEAR; year--) rows.push({ list: 'ages', code: String(year), name: String(year), sort: rows.length });
  rows.push({ list: 'ages', code: PREFER_NOT_CODE, name: PREFER_NOT_NAME, sort: LAST });
  return rows;
};
