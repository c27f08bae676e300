import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DimensionValue } from '../../../domain/stats';
import type { BuiltQuestion } from './cache';
import { isEmbedded } from '../../db/connect';
import type { Database } from '../../db/database';
import { GENERATION_YEARS } from './dimensions';
import { type LookupValue, PREFER_NOT_CODE, type StatsContext, answerGroups, lookupValues, responseIdsSql, valueOf } from './population';
import { fixedLabel } from '../../../domain/i18n/fixedLabels';

/**
 * The questions behind the statistics: per topic, the answer values (a lookup list, or a few
 * derived values) and the SQL that counts them per filter combination. Each is a GROUP BY
 * over `base` (population.ts) and, for multi-answer topics, its child table.
 */

export interface Topic {
  /** Cache name; also the dimension name (special categories raise k in domain/stats). */
  readonly name: string;
  readonly build: (db: Kysely<Database>, context: StatsContext) => Promise<BuiltQuestion>;
  /** Its GROUP BY reads the responses alone, one row per person, so it counts the population too. */
  readonly countsPopulation?: boolean;
}

const preferNotIdsOf = (items: readonly LookupValue[]): number[] => items.filter((item) => item.code === PREFER_NOT_CODE).map((item) => item.id);

/** A single-answer lookup column of responses. */
const columnTopic = (name: string, list: string, column: string): Topic => ({
  name,
  countsPopulation: true,
  build: async (db, context) => {
    const items = await lookupValues(db, list);
    return {
      dimension: { name, values: items.map((item) => valueOf(item)) },
      ...(await answerGroups(db, context, sql`${sql.ref(`base.${column}`)}`)),
    };
  },
});

const fixedTopic = (name: string, values: readonly DimensionValue[], answer: (db: Kysely<Database>, context: StatsContext) => Promise<RawBuilder<unknown>>, multiple = false): Topic => ({
  name,
  countsPopulation: !multiple,
  build: async (db, context) => ({ dimension: { name, values }, multiple, ...(await answerGroups(db, context, await answer(db, context))) }),
});

/** ASCED levels counted as tertiary: doctoral, master's, graduate diploma, bachelor's, advanced diploma. */
export const TERTIARY_CODES = ['11', '12', '2', '3', '4'] as const;
/** Senior secondary (Year 12) or anything above it. */
export const HIGHSCHOOL_CODES = ['11', '12', '2', '3', '4', '51', '52', '61'] as const;

const educationSplit = (name: string, codes: readonly string[], yes: DimensionValue, no: DimensionValue): Topic =>
  fixedTopic(name, [yes, no, { key: PREFER_NOT_CODE, label: fixedLabel('stat_label_prefer_not'), preferNot: true }], async () =>
    sql`(select case when e.code = ${PREFER_NOT_CODE} then ${PREFER_NOT_CODE}::text when e.code in (${sql.join([...codes])}) then ${yes.key}::text else ${no.key}::text end
         from lookup_principles e where e.id = base.education_id)`,
  );

export const tertiaryEducation = educationSplit('tertiary-education', TERTIARY_CODES, { key: 'tertiary', label: fixedLabel('stat_label_tertiary') }, { key: 'other', label: fixedLabel('stat_label_other') });
export const highschoolCompletion = educationSplit(
  'highschool-completion',
  HIGHSCHOOL_CODES,
  { key: 'completed', label: fixedLabel('stat_label_completed') },
  { key: 'not_completed', label: fixedLabel('stat_label_not_completed') },
);

export const countryBirth = columnTopic('country-birth', 'countries', 'country_birth_id');
export const worldviews = columnTopic('worldviews', 'worldviews', 'worldview_id');
export const branches = columnTopic('branches', 'branches', 'branch_id');
export const denominations = columnTopic('denominations', 'denominations', 'denomination_id');
export const gender = columnTopic('gender-answer', 'genders', 'gender_id');

/** Born in the organisation's own country (its country matched by code or name). */
export const bornCountryRegistration: Topic = fixedTopic(
  'born-country-registration',
  [
    { key: 'same', label: fixedLabel('stat_label_born_here') },
    { key: 'other', label: fixedLabel('stat_label_born_elsewhere') },
    { key: PREFER_NOT_CODE, label: fixedLabel('stat_label_prefer_not'), preferNot: true },
  ],
  async (_db, context) => sql`(select case when c.code = ${PREFER_NOT_CODE} then ${PREFER_NOT_CODE}::text
        when exists (select 1 from organizations o where o.id = ${context.organizationId}
                     and (upper(o.country) = upper(c.code) or lower(o.country) = lower(c.name))) then 'same'
        else 'other' end
      from lookup_principles c where c.id = base.country_birth_id)`,
);

/** Country of birth under its zone (micro-zone's parent). */
export const countryTree: Topic = {
  name: 'country-tree',
  countsPopulation: true,
  build: async (db, context) => {
    const [zones, micro, countries] = await Promise.all([lookupValues(db, 'zones'), lookupValues(db, 'micro-zones'), lookupValues(db, 'countries')]);
    const zoneOfMicro = new Map(micro.map((item) => [item.id, item.parentId]));
    return {
      dimension: {
        name: 'country-tree',
        values: [...zones.map((item) => valueOf(item)), ...countries.map((item) => valueOf(item, item.regionId === null ? null : zoneOfMicro.get(item.regionId)))],
      },
      ...(await answerGroups(db, context, sql`base.country_birth_id`)),
    };
  },
};

/** Continent (macro-zone) of the country of birth. */
export const birthContinent: Topic = {
  name: 'birth-continent',
  countsPopulation: true,
  build: async (db, context) => {
    const macro = await lookupValues(db, 'macro-zones');
    return {
      dimension: { name: 'birth-continent', values: [...macro.map((item) => valueOf(item)), { key: PREFER_NOT_CODE, label: fixedLabel('stat_label_prefer_not'), preferNot: true }] },
      ...(await answerGroups(
        db,
        context,
        sql`(select case when c.code = ${PREFER_NOT_CODE} then ${PREFER_NOT_CODE}::text else z.parent_id::text end
             from lookup_principles c left join lookup_principles m on m.id = c.region_id left join lookup_principles z on z.id = m.parent_id
             where c.id = base.country_birth_id)`,
      )),
    };
  },
};

/** Worldview, branch, denomination: the deepest answer given (a shared Prefer not below the first level counts as no deeper answer). */
export const worldviewTree: Topic = {
  name: 'worldview-tree',
  countsPopulation: true,
  build: async (db, context) => {
    const [views, branches, denominations] = await Promise.all([lookupValues(db, 'worldviews'), lookupValues(db, 'branches'), lookupValues(db, 'denominations')]);
    const skip = [...preferNotIdsOf(branches), ...preferNotIdsOf(denominations), -1];
    const deeper = (column: string) => sql`case when ${sql.ref(`base.${column}`)} in (${sql.join(skip)}) then null else ${sql.ref(`base.${column}`)} end`;
    return {
      dimension: {
        name: 'worldview-tree',
        values: [
          ...views.map((item) => valueOf(item)),
          ...branches.filter((item) => item.code !== PREFER_NOT_CODE).map((item) => valueOf(item, item.parentId)),
          ...denominations.filter((item) => item.code !== PREFER_NOT_CODE).map((item) => valueOf(item, item.parentId)),
        ],
      },
      ...(await answerGroups(db, context, sql`coalesce(${deeper('denomination_id')}, ${deeper('branch_id')}, base.worldview_id)`)),
    };
  },
};

const LANGUAGES = sql`join response_languages rl on rl.response_id = base.id`;
/** The record keys of the answer rows (migration 0011): a multi-answer cell sums those of its rows. */
const NATIVE = sql`join response_languages rl on rl.response_id = base.id and rl.level = 'native'`;
const HERITAGES = sql`join response_heritages rh on rh.response_id = base.id`;

/**
 * A multi-answer topic over a child table. `keyed`: the answer is the table's key beside the
 * response (its primary key), so each person holds it at most once (see answerGroups).
 */
const multiTopic = (
  name: string,
  values: (db: Kysely<Database>) => Promise<DimensionValue[]>,
  from: RawBuilder<unknown> | ((db: Kysely<Database>) => Promise<RawBuilder<unknown>>),
  answer: RawBuilder<unknown>,
  keyed = false,
): Topic => ({
  name,
  build: async (db, context) => ({
    dimension: { name, values: await values(db) },
    multiple: true,
    ...(await answerGroups(db, context, answer, typeof from === 'function' ? await from(db) : from, { keyed })),
  }),
});

/** Each cultural family with its broadest ancestor (families nest several levels deep). */
const broadFamilies = async (db: Kysely<Database>): Promise<{ broad: Map<number, number>; top: LookupValue[] }> => {
  const families = await lookupValues(db, 'cultural-families');
  const byId = new Map(families.map((item) => [item.id, item]));
  const broad = new Map<number, number>();
  for (const item of families) {
    let current = item;
    for (let guard = 0; current.parentId !== null && byId.has(current.parentId) && guard < 20; guard++) current = byId.get(current.parentId)!;
    broad.set(item.id, current.id);
  }
  return { broad, top: families.filter((item) => broad.get(item.id) === item.id) };
};

/** `fam(id, top)`: the family to broad family table, joined on the heritage's family. */
const familyJoin = async (db: Kysely<Database>): Promise<RawBuilder<unknown>> => {
  const { broad } = await broadFamilies(db);
  const rows = [...broad].map(([id, top]) => sql`(${id}::int, ${top}::int)`);
  return sql`${HERITAGES} join lookup_principles h on h.id = rh.ethnicity_id
    left join (values ${sql.join(rows.length > 0 ? rows : [sql`(null::int, null::int)`])}) as fam(id, top) on fam.id = h.family_id`;
};

const listValues = (list: string) => async (db: Kysely<Database>) => (await lookupValues(db, list)).map((item) => valueOf(item));

export const languages = multiTopic('languages', listValues('languages'), LANGUAGES, sql`rl.language_id`, true);
export const nativeLanguages = multiTopic('native-languages', listValues('languages'), NATIVE, sql`rl.language_id`, true);
export const languageZones = multiTopic(
  'language-zones',
  listValues('zones'),
  sql`${LANGUAGES} join lookup_principles l on l.id = rl.language_id join lookup_principles mz on mz.id = l.region_id`,
  sql`mz.parent_id`,
);

/** Zone, then language; a person counts once under each node whose subtree they mention. */
export const languageTree = multiTopic(
  'language-tree',
  async (db) => {
    const [zones, micro, items] = await Promise.all([lookupValues(db, 'zones'), lookupValues(db, 'micro-zones'), lookupValues(db, 'languages')]);
    const zoneOfMicro = new Map(micro.map((item) => [item.id, item.parentId]));
    return [...zones.map((item) => valueOf(item)), ...items.map((item) => valueOf(item, item.regionId === null ? null : zoneOfMicro.get(item.regionId)))];
  },
  sql`${LANGUAGES} join lookup_principles l on l.id = rl.language_id left join lookup_principles mz on mz.id = l.region_id
      cross join lateral (values (l.id), (mz.parent_id)) as v(node)`,
  sql`v.node`,
);

/**
 * How many answers of a child table (Prefer not to answer left out) each person gave, joined
 * beside `base` as `named.n` (null for none), at most one row per person.
 * - On PostgreSQL: one GROUP BY of the organisation's rows of the table, hash-joined to `base`
 *   (at 1,000,000 responses half the time of a look-up per person).
 * - On PGlite: a count of the person's rows by the table's primary key, per person. PGlite
 *   gathers no planner statistics, so it took `base` for a few rows and ran the GROUP BY again
 *   for each person of a group (3.3 s for 682 people of the 2,000-response demo, 50 ms this way).
 */
const answersPerPerson = (db: Kysely<Database>, context: StatsContext, table: 'response_languages' | 'response_heritages', column: 'language_id' | 'ethnicity_id') =>
  isEmbedded(db)
    ? sql`left join lateral (select nullif(count(*), 0) as n from ${sql.table(table)} x join lookup_principles xl on xl.id = ${sql.ref(`x.${column}`)}
      where x.response_id = base.id and xl.code <> ${PREFER_NOT_CODE}) named on true`
    : sql`left join (select x.response_id, count(*) as n from ${sql.table(table)} x join lookup_principles xl on xl.id = ${sql.ref(`x.${column}`)}
      where x.organization_id = ${context.organizationId} and xl.code <> ${PREFER_NOT_CODE}
        ${context.only === undefined ? sql`` : sql`and x.response_id = any(${responseIdsSql(context.only)})`}
      group by x.response_id) named on named.response_id = base.id`;

/** A single answer computed from the number of answers a person gave to a multi-answer question (`named.n`, null for none). */
const answerCountTopic = (
  name: string,
  values: readonly DimensionValue[],
  table: 'response_languages' | 'response_heritages',
  column: 'language_id' | 'ethnicity_id',
  answer: RawBuilder<unknown>,
): Topic => ({
  name,
  countsPopulation: true,
  build: async (db, context) => ({
    dimension: { name, values },
    // Without parallel workers: each of them built the whole per-person hash again (EXPLAIN ANALYZE
    // at 1,000,000 responses: three times 1,000,000 groups, 2.7 to 3.0 s against 2.3 to 2.4 s alone),
    // and the home page runs these beside its other questions on the same cores.
    ...(await answerGroups(db, context, answer, answersPerPerson(db, context, table, column), { onePerPerson: true, serial: true })),
  }),
});

/** 'monolingual' (one language named), 'multilingual' (two or more). */
export const languageCount = answerCountTopic(
  'language-count',
  [
    { key: 'monolingual', label: fixedLabel('stat_label_monolingual') },
    { key: 'multilingual', label: fixedLabel('stat_label_multilingual') },
  ],
  'response_languages',
  'language_id',
  sql`case when named.n is null then null when named.n = 1 then 'monolingual' else 'multilingual' end`,
);

export const ethnicities = multiTopic('ethnicities', listValues('ethnicities'), HERITAGES, sql`rh.ethnicity_id`, true);
export const culturalFamilies = multiTopic(
  'cultural-families',
  async (db) => (await broadFamilies(db)).top.map((item) => valueOf(item)),
  familyJoin,
  sql`fam.top`,
);
export const ethnicRegions = multiTopic(
  'ethnic-regions',
  listValues('micro-zones'),
  sql`${HERITAGES} join lookup_principles h on h.id = rh.ethnicity_id`,
  sql`h.region_id`,
);
/** Broad cultural family, then heritage. */
export const ethnicityTree = multiTopic(
  'ethnicity-tree',
  async (db) => {
    const [{ broad, top }, items] = await Promise.all([broadFamilies(db), lookupValues(db, 'ethnicities')]);
    return [...top.map((item) => valueOf(item)), ...items.map((item) => valueOf(item, item.familyId === null ? null : broad.get(item.familyId)))];
  },
  async (db) => sql`${await familyJoin(db)} cross join lateral (values (h.id), (fam.top)) as v(node)`,
  sql`v.node`,
);

export const positionLevel = columnTopic('position-level-answer', 'position-levels', 'position_level_id');
export const education = columnTopic('education', 'educations', 'education_id');
export const disability = columnTopic('disabilities', 'disabilities', 'disability_id');
/** Sexual orientation (a special category: its figures are released at k of at least 10 where used). */
export const sexualOrientation = columnTopic('sexual-orientations', 'sexual-orientations', 'sexual_orientation_id');
export const states = columnTopic('state', 'states', 'state_id');
export const generation = fixedTopic(
  'generation-answer',
  [
    { key: 'Gen X', label: 'Gen X' },
    { key: 'Gen Y', label: 'Gen Y' },
    { key: 'Gen Z', label: 'Gen Z' },
    { key: 'other', label: fixedLabel('stat_label_other') },
  ],
  async () =>
    sql`case when base.birth_year is null then null ${sql.join(
      GENERATION_YEARS.map(([name, from, to]) => sql`when base.birth_year between ${from}::int and ${to}::int then ${name}::text`),
      sql` `,
    )} else 'other' end`,
);

// ------------------------------------------------------------------------------------------
// Headline rows and the country, language, heritage and appearance pages (issue 5)

/** The organisation's own country test for a lookup_principles alias (its code or name). */
const homeCountry = (context: StatsContext, alias: string) =>
  sql`exists (select 1 from organizations o where o.id = ${context.organizationId}
      and (upper(o.country) = upper(${sql.ref(`${alias}.code`)}) or lower(o.country) = lower(${sql.ref(`${alias}.name`)})))`;

/** Geographic region (micro-zone) of the country of birth. */
export const birthRegion: Topic = {
  name: 'birth-region',
  countsPopulation: true,
  build: async (db, context) => ({
    dimension: { name: 'birth-region', values: (await lookupValues(db, 'micro-zones')).map((item) => valueOf(item)) },
    ...(await answerGroups(db, context, sql`(select c.region_id from lookup_principles c where c.id = base.country_birth_id and c.code <> ${PREFER_NOT_CODE})`)),
  }),
};

/** A relative of `relations` (answered, not Prefer not) born outside the organisation's country. */
const relativeAbroad = (context: StatsContext, relations: readonly string[]) =>
  sql`exists (select 1 from response_ancestry a join lookup_principles ac on ac.id = a.country_id
      where a.response_id = base.id and a.relation in (${sql.join([...relations])}) and ac.code <> ${PREFER_NOT_CODE} and not ${homeCountry(context, 'ac')})`;

export const migrationGeneration = fixedTopic(
  'migration-generation',
  [
    { key: 'first', label: fixedLabel('stat_label_born_abroad') },
    { key: 'second', label: fixedLabel('stat_label_parent_abroad') },
    { key: 'third', label: fixedLabel('stat_label_grandparent_abroad') },
    { key: 'local', label: fixedLabel('stat_label_no_relative_abroad') },
    { key: PREFER_NOT_CODE, label: fixedLabel('stat_label_prefer_not'), preferNot: true },
  ],
  async (_db, context) => sql`(select case when c.code = ${PREFER_NOT_CODE} then ${PREFER_NOT_CODE}::text
        when not ${homeCountry(context, 'c')} then 'first'
        when ${relativeAbroad(context, ['mother', 'father'])} then 'second'
        when ${relativeAbroad(context, ['maternal_grandmother', 'maternal_grandfather', 'paternal_grandmother', 'paternal_grandfather'])} then 'third'
        else 'local' end
      from lookup_principles c where c.id = base.country_birth_id)`,
);

const SPOKEN = sql`${LANGUAGES} join lookup_principles l on l.id = rl.language_id and l.code <> ${PREFER_NOT_CODE}
  left join lookup_principles mz on mz.id = l.region_id left join lookup_principles z on z.id = mz.parent_id`;

export const languageMicrozones = multiTopic('language-micro-zones', listValues('micro-zones'), SPOKEN, sql`l.region_id`);
export const languageMacrozones = multiTopic('language-macro-zones', listValues('macro-zones'), SPOKEN, sql`z.parent_id`);

export const LANGUAGE_LEVELS = ['native', 'fluent', 'intermediate', 'basic'] as const;
export const languageLevels = multiTopic(
  'language-levels',
  async () => LANGUAGE_LEVELS.map((key) => ({ key, label: key[0]!.toUpperCase() + key.slice(1) })),
  SPOKEN,
  sql`rl.level`,
);

export const languagesKnown = answerCountTopic(
  'languages-known',
  ['1', '2', '3', '4+'].map((key) => ({ key, label: key })),
  'response_languages',
  'language_id',
  sql`case when named.n is null then null when named.n >= 4 then '4+' else named.n::text end`,
);

/** Continent, zone, then language; a person counts once under each node they mention. */
export const languageParticipantTree = multiTopic(
  'language-participant-tree',
  async (db) => {
    const [macro, zones, micro, items] = await Promise.all([lookupValues(db, 'macro-zones'), lookupValues(db, 'zones'), lookupValues(db, 'micro-zones'), lookupValues(db, 'languages')]);
    const zoneOfMicro = new Map(micro.map((item) => [item.id, item.parentId]));
    return [
      ...macro.map((item) => valueOf(item)),
      ...zones.map((item) => valueOf(item, item.parentId)),
      ...items.filter((item) => item.code !== PREFER_NOT_CODE).map((item) => valueOf(item, item.regionId === null ? null : zoneOfMicro.get(item.regionId))),
    ];
  },
  sql`${SPOKEN} cross join lateral (values (l.id), (mz.parent_id), (z.parent_id)) as v(node)`,
  sql`v.node`,
);

/** ASCRG broad group 95: secular beliefs, other spiritual beliefs and no religious affiliation. */
export const SECULAR_WORLDVIEW_CODE = '95';
export const religiousAffiliation = fixedTopic(
  'religious-affiliation',
  [
    { key: 'religious', label: fixedLabel('stat_label_religious') },
    { key: 'secular', label: fixedLabel('stat_label_secular') },
    { key: PREFER_NOT_CODE, label: fixedLabel('stat_label_prefer_not'), preferNot: true },
  ],
  async () => sql`(select case when w.code = ${PREFER_NOT_CODE} then ${PREFER_NOT_CODE}::text when w.code = ${SECULAR_WORLDVIEW_CODE} then 'secular' else 'religious' end
      from lookup_principles w where w.id = base.worldview_id)`,
);

export const heritageCount = answerCountTopic(
  'heritage-count',
  [
    { key: 'one_heritage', label: fixedLabel('stat_label_one_heritage') },
    { key: 'several_heritages', label: fixedLabel('stat_label_several_heritages') },
  ],
  'response_heritages',
  'ethnicity_id',
  sql`case when named.n is null then null when named.n = 1 then 'one_heritage' else 'several_heritages' end`,
);

// Questions 25 to 27 (migration 0009): 26 and 27 are columns of `base`; 25 is its own table.
const CULTURES = sql`join response_cultures rc on rc.response_id = base.id`;

export const cultureBelong = multiTopic('culture-belong', listValues('ethnicities'), CULTURES, sql`rc.ethnicity_id`, true);
export const cultureIdentity: Topic = {
  name: 'culture-identity',
  countsPopulation: true,
  build: async (db, context) => ({
    dimension: { name: 'culture-identity', values: (await lookupValues(db, 'ethnicities')).map((item) => valueOf(item)) },
    ...(await answerGroups(db, context, sql`base.culture_identity_id`)),
  }),
};

/** Broad cultural family, then culture, over a join that names the culture `culture`. */
const cultureTree = (name: string, from: RawBuilder<unknown>, multiple: boolean): Topic => ({
  name,
  build: async (db, context) => {
    const [{ broad, top }, items] = await Promise.all([broadFamilies(db), lookupValues(db, 'ethnicities')]);
    const rows = [...broad].map(([id, family]) => sql`(${id}::int, ${family}::int)`);
    return {
      dimension: {
        name,
        values: [...top.map((item) => valueOf(item)), ...items.map((item) => valueOf(item, item.familyId === null ? null : broad.get(item.familyId)))],
      },
      multiple,
      ...(await answerGroups(
        db,
        context,
        // One answer: the culture itself (its family counts its subtree); several: every node named.
        multiple ? sql`v.node` : sql`h.id`,
        sql`${from} join lookup_principles h on h.id = culture.id
          left join (values ${sql.join(rows.length > 0 ? rows : [sql`(null::int, null::int)`])}) as fam(id, top) on fam.id = h.family_id
          cross join lateral (values (h.id), (fam.top)) as v(node)`,
      )),
    };
  },
});

export const cultureBelongTree = cultureTree('culture-belong-tree', sql`${CULTURES} cross join lateral (select rc.ethnicity_id as id) as culture`, true);
export const cultureIdentityTree = cultureTree('culture-identity-tree', sql`cross join lateral (select base.culture_identity_id as id where base.culture_identity_id is not null) as culture`, false);

export const appearances: Topic = {
  name: 'appearances',
  countsPopulation: true,
  build: async (db, context) => ({
    dimension: { name: 'appearances', values: (await lookupValues(db, 'appearances')).map((item) => valueOf(item)) },
    ...(await answerGroups(db, context, sql`base.appearance_id`)),
  }),
};

/** Appearance, then appearance within a continent of birth ('appearance|continent'): the deepest answer. */
export const appearanceTree: Topic = {
  name: 'appearance-tree',
  countsPopulation: true,
  build: async (db, context) => {
    const [looks, macro] = await Promise.all([lookupValues(db, 'appearances'), lookupValues(db, 'macro-zones')]);
    return {
      dimension: {
        name: 'appearance-tree',
        values: [
          ...looks.map((item) => valueOf(item)),
          ...looks
            .filter((item) => item.code !== PREFER_NOT_CODE)
            .flatMap((look) => macro.map((continent) => ({ key: `${look.id}|${continent.id}`, label: continent.name, parent: String(look.id) }))),
        ],
      },
      ...(await answerGroups(
        db,
        context,
        sql`(select case when a.code = ${PREFER_NOT_CODE} or z.parent_id is null then a.id::text else a.id::text || '|' || z.parent_id::text end
             from lookup_principles a
             left join lookup_principles c on c.id = base.country_birth_id and c.code <> ${PREFER_NOT_CODE}
             left join lookup_principles m on m.id = c.region_id left join lookup_principles z on z.id = m.parent_id
             where a.id = base.appearance_id)`,
      )),
    };
  },
};
