import { type RawBuilder, sql } from 'kysely';
import type { Selection } from '../../../domain/stats';
import { type DimensionName, GENERATION_YEARS, LGBTIQ_ORIENTATIONS, PREFER_NOT_CODE, UNKNOWN, isDimensionName, isStaffDimension } from './dimensions';

/**
 * The dashboard filters as SQL over the response columns (alias `r`), so that a figure is
 * counted over the selected respondents only. Each predicate is the SQL twin of
 * `dimensionKeysOf` (dimensions.ts): a respondent is selected exactly when the dimension key
 * computed from their columns is one of the accepted keys (tests/server/dimensionSql.test.ts
 * checks the two agree on generated respondents). Predicates compare the integer columns
 * themselves (ranges of birth years, lists of ids), which is cheaper than computing keys per row.
 */

const NOBODY = sql`false`;

/** A column of the table the predicates read (`r`: responses; the release blocks' atoms have their own alias). */
type Column = (name: string) => RawBuilder<unknown>;

const columnsOf = (alias: string): Column => (name) => sql.ref(`${alias}.${name}`);

/** `expression in (ids)`, false for an empty list; null when the column is null (combine with coalesce). */
const within = (expression: RawBuilder<unknown>, ids: readonly number[]) => (ids.length === 0 ? NOBODY : sql`${expression} in (${sql.join([...ids])})`);

const isTrue = (predicate: RawBuilder<unknown>) => sql`coalesce(${predicate}, false)`;

const anyOf = (parts: readonly RawBuilder<unknown>[]) => (parts.length === 0 ? NOBODY : sql`(${sql.join([...parts], sql` or `)})`);

/**
 * The ids of each code, indexed once per map of codes: that map holds every lookup list (about
 * 20,000 items) and is read once per database, while a disability or LGBTIQ+ filter asks for a
 * few codes on every statistics request; scanning the whole map each time took about a sixth of
 * such a request's time, and more again in garbage collection.
 */
const idsByCodeOf = new WeakMap<ReadonlyMap<number, string>, ReadonlyMap<string, readonly number[]>>();

const idsByCode = (codeById: ReadonlyMap<number, string>): ReadonlyMap<string, readonly number[]> => {
  const known = idsByCodeOf.get(codeById);
  if (known !== undefined) return known;
  const index = new Map<string, number[]>();
  for (const [id, code] of codeById) {
    const ids = index.get(code);
    if (ids === undefined) index.set(code, [id]);
    else ids.push(id);
  }
  idsByCodeOf.set(codeById, index);
  return index;
};

/** Lookup ids whose code is one of `codes`. */
const idsWithCode = (codeById: ReadonlyMap<number, string>, codes: readonly string[]): number[] => {
  const index = idsByCode(codeById);
  return [...new Set(codes)].flatMap((code) => index.get(code) ?? []);
};

/** A lookup column: keys are ids, or 'unknown' for no answer. */
const idColumn = (column: Column, name: string, keys: readonly string[]) => {
  const ids = keys.filter((key) => /^\d{1,9}$/.test(key)).map(Number);
  const parts = [...(ids.length > 0 ? [within(column(name), ids)] : []), ...(keys.includes(UNKNOWN) ? [sql`${column(name)} is null`] : [])];
  return anyOf(parts);
};

const BAND = /^(\d{1,3})-(\d{1,3})$/;

/** Age bands ('25-29', '0-14', '65+') as ranges of birth years in `year`. */
const ageBands = (column: Column, keys: readonly string[], year: number) => {
  const birth = column('birth_year');
  const parts = keys.flatMap((key) => {
    if (key === UNKNOWN) return [sql`${birth} is null`];
    if (key === '65+') return [sql`${birth} <= ${year - 65}::int`];
    if (key === '0-14') return [sql`${birth} > ${year - 15}::int`];
    const match = BAND.exec(key);
    if (!match) return [];
    const low = Number(match[1]);
    const high = Number(match[2]);
    // Only the bands the population names (five years from 15 to 64) select anyone.
    if (low < 15 || low > 60 || low % 5 !== 0 || high !== low + 4) return [];
    return [sql`${birth} between ${year - high}::int and ${year - low}::int`];
  });
  return anyOf(parts);
};

const generations = (column: Column, keys: readonly string[]) => {
  const birth = column('birth_year');
  const parts = keys.flatMap((key) => {
    if (key === UNKNOWN) return [sql`${birth} is null`];
    if (key === 'other') return [sql`(${birth} is not null and not (${sql.join(GENERATION_YEARS.map(([, from, to]) => sql`${birth} between ${from}::int and ${to}::int`), sql` or `)}))`];
    const span = GENERATION_YEARS.find(([name]) => name === key);
    return span === undefined ? [] : [sql`${birth} between ${span[1]}::int and ${span[2]}::int`];
  });
  return anyOf(parts);
};

const disabilities = (column: Column, keys: readonly string[], codeById: ReadonlyMap<number, string>) => {
  const id = column('disability_id');
  const none = idsWithCode(codeById, ['none']);
  const preferNot = idsWithCode(codeById, [PREFER_NOT_CODE]);
  const parts = keys.flatMap((key) => {
    if (key === 'no') return [isTrue(within(id, none))];
    if (key === 'yes') return [sql`(${id} is not null and not ${isTrue(within(id, [...none, ...preferNot]))})`];
    if (key === UNKNOWN) return [sql`(${id} is null or ${isTrue(within(id, preferNot))})`];
    return [];
  });
  return anyOf(parts);
};

const lgbtiq = (column: Column, keys: readonly string[], codeById: ReadonlyMap<number, string>) => {
  const orientation = column('sexual_orientation_id');
  const yes = sql`(${isTrue(within(orientation, idsWithCode(codeById, LGBTIQ_ORIENTATIONS)))} or ${isTrue(within(column('gender_id'), idsWithCode(codeById, ['non_binary'])))})`;
  const straight = isTrue(within(orientation, idsWithCode(codeById, ['straight'])));
  const parts = keys.flatMap((key) => {
    if (key === 'yes') return [yes];
    if (key === 'no') return [sql`(not ${yes} and ${straight})`];
    if (key === UNKNOWN) return [sql`(not ${yes} and not ${straight})`];
    return [];
  });
  return anyOf(parts);
};

const predicateOf = (column: Column, name: DimensionName, keys: readonly string[], year: number, codeById: ReadonlyMap<number, string>): RawBuilder<unknown> => {
  switch (name) {
    case 'gender':
      return idColumn(column, 'gender_id', keys);
    case 'position-level':
      return idColumn(column, 'position_level_id', keys);
    case 'age-range':
      return ageBands(column, keys, year);
    case 'generation':
      return generations(column, keys);
    case 'disability':
      return disabilities(column, keys, codeById);
    case 'lgbtiq':
      return lgbtiq(column, keys, codeById);
  }
};

/** The keys a selection's value filters by: none for an absent or empty string, a list as it is (an empty key in it selects nobody). */
export const selectedKeys = (raw: Selection[string]): string[] => (raw === undefined || raw === null ? [] : typeof raw === 'string' ? (raw === '' ? [] : [raw]) : [...raw]);

/**
 * The WHERE parts of a selection (one per filtered dimension; an empty list is no filter, as in
 * domain/stats). A dimension the population does not have selects nobody. `codeById` gives
 * every lookup item's code.
 */
export const selectionWhere = (selection: Selection, year: number, codeById: ReadonlyMap<number, string>, alias = 'r'): RawBuilder<unknown>[] => {
  const column = columnsOf(alias);
  return Object.entries(selection).flatMap(([name, raw]) => {
    const keys = selectedKeys(raw);
    if (keys.length === 0) return [];
    if (!isDimensionName(name)) return [NOBODY];
    return [predicateOf(column, name, keys, year, codeById)];
  });
};

/**
 * The selection split into its staff-file part (gender, position level, age band, generation:
 * what decides which release blocks are covered) and its answers (disability, LGBTIQ+), which
 * only narrow the people of the blocks covered and never decide which blocks those are.
 */
export const splitSelection = (selection: Selection): { readonly staff: Selection; readonly answers: Selection } => {
  const staff: Record<string, Selection[string]> = {};
  const answers: Record<string, Selection[string]> = {};
  for (const [name, raw] of Object.entries(selection)) {
    if (isStaffDimension(name)) staff[name] = raw;
    else answers[name] = raw;
  }
  return { staff, answers };
};
