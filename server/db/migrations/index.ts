import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';

/**
 * Every migration, by name; the Migrator applies them in name order. A landed migration is
 * never edited: add the next numbered file and list it here.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
