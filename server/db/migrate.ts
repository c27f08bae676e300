import { type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations';

/** Brings the schema to the newest migration; throws naming the migration that failed. */
export const migrateToLatest = async (db: Kysely<any>): Promise<void> => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
  throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
};
