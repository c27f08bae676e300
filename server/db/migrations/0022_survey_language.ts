import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * organizations.survey_locale: the language a survey link of the organisation opens in when the
 * participant's browser asks for none the product speaks; null is the product's default (au).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('survey_locale', 'text', (col) => col.references('locales.code').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('survey_locale').execute();
}
