import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations';

/**
 * A database runs each migration once, so a landed migration edited afterwards leaves databases
 * that disagree about their schema. landed.json records each landed migration's text by hash;
 * this test refuses a changed text and a migration that is not recorded yet.
 */
const folder = join(__dirname, '../../server/db/migrations');
const record = JSON.parse(readFileSync(join(folder, 'landed.json'), 'utf8')) as { migrations: Record<string, string> };

/** Line endings read as \n, so a checkout that rewrites them does not count as an edit. */
const hashOf = (name: string): string => createHash('sha256').update(readFileSync(join(folder, `${name}.ts`), 'utf8').replace(/\r\n/g, '\n')).digest('hex');

const migrationFiles = readdirSync(folder)
  .filter((file) => /^\d{4}_\w+\.ts$/.test(file))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

describe('landed migrations are never edited', () => {
  it('records the migrations that have landed', () => {
    expect(Object.keys(record.migrations).length).toBeGreaterThanOrEqual(22);
    expect(Object.keys(record.migrations)).toContain('0001_foundation');
  });

  it('each recorded migration still has the text it landed with', () => {
    const changed = Object.entries(record.migrations)
      .filter(([name, hash]) => !migrationFiles.includes(name) || hashOf(name) !== hash)
      .map(([name]) => (migrationFiles.includes(name) ? `${name} was edited: add a new migration instead` : `${name} was removed`));
    expect(changed).toEqual([]);
  });

  it('every migration is recorded (a new one adds its line to landed.json when it lands)', () => {
    const unrecorded = migrationFiles.filter((name) => !(name in record.migrations)).map((name) => `"${name}": "${hashOf(name)}"`);
    expect(unrecorded).toEqual([]);
  });

  it('the migrator runs exactly the migration files', () => {
    expect(Object.keys(migrations).sort()).toEqual(migrationFiles);
  });
});
