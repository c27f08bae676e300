import { type Kysely, type RawBuilder, sql } from 'kysely';
import pLimit, { type Limit } from 'p-limit';
import { type AnswerGroup, type Dimension, type DimensionValue, type PopulationGroup, RECORD_KEY_RANGE, type Selection } from '../../../domain/stats';
import type { Database } from '../../db/database';
import { invalidData } from '../auth/errors';
import { AGE_BANDS, type DimensionName, DIMENSION_SOURCES, type DimensionSource, type DimensionSourceName, GENERATION_YEARS, PREFER_NOT_CODE, UNKNOWN, dimensionKeysOf, sourcesOf } from './dimensions';
import { selectionWhere } from './dimensionSql';
import type { DepartmentScope } from '../organization/scope';
import { readDateRanges } from '../organization/settings';
import { fixedLabel } from '../../../domain/i18n/fixedLabels';

/**
 * The statistics population: the organisation's respondents within the caller's group scope,
 * the chosen date range and the dashboard filters (one SQL WHERE), broken down by the filter
 * dimensions a figure needs (a table by gender, a pyramid by gender and age band) and nothing
 * else. Every figure is then one GROUP BY of the answer over exactly the selected respondents,
 * with the count and the cell key side by side, so protection costs a sum in the query that
 * counts (domain/stats releases the groups).
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
  /** The dashboard filters as a selection of filter dimensions, applied in the WHERE (none: everyone). */
  readonly selection?: Selection;
  /** Filter dimensions the groups are broken down by (none: one group, the selection). */
  readonly by?: readonly DimensionName[];
  /** Only these responses: the new ones a refresh adds to figures counted before (./changes.ts). */
  readonly only?: readonly string[];
  /** Collects the statistics version each query of a build read in its own snapshot (./changes.ts). */
  readonly versions?: SnapshotVersions;
}

/** The statistics versions the queries of one build saw: one version means the figures are exactly that version's. */
export interface SnapshotVersions {
  readonly seen: Set<number>;
}

/** A list of response ids as one SQL array parameter. */
export const responseIdsSql = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The context narrowed by a further selection (e.g. managers only) or broken down by dimensions. */
export const withSelection = (context: StatsContext, selection: Selection, by: readonly DimensionName[] = context.by ?? []): StatsContext => ({
  ...context,
  selection: { ...context.selection, ...selection },
  by,
});

// ------------------------------------------------------------------------------------------
// Date ranges

const addDay = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The period a date-tag names (an id of the organisation's date ranges); 422 when unknown. */
export const periodOf = async (db: Kysely<Database>, organizationId: string, dateTag: string | undefined): Promise<Period> => {
  if (dateTag === undefined || dateTag === '') return { from: null, to: null };
  const range = (await readDateRanges(db, organizationId)).find((item) => item.id === dateTag);
  if (range === undefined) throw invalidData({ 'filter[date-tag]': ['The selected date range does not exist.'] });
  if (range.type === 'since') return { from: new Date(`${range.value}T00:00:00Z`), to: null };
  const [start, end] = range.value.split('..') as [string, string];
  return { from: new Date(`${start}T00:00:00Z`), to: addDay(end) };
};

// ------------------------------------------------------------------------------------------
// SQL

/** The WHERE of every statistic: organisation, group scope, period, filters. `r` is responses. */
export const whereOf = async (db: Kysely<Database>, context: StatsContext): Promise<RawBuilder<unknown>> => {
  const parts: RawBuilder<unknown>[] = [sql`r.organization_id = ${context.organizationId}`];
  if (context.scope.kind === 'departments') {
    parts.push(context.scope.ids.length === 0 ? sql`false` : sql`r.department_id in (${sql.join([...context.scope.ids])})`);
  }
  if (context.period.from !== null) parts.push(sql`r.submitted_at >= ${context.period.from}`);
  if (context.period.to !== null) parts.push(sql`r.submitted_at < ${context.period.to}`);
  if (context.only !== undefined) parts.push(context.only.length === 0 ? sql`false` : sql`r.id = any(${responseIdsSql(context.only)})`);
  parts.push(...selectionWhere(context.selection ?? {}, context.year, await lookupCodes(db)));
  return sql.join(parts, sql` and `);
};

/**
 * `base`: the respondents in the WHERE with the columns the questions read. Every statistic is
 * a GROUP BY over it, by the dimensions' source columns and the answer.
 */
export const baseCte = async (db: Kysely<Database>, context: StatsContext): Promise<RawBuilder<unknown>> => sql`base as (
    select r.id, r.department_id, r.birth_year, r.gender_id, r.age_id, r.education_id, r.disability_id,
      r.sexual_orientation_id, r.position_level_id, r.position_type_id, r.country_birth_id, r.state_id,
      r.worldview_id, r.branch_id, r.denomination_id, r.culture_identity_id, r.appearance_id, r.record_key
    from responses r
    where ${await whereOf(db, context)}
  )`;

export type SourceRow = Partial<DimensionSource> & { readonly answer?: string | null; readonly count: number | string; readonly key?: number | string };

/** Record keys are summed modulo 2^31 (domain/stats/cellkey.ts: RECORD_KEY_RANGE), in SQL and here. */
const KEY_RANGE = RECORD_KEY_RANGE;

/** The SQL of a key sum: SUM(record_key) modulo the record key range, as an integer. */
export const keySum = (expression: RawBuilder<unknown>) => sql`(sum(${expression}) % ${sql.lit(KEY_RANGE)})::int`;

/**
 * Runs a statistics query in its own transaction with JIT compilation off: on a large
 * organisation PostgreSQL's cost estimates switch JIT on, and compiling these expressions took
 * longer than running them (EXPLAIN ANALYZE on 1,000,000 responses: 2 to 5 s of JIT for a 1 to
 * 3 s query). The larger work_mem keeps the grouping in memory. `serial` turns parallel workers
 * off for a query whose plan repeats its work in each of them (a per-person count).
 */
export const runStatistics = async <R>(
  db: Kysely<Database>,
  query: RawBuilder<R>,
  context?: Pick<StatsContext, 'organizationId' | 'versions'>,
  options: { readonly serial?: boolean } = {},
): Promise<R[]> =>
  statisticsSlots(db)(() =>
    // With `versions`, the statistics version is read in the query's own snapshot (repeatable
    // read: one snapshot for the transaction), so the figures are known to be exactly that version's.
    db
      .transaction()
      .setIsolationLevel(context?.versions ? 'repeatable read' : 'read committed')
      .execute(async (trx) => {
        await sql`set local jit = off`.execute(trx);
        await sql`set local work_mem = '64MB'`.execute(trx);
        if (options.serial === true) await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
        if (context?.versions) {
          const found = await sql<{ version: number | string }>`select version from statistics_versions where organization_id = ${context.organizationId}`.execute(trx);
          context.versions.seen.add(Number(found.rows[0]?.version ?? 0));
        }
        return (await query.execute(trx)).rows;
      }),
  );

/**
 * Statistics queries running at once, per database. A comparison or a benchmark starts dozens of
 * GROUP BYs together; unlimited, they took every connection of the pool (ten) and the light
 * queries of every other request (the statistics version, a sign-in) queued behind them, so a
 * call after a change waited for all of them rather than answering from the previous figures
 * after STATISTICS_FRESH_WAIT_MS (at 1,000,000 responses: 29 s for a comparison of four, 2.2 s
 * with a limit). On PGlite's one connection, the light queries queue behind at most these few.
 */
// Two of node-postgres's ten connections stay free; at four, a cold comparison of four selections
// took twice as long on the shared 2-core machine (65 s against 33 s at 1,000,000 responses).
const STATISTICS_QUERIES_AT_ONCE = 8;
const slots = new WeakMap<Kysely<Database>, Limit>();
const statisticsSlots = (db: Kysely<Database>): Limit => {
  let limit = slots.get(db);
  if (!limit) slots.set(db, (limit = pLimit(STATISTICS_QUERIES_AT_ONCE)));
  return limit;
};

/** The source columns of `sources` under `alias`, each followed by a comma (none: nothing). */
const sourceColumns = (alias: string, sources: readonly DimensionSourceName[]) => sql.join(
  sources.map((name) => sql`${sql.ref(`${alias}.${name}`)}, `),
  sql``,
);

/** Every lookup item's code by id, read once (lookup items change only with a new lookup build). */
const codeCache = new WeakMap<Kysely<Database>, Promise<Map<number, string>>>();

export const lookupCodes = (db: Kysely<Database>): Promise<Map<number, string>> => {
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

/** The ids of every lookup list's "Prefer not to answer". */
export const preferNotIds = async (db: Kysely<Database>): Promise<number[]> =>
  [...(await lookupCodes(db))].filter(([, code]) => code === PREFER_NOT_CODE).map(([id]) => id);

interface DimensionGroup {
  readonly values: Record<string, string>;
  readonly answer?: string | null;
  count: number;
  /** Sum of the record keys of the group's cells, modulo KEY_RANGE. */
  key: number;
}

const NO_SOURCE: DimensionSource = Object.fromEntries(DIMENSION_SOURCES.map((name) => [name, null])) as DimensionSource;

/**
 * Turns rows grouped by the source columns of the `by` dimensions (and an answer) into groups
 * of those dimensions' keys, adding up the rows that fall in the same group (two birth years
 * in one age band). A source combination is turned into keys once.
 */
export const byDimensions = async (db: Kysely<Database>, context: StatsContext, rows: readonly SourceRow[]): Promise<DimensionGroup[]> => {
  const by = context.by ?? [];
  const sources = sourcesOf(by);
  const codes = await lookupCodes(db);
  const valuesOfSource = new Map<string, Record<string, string>>();
  const groups = new Map<string, DimensionGroup>();
  for (const row of rows) {
    const sourceKey = sources.map((name) => row[name] ?? '').join(',');
    let values = valuesOfSource.get(sourceKey);
    if (!values) {
      const source = { ...NO_SOURCE };
      for (const name of sources) (source as Record<string, number | null>)[name] = row[name] ?? null;
      const keys = dimensionKeysOf(source, context.year, (id) => codes.get(id));
      values = Object.fromEntries(by.map((name) => [name, keys[name]!]));
      valuesOfSource.set(sourceKey, values);
    }
    const groupKey = `${by.map((name) => values![name]).join('\u0001')}\u0002${row.answer ?? ''}`;
    const group = groups.get(groupKey);
    if (group) {
      group.count += Number(row.count);
      group.key = (group.key + Number(row.key ?? 0)) % KEY_RANGE;
    } else {
      groups.set(groupKey, { values, answer: row.answer, count: Number(row.count), key: Number(row.key ?? 0) % KEY_RANGE });
    }
  }
  return [...groups.values()];
};

/** Everyone of the organisation: no group scope, period, filter or list of responses narrows the selection. */
const isWholeOrganization = async (db: Kysely<Database>, context: StatsContext): Promise<boolean> =>
  context.scope.kind === 'organization' &&
  context.period.from === null &&
  context.period.to === null &&
  context.only === undefined &&
  selectionWhere(context.selection ?? {}, context.year, await lookupCodes(db)).length === 0;

/**
 * Respondents per group of the `by` dimensions, with the sum of their record keys (one GROUP BY
 * of the selected responses). The whole organisation's count and key sum are kept by the
 * triggers of migration 0024 beside its statistics version, and read from there: the same
 * figures without a scan of every response.
 */
export const populationGroups = async (db: Kysely<Database>, context: StatsContext): Promise<PopulationGroup[]> => {
  const sources = sourcesOf(context.by ?? []);
  const rows = await runStatistics(
    db,
    sources.length === 0 && (await isWholeOrganization(db, context))
      ? sql<SourceRow>`select respondents::int as count, (key_sum % ${sql.lit(KEY_RANGE)})::int as key
          from statistics_versions where organization_id = ${context.organizationId}`
      : sql<SourceRow>`select ${sourceColumns('r', sources)} count(*)::int as count, ${keySum(sql`r.record_key`)} as key
          from responses r where ${await whereOf(db, context)} ${sources.length > 0 ? sql`group by ${sql.join(sources.map((name) => sql.ref(`r.${name}`)))}` : sql``}`,
    context,
  );
  return (await byDimensions(db, context, rows)).filter((group) => group.count > 0).map(({ values, count, key }) => ({ values, count, key }));
};

export interface AnswerOptions {
  /** The answer is the child table's own key beside the response: a person holds it once. */
  readonly keyed?: boolean;
  /** The key a record brings to a cell (default: the response's). */
  readonly recordKey?: RawBuilder<unknown>;
  /** `from` joins at most one row per person (a per-person aggregate), so the rows are the people. */
  readonly onePerPerson?: boolean;
  /** Run without parallel workers (./runStatistics). */
  readonly serial?: boolean;
}

/** A question's counts; for a single-answer question, also the population counted by the same query. */
export interface AnsweredGroups {
  readonly counts: AnswerGroup[];
  readonly respondents?: PopulationGroup[];
}

/**
 * Answer counts per group of the `by` dimensions among the selected respondents, each with the
 * sum of the record keys of its cell (its cell key, before the modulo). `from` joins more tables
 * to `base` (a child table for a multi-answer question); `answer` is the SQL of the answer key
 * (text); rows with a null answer are no answer. Each person counts once per answer.
 * `recordKey` is the key a record brings to a cell: the response's own (`base.record_key`) for a
 * single answer, the answer row's for a multi-answer question.
 *
 * Without `from` (or with a `from` of at most one row per person, `onePerPerson`) each
 * respondent gives exactly one row, so a plain count is their number and the same GROUP BY,
 * with the rows of no answer kept, also counts the population: the figure costs one scan. With `from` a person may reach the same answer through several rows (two
 * languages of one zone): the rows are first grouped per person and answer, and that cell of
 * one person brings the sum of the distinct keys of its rows. With `keyed` the answer is the
 * child table's own key beside the response (its primary key), so a person holds it once and a
 * plain count (no sort) is their number too.
 */
export const answerGroups = async (
  db: Kysely<Database>,
  context: StatsContext,
  answer: RawBuilder<unknown>,
  from: RawBuilder<unknown> = sql``,
  options: AnswerOptions = {},
): Promise<AnsweredGroups> => {
  const { keyed = false, recordKey = sql`base.record_key` } = options;
  const sources = sourcesOf(context.by ?? []);
  const everyone = options.onePerPerson === true || from.compile(db).sql.trim() === '';
  const base = await baseCte(db, context);
  const rows = await runStatistics(
    db,
    everyone || keyed
      ? sql<SourceRow>`with ${base}
      select ${sourceColumns('base', sources)} a.answer::text as answer, count(*)::int as count, ${keySum(recordKey)} as key
      from base ${from} cross join lateral (select ${answer} as answer) a
      ${everyone ? sql`` : sql`where a.answer is not null`}
      group by ${sql.join([...sources.map((name) => sql.ref(`base.${name}`)), sql.ref('a.answer')])}`
        : sql<SourceRow>`with ${base},
      person as (
        select ${sourceColumns('base', sources)} a.answer as answer, sum(distinct ${recordKey}) as key
        from base ${from} cross join lateral (select ${answer} as answer) a
        where a.answer is not null
        group by ${sql.join([sql.ref('base.id'), ...sources.map((name) => sql.ref(`base.${name}`)), sql.ref('a.answer')])}
      )
      select ${sourceColumns('person', sources)} person.answer::text as answer, count(*)::int as count, ${keySum(sql`person.key`)} as key
      from person
      group by ${sql.join([...sources.map((name) => sql.ref(`person.${name}`)), sql.ref('person.answer')])}`,
    context,
    { serial: options.serial === true },
  );
  const groups = await byDimensions(db, context, rows);
  const counts = groups.filter((group) => group.answer !== null && group.answer !== undefined).map(({ values, answer: key, count, key: keys }) => ({ values, answer: String(key), count, key: keys }));
  if (!everyone) return { counts };
  const respondents = new Map<string, PopulationGroup>();
  for (const group of groups) {
    const name = Object.values(group.values).join('\u0001');
    const known = respondents.get(name);
    respondents.set(name, known ? { values: group.values, count: known.count + group.count, key: (known.key + group.key) % KEY_RANGE } : { values: group.values, count: group.count, key: group.key });
  }
  return { counts, respondents: [...respondents.values()] };
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

const withUnknown = (values: DimensionValue[]): DimensionValue[] => [...values, { key: UNKNOWN, label: fixedLabel('stat_label_no_answer') }];

export const populationDimensions = async (db: Kysely<Database>): Promise<Dimension[]> => {
  const genders = await lookupValues(db, 'genders');
  const positions = await lookupValues(db, 'position-levels');
  const yesNo = withUnknown([
    { key: 'yes', label: fixedLabel('stat_label_yes') },
    { key: 'no', label: fixedLabel('stat_label_no') },
  ]);
  return [
    { name: 'gender', values: withUnknown(genders.map((item) => valueOf(item))) },
    { name: 'position-level', values: withUnknown(positions.map((item) => valueOf(item))) },
    { name: 'age-range', values: withUnknown(AGE_BANDS.map((key) => ({ key, label: key }))) },
    { name: 'generation', values: withUnknown([...GENERATION_YEARS.map(([name]) => ({ key: name, label: name })), { key: 'other', label: fixedLabel('stat_label_other') }]) },
    { name: 'disability', values: yesNo },
    { name: 'lgbtiq', values: yesNo },
  ];
};
