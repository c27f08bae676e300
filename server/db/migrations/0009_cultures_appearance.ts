import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new migration file.

/**
 * Questions 25 to 27 of survey 1 (domain/survey/questions.ts), stored like the answers of
 * 0008 so that their statistics are GROUP BYs over indexed columns:
 * - response_cultures: the cultures (ethnicities list) a person feels they belong to;
 * - responses.culture_identity_id: the one culture they identify with most;
 * - responses.appearance_id: how they say others see them (appearances list).
 * Responses written before this migration simply have no answer to them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('responses')
    .addColumn('culture_identity_id', 'integer', (col) => col.references('lookup_principles.id'))
    .execute();
  await db.schema
    .alterTable('responses')
    .addColumn('appearance_id', 'integer', (col) => col.references('lookup_principles.id'))
    .execute();
  await db.schema.createIndex('responses_organization_culture_identity_idx').on('responses').columns(['organization_id', 'culture_identity_id']).execute();
  await db.schema.createIndex('responses_organization_appearance_idx').on('responses').columns(['organization_id', 'appearance_id']).execute();

  await db.schema
    .createTable('response_cultures')
    .addColumn('response_id', 'uuid', (col) => col.notNull().references('responses.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('ethnicity_id', 'integer', (col) => col.notNull().references('lookup_principles.id'))
    .addPrimaryKeyConstraint('response_cultures_pkey', ['response_id', 'ethnicity_id'])
    .execute();
  await db.schema.createIndex('response_cultures_organization_ethnicity_id_idx').on('response_cultures').columns(['organization_id', 'ethnicity_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('response_cultures').execute();
  await db.schema.alterTable('responses').dropColumn('appearance_id').execute();
  await db.schema.alterTable('responses').dropColumn('culture_identity_id').execute();
}
