import { type Kysely, sql } from 'kysely';
import { ServerMessages } from '../../../domain/contracts/errors';
import type { Database } from '../../db/database';
import { notFound } from '../errors';

/** GET /health: the database answers a trivial query (throws when it cannot). */
export const checkDatabase = async (db: Kysely<Database>): Promise<void> => {
  await sql`select 1`.execute(db);
};

/** GET /locale/locales: the product's languages, by code. */
export const listLocales = (db: Kysely<Database>): Promise<{ code: string; name: string }[]> =>
  db.selectFrom('locales').select(['code', 'name']).orderBy('code').execute();

/** GET /translation: one language's stored texts by key; an unknown language is not found. */
export const translationOf = async (db: Kysely<Database>, code: string): Promise<{ code: string; translations: Record<string, string> }> => {
  const locale = await db.selectFrom('locales').select('code').where('code', '=', code).executeTakeFirst();
  if (locale === undefined) throw notFound(ServerMessages.translationNotFound);
  const rows = await db.selectFrom('translations').select(['key', 'text']).where('locale_code', '=', locale.code).execute();
  return { code: locale.code, translations: Object.fromEntries(rows.map((row) => [row.key, row.text])) };
};
