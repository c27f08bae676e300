import { type Kysely, Migrator, sql } from 'kysely';
import { migrations } from './migrations';

/** Brings the schema to the newest migration; throws naming the migration that failed. */
export const migrateToLatest = async (db: Kysely<any>): Promise<void> => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
  throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
};

/** The newest migration this code brings. */
export const expectedMigration = (): string => Object.keys(migrations).sort().at(-1) ?? '';

/** The newest migration the database has applied, or null when none (or no migration table yet). */
export const appliedMigration = async (db: Kysely<any>): Promise<string | null> => {
  const tables = await sql<{ name: string | null }>`select to_regclass('kysely_migration')::text as name`.execute(db);
  if (tables.rows[0]?.name == null) return null;
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return rows.rows[0]?.name ?? null;
};
