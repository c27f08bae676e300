import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../domain/i18n/catalogues';
import { en } from '../../domain/i18n/en';
import type { OpenDatabase } from '../../server/db/connect';
import { toJson } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedReferenceData } from '../../server/db/seeds/referenceData';
import { createTestDatabase } from './helpers/testDatabase';

let database: OpenDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('audit_log', () => {
  it('accepts new entries and refuses to change or remove them', async () => {
    const { db } = database;
    const entry = await db
      .insertInto('audit_log')
      .values({ action: 'test/appended', actor: 'tester', address: '127.0.0.1', details: toJson({ list: [1, 2] }) })
      .returning(['id', 'details', 'at'])
      .executeTakeFirstOrThrow();
    expect(typeof entry.id).toBe('number');
    expect(entry.details).toEqual({ list: [1, 2] });
    expect(entry.at).toBeInstanceOf(Date);

    await expect(db.updateTable('audit_log').set({ action: 'test/rewritten' }).where('id', '=', entry.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom('audit_log').where('id', '=', entry.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    const kept = await db.selectFrom('audit_log').select('action').where('id', '=', entry.id).executeTakeFirstOrThrow();
    expect(kept.action).toBe('test/appended');
  });
});

describe('settings', () => {
  it('keeps one value per organisation and key, the installation-wide one included', async () => {
    const { db } = database;
    const organization = '00000000-0000-4000-8000-000000000001';
    await db.insertInto('settings').values({ organization_id: null, key: 'theme', value: toJson('light') }).execute();
    await db.insertInto('settings').values({ organization_id: organization, key: 'theme', value: toJson('dark') }).execute();
    await expect(db.insertInto('settings').values({ organization_id: null, key: 'theme', value: toJson('x') }).execute()).rejects.toThrow();
    await expect(db.insertInto('settings').values({ organization_id: organization, key: 'theme', value: toJson('x') }).execute()).rejects.toThrow();
    const row = await db.selectFrom('settings').select('value').where('organization_id', '=', organization).where('key', '=', 'theme').executeTakeFirstOrThrow();
    expect(row.value).toBe('dark');
  });
});

describe('migrations and seeds', () => {
  it('can run again on a prepared database without changing anything', async () => {
    const { db } = database;
    await migrateToLatest(db);
    await seedReferenceData(db);
    const counts = await db.selectFrom('translations').select(['locale_code', db.fn.countAll<number>().as('count')]).groupBy('locale_code').orderBy('locale_code').execute();
    // Every English key in every language; Arabic adds the plural forms English does not have.
    expect(counts).toEqual(
      Object.entries(CATALOGUES)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, catalogue]) => ({ locale_code: code, count: Object.keys(catalogue).length })),
    );
    for (const { count } of counts) expect(count).toBeGreaterThanOrEqual(Object.keys(en).length);
  });

  it('puts a text changed in the database back to the catalogue and drops keys the code no longer has', async () => {
    const { db } = database;
    await db.updateTable('translations').set({ text: 'edited' }).where('locale_code', '=', 'au').where('key', '=', 'home').execute();
    await db.insertInto('translations').values({ locale_code: 'au', key: 'removed_key', text: 'old' }).execute();
    await seedReferenceData(db);
    const rows = await db.selectFrom('translations').select(['key', 'text']).where('locale_code', '=', 'au').where('key', 'in', ['home', 'removed_key']).execute();
    expect(rows).toEqual([{ key: 'home', text: en.home }]);
  });
});

describe('transactions', () => {
  it('are not seen by other queries until they commit', async () => {
    const { db } = database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const afterInsert = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('locales').values({ code: 'zz', name: 'Pending' }).execute();
      inserted();
      await held;
      throw new Error('roll back');
    });
    await afterInsert;
    const outside = db.selectFrom('locales').select('code').where('code', '=', 'zz').execute();
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect(await outside).toEqual([]);
  });
});
