import { type Kysely, sql } from 'kysely';
import {
  type AnyLookupItem,
  type ItemName,
  LABELLED_LISTS,
  LOOKUP_LIST_CAP,
  LOOKUP_LISTS,
  LOOKUP_SEARCH_CAP,
  LOOKUP_SEARCH_MIN,
  type LookupList,
  PREFER_NOT_CODE,
} from '../../../domain/contracts/lookups';
import type { Database } from '../../db/database';
import { nameLocales } from './index';
import { escapeLike, normaliseSearch } from './normalise';

/** Items a list answers at most: 500 for searchable lists, 300 for the others (SPEC section 9). */
export const capOf = (list: LookupList): number => (LOOKUP_LISTS[list].searchable ? LOOKUP_SEARCH_CAP : LOOKUP_LIST_CAP);

/** Whether a search is long enough: at least 3 characters once trimmed. */
export const searchLongEnough = (search: string): boolean => [...search.trim()].length >= LOOKUP_SEARCH_MIN;

export interface ListQuery {
  readonly list: LookupList;
  /** A locales code ('fr'); names fall back to English where the locale has none. */
  readonly locale?: string | null;
  /** Child lists: the parent item (a country's id for its states). */
  readonly parentId?: number;
  /** Narrows the list, ranked: name starts with it, then a word does, then it is contained. */
  readonly search?: string;
  /** At most the list's cap. */
  readonly limit?: number;
}

const itemFields = (list: LookupList) => ({
  zones: list === 'countries' || list === 'languages',
  parent: list === 'states' || list === 'branches' || list === 'denominations' || list === 'position-types',
  ethnicity: list === 'ethnicities',
  grandparent: list === 'denominations',
});

/**
 * The active items of a list in display order, each with the fields of its list's item codec
 * (domain/contracts/lookups.ts). With a search, only matching items, best matches first.
 * Child lists answer the parent's items followed by the list's shared "Prefer not to answer".
 */
export const listItems = async (db: Kysely<Database>, query: ListQuery): Promise<AnyLookupItem[]> => {
  const { list } = query;
  const locale = query.locale ?? '';
  const fields = itemFields(list);
  const limit = Math.min(query.limit ?? capOf(list), capOf(list));
  const needle = query.search === undefined ? '' : normaliseSearch(query.search);
  const like = escapeLike(needle);

  const localName = (idColumn: string) =>
    sql<string | null>`(select ln.name from lookup_names ln where ln.principle_id = ${sql.ref(idColumn)} and ln.locale = ${locale})`;

  let builder = db
    .selectFrom('lookup_principles as p')
    .leftJoin('lookup_names as n', (join) => join.onRef('n.principle_id', '=', 'p.id').on('n.locale', '=', locale))
    .select([
      'p.id',
      'p.code',
      sql<string>`coalesce(n.name, p.name)`.as('value'),
      sql<boolean>`n.name is null`.as('english'),
      'p.parent_id',
    ])
    .where('p.list', '=', list)
    .where('p.active', '=', true);

  if (query.parentId !== undefined) {
    const parentId = query.parentId;
    builder = builder.where((eb) => eb.or([eb('p.parent_id', '=', parentId), eb.and([eb('p.parent_id', 'is', null), eb('p.code', '=', PREFER_NOT_CODE)])]));
  }

  const rank =
    needle === ''
      ? sql<number>`0`
      : sql<number>`least(
          case when p.search like ${`${like}%`} then 0 when p.search like ${`% ${like}%`} then 1 when p.search like ${`%${like}%`} then 2 else 3 end,
          case when n.search like ${`${like}%`} then 0 when n.search like ${`% ${like}%`} then 1 when n.search like ${`%${like}%`} then 2 else 3 end)`;
  if (needle !== '') {
    builder = builder.where((eb) => eb.or([eb('p.search', 'like', `%${like}%`), eb('n.search', 'like', `%${like}%`)]));
  }

  const rows = await builder
    .$if(fields.zones, (qb) =>
      qb
        .leftJoin('lookup_principles as mz', 'mz.id', 'p.region_id')
        .leftJoin('lookup_principles as z', 'z.id', 'mz.parent_id')
        .leftJoin('lookup_principles as az', 'az.id', 'z.parent_id')
        .select([
          'mz.id as micro_zone_id',
          sql<string | null>`coalesce(${localName('mz.id')}, mz.name)`.as('micro_zone'),
          'z.id as zone_id',
          sql<string | null>`coalesce(${localName('z.id')}, z.name)`.as('zone'),
          'az.id as macro_zone_id',
          sql<string | null>`coalesce(${localName('az.id')}, az.name)`.as('macro_zone'),
        ]),
    )
    .$if(fields.ethnicity, (qb) =>
      qb
        .leftJoin('lookup_principles as cf', 'cf.id', 'p.family_id')
        .leftJoin('lookup_principles as er', 'er.id', 'p.region_id')
        .select([
          'cf.id as family_id',
          sql<string | null>`coalesce(${localName('cf.id')}, cf.name)`.as('family'),
          'er.id as region_id',
          sql<string | null>`coalesce(${localName('er.id')}, er.name)`.as('region'),
        ]),
    )
    .$if(fields.grandparent, (qb) => qb.leftJoin('lookup_principles as gp', 'gp.id', 'p.parent_id').select('gp.parent_id as grandparent_id'))
    .$if(needle !== '', (qb) => qb.orderBy(rank))
    .orderBy(sql`coalesce(n.sort, p.sort)`)
    .orderBy('p.id')
    .limit(limit)
    .execute();

  // In a locale with names of its own, an item shown in English is marked for the translator.
  const translated = locale !== '' && nameLocales([locale]).length > 0;
  return rows.map((row) => {
    const record = row as typeof row & Record<string, unknown>;
    const id = (key: string) => (record[key] ?? null) as number | null;
    const text = (key: string) => (record[key] ?? null) as string | null;
    const item: AnyLookupItem = { value: row.value, principleId: row.id, code: row.code, ...(translated && row.english ? { untranslated: true as const } : {}) };
    if (fields.zones) {
      Object.assign(item, {
        microZoneId: id('micro_zone_id'),
        microZone: text('micro_zone'),
        zoneId: id('zone_id'),
        zone: text('zone'),
        macroZoneId: id('macro_zone_id'),
        macroZone: text('macro_zone'),
      });
    }
    if (fields.ethnicity) {
      Object.assign(item, { culturalFamilyId: id('family_id'), culturalFamily: text('family'), ethnicRegionId: id('region_id'), ethnicRegion: text('region') });
    }
    if (fields.parent) {
      const parentId = row.parent_id ?? null;
      if (list === 'states') item.countryId = parentId;
      if (list === 'branches') item.worldviewId = parentId;
      if (list === 'position-types') item.levelId = parentId;
      if (list === 'denominations') Object.assign(item, { branchId: parentId, worldviewId: id('grandparent_id') });
    }
    return item;
  });
};

/**
 * Principle search: the items of a searchable list matching `search` (at least 3 characters;
 * accents and case ignored), ranked, at most `limit` (500 by default). The caller checks the
 * search length and that the list is searchable (`LOOKUP_LISTS`). Survey questions name
 * their list in their definition (domain/survey): the route maps question_id through the
 * resolver it is registered with.
 */
export const searchPrinciples = (
  db: Kysely<Database>,
  options: { list: LookupList; search: string; locale?: string | null; limit?: number; parentId?: number },
): Promise<AnyLookupItem[]> => listItems(db, options);

export interface PrincipleRow {
  readonly id: number;
  readonly list: string;
  readonly code: string;
  readonly name: string;
  readonly parentId: number | null;
  readonly active: boolean;
}

/** One item by principleId, whatever its list, inactive ones included (answers may hold them). */
export const principleById = async (db: Kysely<Database>, id: number): Promise<PrincipleRow | undefined> => {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  const row = await db
    .selectFrom('lookup_principles')
    .select(['id', 'list', 'code', 'name', 'parent_id as parentId', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row;
};

/**
 * Whether `id` is an active item of `list` (and, for child lists, belongs to `parentId` or is
 * the list's shared "Prefer not to answer"): what an answer or a path parameter must be.
 */
export const principleExists = async (db: Kysely<Database>, list: LookupList, id: number, parentId?: number): Promise<boolean> => {
  const row = await principleById(db, id);
  if (row === undefined || row.list !== list || !row.active) return false;
  return parentId === undefined || row.parentId === parentId || (row.parentId === null && row.code === PREFER_NOT_CODE);
};

/** Whether a principleId is a list's "Prefer not to answer" item (statistics count those apart). */
export const isPreferNotToAnswer = async (db: Kysely<Database>, id: number): Promise<boolean> =>
  (await principleById(db, id))?.code === PREFER_NOT_CODE;

/** Every "Prefer not to answer" principleId, for statistics that test many answers at once. */
export const preferNotIds = async (db: Kysely<Database>): Promise<ReadonlySet<number>> =>
  new Set((await db.selectFrom('lookup_principles').select('id').where('code', '=', PREFER_NOT_CODE).execute()).map((row) => row.id));

/**
 * The locale whose names a request gets, from its X-Locale header: the code itself if the
 * product has it ('fr'), else its language ('fr-CA' gives 'fr'); null gives English names.
 */
export const requestLocale = async (db: Kysely<Database>, header: string | string[] | undefined): Promise<string | null> => {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  if (!raw || raw.length > 35) return null;
  const candidates = [...new Set([raw, raw.split(/[-_]/)[0]!])];
  const rows = await db.selectFrom('locales').select('code').where('code', 'in', candidates).execute();
  const known = new Set(rows.map((row) => row.code));
  return candidates.find((candidate) => known.has(candidate)) ?? null;
};

/**
 * The names of the lists that label statistics (LABELLED_LISTS) and of every "Prefer not to
 * answer", in `locale` where it has them, inactive items included (answers may hold them).
 */
export const labelNames = async (db: Kysely<Database>, locale: string | null): Promise<ItemName[]> => {
  const code = locale ?? '';
  const rows = await db
    .selectFrom('lookup_principles as p')
    .leftJoin('lookup_names as n', (join) => join.onRef('n.principle_id', '=', 'p.id').on('n.locale', '=', code))
    .select(['p.id', 'p.list', 'p.code', sql<string>`coalesce(n.name, p.name)`.as('name'), sql<boolean>`n.name is null`.as('english')])
    .where((eb) => eb.or([eb('p.list', 'in', [...LABELLED_LISTS]), eb('p.code', '=', PREFER_NOT_CODE)]))
    .orderBy('p.id')
    .execute();
  const translated = code !== '' && nameLocales([code]).length > 0;
  return rows.map((row) => ({ principleId: row.id, list: row.list, code: row.code, name: row.name, ...(translated && row.english ? { untranslated: true as const } : {}) }));
};

/**
 * Every item's name in `locale` by principle id (none for English: the rows' names are), for
 * relabelling released statistics, whose labels are English, in the caller's language.
 */
export const localNamesOf = async (db: Kysely<Database>, locale: string | null): Promise<Map<string, string>> => {
  if (locale === null) return new Map();
  const rows = await db.selectFrom('lookup_names').select(['principle_id', 'name']).where('locale', '=', locale).execute();
  return new Map(rows.map((row) => [String(row.principle_id), row.name]));
};
