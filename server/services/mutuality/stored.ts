import type { Kysely } from 'kysely';
import type { CensusTableLoaded } from '../../../domain/contracts/mutuality';
import type { CensusPillar } from '../../../domain/mutuality/census';
import { type Database, type JsonValue, toJson } from '../../db/database';
import { type CountryDataset, type LoadedPillar, countryDatasets, withLoadedPillars } from './datasets';
import type { LoadedOfficeTable } from './offices';

/**
 * Census tables loaded from the offices' files, kept in `census_tables` (migration 0027): the
 * operator's (organization_id null) for every organisation, an administrator's for their own,
 * where it replaces the operator's table of the same country and pillar.
 */

/** Stores a loaded table, replacing the owner's earlier table of the same country and pillar. */
export const saveCensusTable = async (db: Kysely<Database>, owner: { organizationId: string | null; userId: string | null }, table: LoadedOfficeTable): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    let earlier = trx.deleteFrom('census_tables').where('country', '=', table.country).where('pillar', '=', table.pillar.pillar);
    earlier = owner.organizationId === null ? earlier.where('organization_id', 'is', null) : earlier.where('organization_id', '=', owner.organizationId);
    await earlier.execute();
    const { notStated, unmapped, unreadable, ...provenance } = table.summary;
    await trx
      .insertInto('census_tables')
      .values({
        organization_id: owner.organizationId,
        country: table.country,
        pillar: table.pillar.pillar,
        office: table.summary.office,
        table_id: table.summary.table,
        year: table.summary.year,
        dataset: toJson({ censusName: table.censusName, pillar: table.pillar as unknown as JsonValue }),
        provenance: toJson(provenance as unknown as JsonValue),
        report: toJson({ notStated, unmapped, unreadable } as unknown as JsonValue),
        loaded_by: owner.userId,
      })
      .execute();
  });
};

interface StoredDataset {
  readonly censusName: string;
  readonly pillar: CensusPillar;
}

/** The tables an organisation sees: the operator's, then its own (which come last and so win). */
const loadedPillarsOf = async (db: Kysely<Database>, organizationId: string | null): Promise<LoadedPillar[]> => {
  const rows = await db
    .selectFrom('census_tables')
    .select(['organization_id', 'country', 'year', 'dataset', 'provenance'])
    .where((eb) => (organizationId === null ? eb('organization_id', 'is', null) : eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', organizationId)])))
    .orderBy('id')
    .execute();
  return rows
    .sort((a, b) => Number(a.organization_id !== null) - Number(b.organization_id !== null))
    .map((row) => {
      const dataset = row.dataset as unknown as StoredDataset;
      const provenance = row.provenance as unknown as Pick<CensusTableLoaded, 'licence'>;
      return { country: row.country, censusName: dataset.censusName, year: row.year, licence: provenance.licence, pillar: dataset.pillar };
    });
};

/** Every country's dataset as an organisation sees it (the shipped ones with the loaded tables in place). */
export const censusDatasetsFor = async (db: Kysely<Database>, organizationId: string | null): Promise<ReadonlyMap<string, CountryDataset>> =>
  withLoadedPillars(countryDatasets(), await loadedPillarsOf(db, organizationId));
