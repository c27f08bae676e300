import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isRight } from 'fp-ts/lib/Either';
import * as t from 'io-ts';
import { DateRange } from '../../../domain/contracts/organization';
import { Filters, filterProblem } from '../../../domain/filters/model';
import { decodeQuery } from '../../../domain/filters/encoding';
import { type AnswerGroup, type Dimension, type DimensionValue, RECORD_KEY_RANGE } from '../../../domain/stats';
import type { Database } from '../../db/database';
import { invalidData } from '../auth/errors';
import { AGE_BANDS, DIMENSION_NAMES, DIMENSION_SOURCES, type DimensionSource, GENERATION_YEARS, PREFER_NOT_CODE, UNKNOWN, dimensionKeysOf } from './dimensions';
import type { DepartmentScope } from '../organization/scope';

/**
 * The statistics population: the organisation's respondents within the caller's group scope
 * and the chosen date range (SQL WHERE), grouped by the filter dimensions (SQL GROUP BY). The
 * dashboard filters themselves are not a WHERE: they are a selection that disclosure control
 * answers over these groups, so that every selection is protected consistently.
 */

export { AGE_BANDS, PREFER_NOT_CODE, UNKNOWN } from './dimensions';

export interface Period {
  readonly from: Date | null;
  /** Exclusive. */
  readonly to: Date | null;
}

export interface StatsContext {
  readonly organizationId: string;
  readonly scope: DepartmentScope;
  readonly period: Period;
  /** Calendar year the ages are computed for. */
  readonly year: number;
}

// ------------------------------------------------------------------------------------------
// Request filters

const DATE_RANGES_KEY = 'date_ranges';

/** The filter[...] parameters of a request URL, decoded and checked (422 on bad values). */
export const filtersOfUrl = (url: string): Filters => {
  const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const raw = decodeQuery(new URLSearchParams(search).entries());
  const picked: Record<string, unknown> = {};
  for (const key of ['position-level', 'gender', 'generation'] as const) {
    const value = raw[key];
    if (value !== undefined) picked[key] = Array.isArray(value) ? value : [value];
  }
  for (const key of ['age-range', 'disability', 'lgbtiq', 'date-tag'] as const) {
    const value = raw[key];
    if (value !== undefined) picked[key] = Array.isArray(value) ? value[0] : value;
  }
  const decoded = Filters.decode(picked);
  if (!isRight(decoded)) throw invalidData({ filter: ['The filters are invalid.'] });
  const filters = decoded.right;
  const problem = filterProblem(filters);
  if (problem !== null) throw invalidData({ 'filter[age-range]': [problem] });
  for (const key of ['disability', 'lgbtiq'] as const) {
    const value = filters[key];
    if (value !== undefined && value !== '' && value !== 'yes' && value !== 'no') throw invalidData({ [`filter[${key}]`]: ['Use yes or no.'] });
  }
  return filters;
};

const addDay = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The period a date-tag names (an id of the organisation's date ranges); 422 when unknown. */
export const periodOf = async (db: Kysely<Database>, organizationId: string, dateTag: string | undefined): Promise<Period> => {
  if (dateTag === undefined || dateTag === '') return { from: null, to: null };
  const row = await db.selectFrom('settings').select('value').where('organization_id', '=', organizationId).where('key', '=', DATE_RANGES_KEY).executeTakeFirst();
  const decoded = t.array(DateRange).decode(row?.value ?? []);
  const range = isRight(decoded) ? decoded.right.find((item) => item.id === dateTag) : undefined;
  if (range === undefined) throw invalidData({ 'filter[date-tag]': ['The selected date range does not exist.'] });
  if (range.type === 'since') return { from: new Date(`${range.value}T00:00:00Z`), to: null };
  const [start, end] = range.value.split('..') as [string, string];
  return { from: new Date(`${start}T00:00:00Z`), to: addDay(end) };
};

// ------------------------------------------------------------------------------------------
// SQL

/** The WHERE of every statistic: organisation, group scope, period. `r` is responses. */
export const whereOf = (context: StatsContext): RawBuilder<unknown> => {
  const parts: RawBuilder<unknown>[] = [sql`r.organization_id = ${context.organizationId}`];
  if (context.scope.kind === 'departments') {
    parts.push(context.scope.ids.length === 0 ? sql`false` : sql`r.department_id in (${sql.join([...context.scope.ids])})`);
  }
  if (context.period.from !== null) parts.push(sql`r.submitted_at >= ${context.period.from}`);
  if (context.period.to !== null) parts.push(sql`r.submitted_at < ${context.period.to}`);
  return sql.join(parts, sql` and `);
};

/**
 * `base`: the respondents in the WHERE with the columns the questions read. Every statistic is
 * a GROUP BY over it, by the dimensions' source columns and the answer.
 */
export const baseCte = (context: StatsContext): RawBuilder<unknown> => sql`base as (
    select r.id, r.department_id, r.birth_year, r.gender_id, r.age_id, r.education_id, r.disability_id,
      r.sexual_orientation_id, r.position_level_id, r.position_type_id, r.country_birth_id, r.state_id,
      r.worldview_id, r.branch_id, r.denomination_id, r.culture_identity_id, r.appearance_id, r.record_key
    from responses r
    where ${whereOf(context)}
  )`;

export type SourceRow = DimensionSource & { readonly answer?: string; readonly count: number | string; readonly key?: number | string };

/** Record keys are summed modulo 2^31 (domain/stats/cellkey.ts: RECORD_KEY_RANGE), in SQL and here. */
const KEY_RANGE = RECORD_KEY_RANGE;

/** The SQL of a key sum: SUM(record_key) modulo the record key range, as an integer. */
export const keySum = (expression: RawBuilder<unknown>) => sql`(sum(${expression}) % ${sql.lit(KEY_RANGE)})::int`;

/**
 * Runs a statistics query in its own transaction with JIT compilation off: on a large
 * organisation PostgreSQL's cost estimates switch JIT on, and compiling these expressions took
 * longer than running them (EXPLAIN ANALYZE on 1,000,000 responses: 2 to 5 s of JIT for a 1 to
 * 3 s query). The larger work_mem keeps the grouping in memory.
 */
export const runStatistics = async <R>(db: Kysely<Database>, query: RawBuilder<R>): Promise<R[]> =>
  db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    await sql`set local work_mem = '64MB'`.execute(trx);
    return (await query.execute(trx)).rows;
  });

export const sourceList = (alias: string) => sql.join(DIMENSION_SOURCES.map((name) => sql.ref(`${alias}.${name}`)), sql`, `);

/** Every lookup item's code by id, read once (lookup items change only with a new lookup build). */
const codeCache = new WeakMap<Kysely<Database>, Promise<Map<number, string>>>();

const lookupCodes = (db: Kysely<Database>): Promise<Map<number, string>> => {
  let codes = codeCache.get(db);
  if (!codes) {
    codes = db
      .selectFrom('lookup_principles')
      .select(['id', 'code'])
      .execute()
      .then((rows) => new Map(rows.map((row) => [row.id, row.code])));
    codeCache.set(db, codes);
    codes.catch(() => codeCache.delete(db));
  }
  return codes;
};

interface DimensionGroup {
  readonly values: Record<string, string>;
  readonly answer?: string;
  count: number;
  /** Sum of the record keys of the group's cells, modulo KEY_RANGE. */
  key: number;
}

/** The ids of every lookup list's "Prefer not to answer". */
export const preferNotIds = async (db: Kysely<Database>): Promise<number[]> =>
  [...(await lookupCodes(db))].filter(([, code]) => code === PREFER_NOT_CODE).map(([id]) => id);

/**
 * Turns rows grouped by the dimensions' source columns (and an answer) into groups of
 * dimension keys, adding up the rows that fall in the same group. A source combination is
 * turned into keys once, and found again through nested maps of its integer columns (a
 * question's rows number a few hundred thousand on a large organisation: string keys per row
 * cost more than the SQL's own grouping).
 */
export const byDimensions = async (db: Kysely<Database>, context: StatsContext, rows: readonly SourceRow[]): Promise<DimensionGroup[]> => {
  const codes = await lookupCodes(db);
  const sources = new Map<number | null, unknown>();
  const combinationOfKey = new Map<string, number>();
  /** Per combination of dimension keys, its groups by answer. */
  const combinations: Map<string | undefined, DimensionGroup>[] = [];
  const valuesOf: Record<string, string>[] = [];
  const last = DIMENSION_SOURCES.length - 1;
  const out: DimensionGroup[] = [];
  for (const row of rows) {
    let level = sources;
    for (let i = 0; i < last; i++) {
      const value = row[DIMENSION_SOURCES[i]!];
      let next = level.get(value) as Map<number | null, unknown> | undefined;
      if (!next) level.set(value, (next = new Map()));
      level = next;
    }
    let combination = level.get(row[DIMENSION_SOURCES[last]!]) as number | undefined;
    if (combination === undefined) {
      const values = dimensionKeysOf(row, context.year, (id) => codes.get(id));
      const key = DIMENSION_NAMES.map((name) => values[name]).join('\u0001');
      combination = combinationOfKey.get(key);
      if (combination === undefined) {
        combination = combinations.length;
        combinationOfKey.set(key, combination);
        combinations.push(new Map());
        valuesOf.push(values);
      }
      level.set(row[DIMENSION_SOURCES[last]!], combination);
    }
    const groups = combinations[combination]!;
    const group = groups.get(row.answer);
    if (group) {
      group.count += Number(row.count);
      group.key = (group.key + Number(row.key ?? 0)) % KEY_RANGE;
    } else {
      const created = { values: valuesOf[combination]!, answer: row.answer, count: Number(row.count), key: Number(row.key ?? 0) % KEY_RANGE };
      groups.set(row.answer, created);
      out.push(created);
    }
  }
  return out;
};

/**
 * Respondents per combination of filter values, with the sum of their record keys (one GROUP BY
 * of the responses by the source columns: the count and the cell key come from the same query).
 */
export const populationGroups = async (db: Kysely<Database>, context: StatsContext) => {
  const rows = await runStatistics(
    db,
    sql<SourceRow>`select ${sourceList('r')}, count(*)::int as count, ${keySum(sql`r.record_key`)} as key
      from responses r where ${whereOf(context)} group by ${sourceList('r')}`,
  );
  return (await byDimensions(db, context, rows)).map(({ values, count, key }) => ({ values, count, key }));
};

/**
 * Answer counts per combination of filter values, each with the sum of the record keys of its
 * cell (its cell key, before the modulo). `from` joins more tables to `base` (a child table for a
 * multi-answer question); `answer` is the SQL of the answer key (text); rows with a null answer
 * are left out (no answer). Each person counts once per answer. `recordKey` is the key a record
 * brings to a cell: the response's own (`base.record_key`) for a single answer, the answer row's
 * for a multi-answer question.
 *
 * Grouped by the dimensions' source columns and the answer (a person is in exactly one source
 * group, so the counts of the groups add up to the dimensions'). Without `from` each
 * respondent gives one row, so a plain count is their number; with it a person may reach the
 * same answer through several rows (two languages of one zone): the rows are first grouped per
 * person and answer, and that cell of one person brings the sum of the distinct keys of its
 * rows. With `keyed` the answer is the child table's own key beside the response (its primary
 * key), so a person holds it once and a plain count (no sort) is their number too.
 */
export const answerGroups = async (
  db: Kysely<Database>,
  context: StatsContext,
  answer: RawBuilder<unknown>,
  from: RawBuilder<unknown> = sql``,
  keyed = false,
  recordKey: RawBuilder<unknown> = sql`base.record_key`,
): Promise<AnswerGroup[]> => {
  const onePerPerson = keyed || from.compile(db).sql.trim() === '';
  const rows = await runStatistics(
    db,
    onePerPerson
      ? sql<SourceRow>`with ${baseCte(context)}
      select ${sourceList('base')}, a.answer as answer, count(*)::int as count, ${keySum(recordKey)} as key
      from base ${from} cross join lateral (select (${answer})::text as answer) a
      where a.answer is not null
      group by ${sourceList('base')}, a.answer`
      : sql<SourceRow>`with ${baseCte(context)},
      person as (
        select ${sourceList('base')}, a.answer as answer, sum(distinct ${recordKey}) as key
        from base ${from} cross join lateral (select (${answer})::text as answer) a
        where a.answer is not null
        group by base.id, ${sourceList('base')}, a.answer
      )
      select ${sourceList('person')}, person.answer, count(*)::int as count, ${keySum(sql`person.key`)} as key
      from person
      group by ${sourceList('person')}, person.answer`,
  );
  return (await byDimensions(db, context, rows)).map(({ values, answer: key, count, key: keys }) => ({ values, answer: String(key), count, key: keys }));
};

// ------------------------------------------------------------------------------------------
// Lookup values (dimension values)

export interface LookupValue {
  readonly id: number;
  readonly list: string;
  readonly code: string;
  readonly name: string;
  readonly parentId: number | null;
  readonly familyId: number | null;
  readonly regionId: number | null;
}

/** Lookup items change only with a new lookup build: read once per list. */
const lookupCache = new WeakMap<Kysely<Database>, Map<string, readonly LookupValue[]>>();

export const lookupValues = async (db: Kysely<Database>, list: string): Promise<readonly LookupValue[]> => {
  let lists = lookupCache.get(db);
  if (!lists) lookupCache.set(db, (lists = new Map()));
  const cached = lists.get(list);
  if (cached) return cached;
  const rows = await db
    .selectFrom('lookup_principles')
    .select(['id', 'list', 'code', 'name', 'parent_id as parentId', 'family_id as familyId', 'region_id as regionId'])
    .where('list', '=', list)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  lists.set(list, rows);
  return rows;
};

export const valueOf = (item: LookupValue, parent?: number | null): DimensionValue => ({
  key: String(item.id),
  label: item.name,
  ...(item.code === PREFER_NOT_CODE ? { preferNot: true } : {}),
  ...(parent !== undefined && parent !== null ? { parent: String(parent) } : {}),
});

const withUnknown = (values: DimensionValue[]): DimensionValue[] => [...values, { key: UNKNOWN, label: 'No answer' }];

export const populationDimensions = async (db: Kysely<Database>): Promise<Dimension[]> => {
  const genders = await lookupValues(db, 'genders');
  const positions = await lookupValues(db, 'position-levels');
  const yesNo = withUnknown([
    { key: 'yes', label: 'Yes' },
    { key: 'no', label: 'No' },
  ]);
  return [
    { name: 'gender', values: withUnknown(genders.map((item) => valueOf(item))) },
    { name: 'position-level', values: withUnknown(positions.map((item) => valueOf(item))) },
    { name: 'age-range', values: withUnknown(AGE_BANDS.map((key) => ({ key, label: key }))) },
    { name: 'generation', values: withUnknown([...GENERATION_YEARS.map(([name]) => ({ key: name, label: name })), { key: 'other', label: 'Other' }]) },
    { name: 'disability', values: yesNo },
    { name: 'lgbtiq', values: yesNo },
  ];
};
