import { type Kysely, type RawBuilder, sql } from 'kysely';
import pLimit, { type Limit } from 'p-limit';
import { type AnswerGroup, type Dimension, type DimensionValue, type PopulationGroup, RECORD_KEY_RANGE, type Selection } from '../../../domain/stats';
import type { Database } from '../../db/database';
import { replicaRouterOf } from '../../db/replica';
import { invalidData } from '../errors';
import { AGE_BANDS, type DimensionName, DIMENSION_SOURCES, type DimensionSource, type DimensionSourceName, GENERATION_YEARS, PREFER_NOT_CODE, UNKNOWN, dimensionKeysOf, isStaffDimension, sourcesOf } from './dimensions';
import { selectedKeys, selectionWhere, splitSelection } from './dimensionSql';
import { countsEveryBlock, weightsCte } from './releasedBlocks';
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

/** The response columns the questions read from `base`. */
const BASE_COLUMNS = [
  'department_id', 'birth_year', 'gender_id', 'age_id', 'education_id', 'disability_id', 'sexual_orientation_id', 'position_level_id',
  'position_type_id', 'country_birth_id', 'state_id', 'worldview_id', 'branch_id', 'denomination_id', 'culture_identity_id', 'appearance_id', 'record_key',
] as const;

/** The source columns of a breakdown by staff-file dimensions: they come with the blocks' weights, not from each response. */
const weightedSources = (context: StatsContext): DimensionSourceName[] => sourcesOf((context.by ?? []).filter(isStaffDimension));

/** The source columns of a breakdown by answers (disability, LGBTIQ+): read from each response, within its block. */
const answeredSources = (context: StatsContext): DimensionSourceName[] => {
  const weighted = weightedSources(context);
  return sourcesOf(context.by ?? []).filter((name) => !weighted.includes(name));
};

/**
 * `base`: the organisation's released responses, narrowed by the answer filters (disability,
 * LGBTIQ+) and by `only`, with their release block and the columns the questions read. Which
 * blocks count, and how much, is the weights' part (./releasedBlocks.ts): a figure is first
 * counted per block (`cells`), then each block's count enters with its weight.
 */
export const baseCte = async (db: Kysely<Database>, context: StatsContext): Promise<RawBuilder<unknown>> => {
  const codes = await lookupCodes(db);
  const { answers } = splitSelection(context.selection ?? {});
  const conditions = [
    sql`r.organization_id = ${context.organizationId}`,
    sql`r.release_block is not null`,
    ...(context.only === undefined ? [] : [context.only.length === 0 ? sql`false` : sql`r.id = any(${responseIdsSql(context.only)})`]),
    ...selectionWhere(answers, context.year, codes),
  ];
  return sql`base as (select r.id, r.release_block, ${sql.join(BASE_COLUMNS.map((name) => sql.ref(`r.${name}`)))} from responses r where ${sql.join(conditions, sql` and `)})`;
};

/** The weights of the context's blocks (every block in full when nothing narrows them). */
const weightsOf = async (db: Kysely<Database>, context: StatsContext): Promise<RawBuilder<unknown>> => {
  const codes = await lookupCodes(db);
  const { staff } = splitSelection(context.selection ?? {});
  const weighted = weightedSources(context);
  return countsEveryBlock(context, staff, codes, weighted)
    ? sql`weights as (select b.id as block_id, b.size as inside, 1::numeric as weight from release_blocks b where b.organization_id = ${context.organizationId})`
    : weightsCte(context, staff, codes, weighted);
};

/**
 * A cell key made of the blocks' random keys (migration 0025), `b` being release_blocks: each
 * block brings its key times `units`, the block's count in the cell times the number of its
 * people in the selection. Keys then add up as the people do: a tree node's key is its
 * children's, a population's its answers', a table's column is the figure of that filter, so the
 * same people give the same figure everywhere; and people of one block who swap answers change
 * no key and no figure. Reduced modulo 2^31 at each step so the sum never overflows.
 */
const blockKeySum = (units: RawBuilder<unknown>) =>
  sql`(sum(((${units}) % ${sql.lit(KEY_RANGE)}) * b.block_key::bigint % ${sql.lit(KEY_RANGE)}) % ${sql.lit(KEY_RANGE)})::int`;

/**
 * The figures of `cells` (one row per person and answer: block, the answer-breakdown sources,
 * answer when `answered`, count 1, or a block's size when counted from the blocks): per group,
 * the weighted sum and the cell key (./blockKeySum). Each row brings its block's weight, so a
 * figure is the weighted sum of the blocks' own counts without counting per block first.
 */
const weightedFigures = (context: StatsContext, answered: boolean): RawBuilder<SourceRow> => {
  const weighted = weightedSources(context);
  const sources = sourcesOf(context.by ?? []);
  const columns = sources.map((name) => sql.ref(`${weighted.includes(name) ? 'w' : 'cells'}.${name}`));
  const groups = [...columns, ...(answered ? [sql.ref('cells.answer')] : [])];
  return sql<SourceRow>`select ${sql.join([...columns.map((column, index) => sql`${column} as ${sql.ref(sources[index]!)}`), ...(answered ? [sql`cells.answer::text as answer`] : [])].map((part) => sql`${part}, `), sql``)}
      sum(cells.count * w.weight)::float8 as count,
      ${blockKeySum(sql`cells.count * w.inside`)} as key
    from cells join weights w on w.block_id = cells.block join release_blocks b on b.id = cells.block
    ${groups.length > 0 ? sql`group by ${sql.join(groups)}` : sql``}`;
};

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
): Promise<R[]> => {
  // Inside a caller's transaction (a bench reading a rolled-back state) the query runs there.
  if (db.isTransaction) return (await query.execute(db)).rows;
  const replica = replicaRouterOf(db);
  if (replica === undefined) return countOn(db, query, context, options);
  return replica.count(context?.organizationId, (on) => countOn(on, query, context, options));
};

/** One counting query in its own transaction on `db` (the primary or its read replica). */
const countOn = async <R>(
  db: Kysely<Database>,
  query: RawBuilder<R>,
  context: Pick<StatsContext, 'organizationId' | 'versions'> | undefined,
  options: { readonly serial?: boolean },
): Promise<R[]> => {
  let version: number | undefined;
  const rows = await statisticsSlots(db)(() =>
    // With `versions`, the statistics version is read in the query's own snapshot (repeatable
    // read: one snapshot for the transaction), so the figures are known to be exactly that version's.
    db
      .transaction()
      .setIsolationLevel(context?.versions ? 'repeatable read' : 'read committed')
      .execute(async (trx) => {
        // The settings and the version in one statement: each round trip to the server is a
        // system call or two, and a dashboard page asks dozens of these queries.
        const settings = [
          sql`set_config('jit', 'off', true)`,
          sql`set_config('work_mem', '64MB', true)`,
          ...(options.serial === true ? [sql`set_config('max_parallel_workers_per_gather', '0', true)`] : []),
        ];
        const versionRead = context?.versions ? sql`(select version from statistics_versions where organization_id = ${context.organizationId})` : sql`null::bigint`;
        const found = await sql<{ version: number | string | null }>`select ${sql.join(settings)}, ${versionRead} as version`.execute(trx);
        if (context?.versions) version = Number(found.rows[0]?.version ?? 0);
        return (await query.execute(trx)).rows;
      }),
  );
  // Recorded once the query succeeded: a replica that failed half-way leaves no version behind.
  if (version !== undefined) context?.versions?.seen.add(version);
  return rows;
};

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
  // Weighted counts stay fractions: a figure adds them up and is rounded once when released
  // (cellkey.ts: perturb). Kept to nine decimals, so the order rows are added in changes nothing.
  return [...groups.values()].map((group) => ({ ...group, count: Math.round(group.count * 1e9) / 1e9 }));
};

/** Whether the population is counted from the blocks alone: no answer filter, answer breakdown or list of responses. */
const blocksAlone = (context: StatsContext): boolean =>
  context.only === undefined && answeredSources(context).length === 0 && Object.keys(splitSelection(context.selection ?? {}).answers).every((name) => selectedKeys(context.selection![name]).length === 0);

/**
 * Respondents per group of the `by` dimensions, with their cell keys: the weighted sum of the
 * blocks' sizes, read from the blocks themselves when no answer narrows them (no scan of the
 * responses), else counted per block among the responses.
 */
export const populationGroups = async (db: Kysely<Database>, context: StatsContext): Promise<PopulationGroup[]> => {
  const answered = answeredSources(context);
  const cells = blocksAlone(context)
    ? sql`cells as (select b.id as block, b.size as count from release_blocks b where b.organization_id = ${context.organizationId})`
    : sql`cells as (select base.release_block as block, ${sourceColumns('base', answered)} 1 as count from base)`;
  const rows = await runStatistics(db, sql<SourceRow>`with ${await baseCte(db, context)}, ${await weightsOf(db, context)}, ${cells} ${weightedFigures(context, false)}`, context);
  return (await byDimensions(db, context, rows)).filter((group) => group.count > 0).map(({ values, count, key }) => ({ values, count, key }));
};

/**
 * A name for the people a context counts, whatever the spelling of its filters: the blocks it
 * weighs with how many of each block's people it takes, and its answer filters. Two selections
 * of the same people (ages 0-100 and 1-100) get the same name; the allowance counts names.
 */
export const populationName = async (db: Kysely<Database>, context: StatsContext): Promise<string> => {
  const whole = { ...context, by: [] };
  const { answers } = splitSelection(context.selection ?? {});
  const answered = Object.entries(answers)
    .map(([name, raw]) => [name, [...new Set(selectedKeys(raw))].sort()] as const)
    .filter(([, keys]) => keys.length > 0)
    .sort(([x], [y]) => (x < y ? -1 : 1));
  const [row] = await runStatistics(
    db,
    sql<{ blocks: string | null }>`with ${await weightsOf(db, whole)}
      select md5(string_agg(w.block_id::text || ':' || w.inside::text, ',' order by w.block_id)) as blocks from weights w`,
    { organizationId: context.organizationId },
  );
  return `${row?.blocks ?? 'nobody'}|${JSON.stringify(answered)}`;
};

/** The selected respondents for whom `condition` holds (over `base`), as one weighted figure with its cell key. */
export const respondentsWhere = async (db: Kysely<Database>, context: StatsContext, condition: RawBuilder<unknown>): Promise<{ count: number; key: number }> => {
  const whole = { ...context, by: [] };
  const [row] = await runStatistics(
    db,
    sql<SourceRow>`with ${await baseCte(db, whole)}, ${await weightsOf(db, whole)},
      cells as (select base.release_block as block, 1 as count from base where ${condition})
      ${weightedFigures(whole, false)}`,
    whole,
  );
  return { count: Math.round(Number(row?.count ?? 0)), key: Number(row?.key ?? 0) };
};

export interface AnswerOptions {
  /** The answer is the child table's own key beside the response: a person holds it once. */
  readonly keyed?: boolean;
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
 * Answer counts per group of the `by` dimensions among the selected respondents, each a weighted
 * sum of whole release blocks with its cell key (./weightedFigures). `from` joins more tables to
 * `base` (a child table for a multi-answer question); `answer` is the SQL of the answer key
 * (text); rows with a null answer are no answer. Each person counts once per answer.
 *
 * Without `from` (or with a `from` of at most one row per person, `onePerPerson`) each
 * respondent gives exactly one row, so the same GROUP BY, with the rows of no answer kept, also
 * counts the population: the figure costs one scan. With `from` a person may reach the same
 * answer through several rows (two languages of one zone): the rows are first grouped per person
 * and answer. With `keyed` the answer is the child table's own key beside the response (its
 * primary key), so a person holds it once and a plain count is their number too.
 */
export const answerGroups = async (
  db: Kysely<Database>,
  context: StatsContext,
  answer: RawBuilder<unknown>,
  from: RawBuilder<unknown> = sql``,
  options: AnswerOptions = {},
): Promise<AnsweredGroups> => {
  const { keyed = false } = options;
  const answered = answeredSources(context);
  const everyone = options.onePerPerson === true || from.compile(db).sql.trim() === '';
  const byBlock = [sql.ref('base.release_block'), ...answered.map((name) => sql.ref(`base.${name}`))];
  // One row per person and answer, each counting 1 with its block's weight; a person reaching one
  // answer through several rows (two languages of one zone) counts once.
  const cells =
    everyone || keyed
      ? sql`cells as (
          select base.release_block as block, ${sourceColumns('base', answered)} a.answer as answer, 1 as count
          from base ${from} cross join lateral (select ${answer} as answer) a
          ${everyone ? sql`` : sql`where a.answer is not null`})`
      : sql`cells as (
          select base.release_block as block, ${sourceColumns('base', answered)} a.answer as answer, 1 as count
          from base ${from} cross join lateral (select ${answer} as answer) a
          where a.answer is not null
          group by ${sql.join([sql.ref('base.id'), ...byBlock, sql.ref('a.answer')])})`;
  const rows = await runStatistics(
    db,
    sql<SourceRow>`with ${await baseCte(db, context)}, ${await weightsOf(db, context)}, ${cells} ${weightedFigures(context, true)}`,
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
