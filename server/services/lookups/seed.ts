import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database';
import { buildLookups, nameLocales } from './index';
import { searchText } from './normalise';
import { lookupSources } from './sources';
import type { LookupBuild, LookupRow, RowRef } from './types';

/** Bump when the way rows are written changes (the content hash covers what the builders make). */
const SEED_FORMAT = 'lookups-seed-1';

// One statement carries this many rows as a single jsonb parameter.
const CHUNK = 5_000;

export interface SeedOptions {
  /** The year the birth years count back from; the current UTC year by default. */
  readonly year?: number;
  /** Write even if this build was applied already. */
  readonly force?: boolean;
}

export interface SeedResult {
  /** Content hash of the build. */
  readonly version: string;
  /** false: this build was applied already and nothing was written. */
  readonly seeded: boolean;
  readonly rows: number;
}

const keyOf = (ref: RowRef) => `${ref.list}\u0000${ref.code}`;
const refsOf = (row: LookupRow): RowRef[] => [row.parent, row.family, row.region].filter((ref): ref is RowRef => ref !== undefined);

/** Rows in waves: each row after every row it refers to, so one statement can resolve its ids. */
export const inWaves = (rows: readonly LookupRow[]): LookupRow[][] => {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  const depth = new Map<string, number>();
  const depthOf = (row: LookupRow, trail: readonly string[]): number => {
    const key = keyOf(row);
    const known = depth.get(key);
    if (known !== undefined) return known;
    if (trail.includes(key)) throw new Error(`Lookup rows refer to each other in a cycle: ${[...trail, key].join(' > ')}`);
    const value = Math.max(
      0,
      ...refsOf(row).map((ref) => {
        const target = byKey.get(keyOf(ref));
        if (target === undefined) throw new Error(`Lookup row ${row.list}/${row.code} refers to missing ${ref.list}/${ref.code}`);
        return depthOf(target, [...trail, key]) + 1;
      }),
    );
    depth.set(key, value);
    return value;
  };
  const waves: LookupRow[][] = [];
  for (const row of rows) (waves[depthOf(row, [])] ??= []).push(row);
  return waves.filter((wave) => wave !== undefined);
};

const chunks = <T>(items: readonly T[]): T[][] => {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
  return result;
};

const versionOf = (build: LookupBuild): string => createHash('sha256').update(SEED_FORMAT).update(JSON.stringify(build)).digest('hex');

interface StoredRow {
  id: number;
  list: string;
  code: string;
  name: string;
  search: string;
  sort: number;
  parent_id: number | null;
  family_id: number | null;
  region_id: number | null;
  active: boolean;
}

const sameRow = (a: StoredRow, b: StoredRow): boolean =>
  a.name === b.name &&
  a.search === b.search &&
  a.sort === b.sort &&
  a.parent_id === b.parent_id &&
  a.family_id === b.family_id &&
  a.region_id === b.region_id &&
  a.active === b.active;

const RECORD_COLUMNS = sql.raw(
  'id integer, list text, code text, name text, search text, sort integer, parent_id integer, family_id integer, region_id integer, active boolean',
);

/**
 * Writes a build in one transaction. Ids are resolved here rather than in SQL (a subquery per
 * reference made seeding ten times slower on PGlite): an item already stored keeps its id, so
 * its principleId survives every rebuild; a new item takes the next id. Rows go in reference
 * order (parents first) so the self-references are satisfied chunk by chunk. Items the build
 * no longer has are marked inactive, never deleted (answers may hold their ids). The
 * localised names are replaced, the statistics kept across restarts forgotten, and the build's
 * hash recorded.
 */
export const applyBuild = async (db: Kysely<Database>, build: LookupBuild, version: string): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    // Two servers starting on one PostgreSQL database write one after the other.
    await sql`select pg_advisory_xact_lock(hashtext('lookup_principles'))`.execute(trx);
    const stored = (await trx.selectFrom('lookup_principles').selectAll().execute()) as StoredRow[];
    const storedByKey = new Map(stored.map((row) => [keyOf(row as RowRef), row]));
    let nextId = stored.reduce((max, row) => Math.max(max, row.id), 0) + 1;

    const ordered = inWaves(build.rows).flat();
    const ids = new Map<string, number>();
    for (const row of ordered) ids.set(keyOf(row), storedByKey.get(keyOf(row))?.id ?? nextId++);
    const idOf = (ref: RowRef | undefined) => (ref === undefined ? null : ids.get(keyOf(ref))!);

    const inserts: StoredRow[] = [];
    const updates: StoredRow[] = [];
    for (const row of ordered) {
      const next: StoredRow = {
        id: ids.get(keyOf(row))!,
        list: row.list,
        code: row.code,
        name: row.name,
        search: searchText(row.name, row.aliases),
        sort: row.sort,
        parent_id: idOf(row.parent),
        family_id: idOf(row.family),
        region_id: idOf(row.region),
        active: true,
      };
      const current = storedByKey.get(keyOf(row));
      if (current === undefined) inserts.push(next);
      else if (!sameRow(current, next)) updates.push(next);
    }
    const gone = stored.filter((row) => row.active && !ids.has(keyOf(row as RowRef))).map((row) => row.id);

    // Updated rows may point at rows inserted now, and new rows only at rows stored before or
    // earlier in `inserts`: insert first, then update.
    for (const chunk of chunks(inserts)) {
      await sql`
        insert into lookup_principles (id, list, code, name, search, sort, parent_id, family_id, region_id, active)
        select * from jsonb_to_recordset(cast(${JSON.stringify(chunk)} as jsonb)) as r(${RECORD_COLUMNS})
      `.execute(trx);
    }
    for (const chunk of chunks(updates)) {
      await sql`
        update lookup_principles p set name = r.name, search = r.search, sort = r.sort, parent_id = r.parent_id,
          family_id = r.family_id, region_id = r.region_id, active = r.active
        from jsonb_to_recordset(cast(${JSON.stringify(chunk)} as jsonb)) as r(${RECORD_COLUMNS})
        where p.id = r.id
      `.execute(trx);
    }
    if (gone.length > 0) await trx.updateTable('lookup_principles').set({ active: false }).where('id', 'in', gone).execute();
    if (inserts.length > 0) {
      // Explicit ids do not move the identity sequence; keep it past them for any later insert.
      await sql`select setval(pg_get_serial_sequence('lookup_principles', 'id'), (select max(id) from lookup_principles))`.execute(trx);
    }

    await trx.deleteFrom('lookup_names').execute();
    const known = new Set((await trx.selectFrom('locales').select('code').execute()).map((locale) => locale.code));
    const names = build.names
      .filter((name) => known.has(name.locale) && ids.has(keyOf(name)))
      .map((name) => ({ principle_id: ids.get(keyOf(name))!, locale: name.locale, name: name.name, search: searchText(name.name, name.aliases), sort: name.sort }));
    for (const chunk of chunks(names)) {
      await sql`
        insert into lookup_names (principle_id, locale, name, search, sort)
        select * from jsonb_to_recordset(cast(${JSON.stringify(chunk)} as jsonb))
          as r(principle_id integer, locale text, name text, search text, sort integer)
      `.execute(trx);
    }
    // The statistics' kept groups and questions (migration 0032) were counted and labelled with
    // the rows replaced here (a country's region, a list's names); the statistics version does not
    // move with them, so they would be taken as exact. Every server counts again instead.
    await sql`delete from statistics_kept`.execute(trx);
    await trx
      .insertInto('lookup_builds')
      .values({ version, rows: build.rows.length })
      .onConflict((oc) => oc.column('version').doNothing())
      .execute();
  });
};

/**
 * Builds the lookup lists from the packages and typed-in standards and writes them when this
 * build (content hash, locales and year included) has not been applied to the database yet.
 * Run after migrations and after the locales are seeded; safe to run at every start.
 */
export const seedLookups = async (db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedResult> => {
  const locales = await db.selectFrom('locales').select('code').orderBy('code').execute();
  const build = buildLookups({
    sources: lookupSources(),
    locales: nameLocales(locales.map((locale) => locale.code)),
    year: options.year ?? new Date().getUTCFullYear(),
  });
  const version = versionOf(build);
  const applied = await db.selectFrom('lookup_builds').select('version').where('version', '=', version).executeTakeFirst();
  if (applied !== undefined && options.force !== true) return { version, seeded: false, rows: build.rows.length };
  await applyBuild(db, build, version);
  return { version, seeded: true, rows: build.rows.length };
};
