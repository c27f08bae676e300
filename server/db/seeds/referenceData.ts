import type { Kysely } from 'kysely';
import type { Database } from '../database';
import { CATALOGUES, cataloguedLanguages } from '../../../domain/i18n/catalogues';

/** Each language's name as the locale list shows it: in its own language. */
const catalogues = cataloguedLanguages().map((language) => ({ code: language.code, name: language.nativeName, texts: CATALOGUES[language.code]! }));

/**
 * Locales and their translations, kept equal to the catalogues in code: safe to run at
 * every start (upserts, and removes keys the code no longer has).
 */
export const seedReferenceData = async (db: Kysely<Database>): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    for (const { code, name, texts } of catalogues) {
      await trx
        .insertInto('locales')
        .values({ code, name })
        .onConflict((oc) => oc.column('code').doUpdateSet({ name }))
        .execute();
      const rows = Object.entries(texts).flatMap(([key, text]) => (text === undefined ? [] : [{ locale_code: code, key, text }]));
      await trx
        .insertInto('translations')
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(['locale_code', 'key'])
            .doUpdateSet((eb) => ({ text: eb.ref('excluded.text') }))
            .whereRef('translations.text', 'is distinct from', 'excluded.text'),
        )
        .execute();
      await trx
        .deleteFrom('translations')
        .where('locale_code', '=', code)
        .where('key', 'not in', Object.keys(texts))
        .execute();
    }
  });
};
