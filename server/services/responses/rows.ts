import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Insertable, Kysely, QueryCreator } from 'kysely';
import { type AnswerValue, type LanguageRow, type QuestionDefinition } from '../../../domain/contracts/survey';
import { OWN_FIELD_QUESTIONS } from '../../../domain/survey/questions';
import type { AncestryRelation, Database, JsonValue, ResponsesTable } from '../../db/database';
import { toJson } from '../../db/database';
import type { CheckedSubmission } from './checks';
import { claimSeatQuery } from '../tokens/seats';

/**
 * How survey answers become statistics rows (migration 0008), by question key so that the
 * mapping follows the question and not its position. Answers of other questions (the consent,
 * a later survey's extra questions) live only in `responses.answers`.
 */
type PrincipleColumn =
  | 'country_birth_id'
  | 'state_id'
  | 'worldview_id'
  | 'branch_id'
  | 'denomination_id'
  | 'gender_id'
  | 'age_id'
  | 'education_id'
  | 'disability_id'
  | 'sexual_orientation_id'
  | 'position_level_id'
  | 'position_type_id'
  | 'culture_identity_id'
  | 'appearance_id';

export const PRINCIPLE_COLUMNS: Readonly<Record<string, PrincipleColumn>> = {
  'country-of-birth': 'country_birth_id',
  'state-of-birth': 'state_id',
  worldview: 'worldview_id',
  'worldview-branch': 'branch_id',
  'worldview-denomination': 'denomination_id',
  gender: 'gender_id',
  age: 'age_id',
  education: 'education_id',
  disability: 'disability_id',
  'sexual-orientation': 'sexual_orientation_id',
  'position-level': 'position_level_id',
  'position-type': 'position_type_id',
  appearance: 'appearance_id',
};

export const ANCESTRY_RELATIONS: Readonly<Record<string, AncestryRelation>> = {
  'mother-country-of-birth': 'mother',
  'father-country-of-birth': 'father',
  'maternal-grandmother-country-of-birth': 'maternal_grandmother',
  'maternal-grandfather-country-of-birth': 'maternal_grandfather',
  'paternal-grandmother-country-of-birth': 'paternal_grandmother',
  'paternal-grandfather-country-of-birth': 'paternal_grandfather',
};

const LANGUAGES_KEY = 'languages';
const HERITAGES_KEY = 'cultural-heritage';
const CULTURES_KEY = 'cultures-belong';
/** A list of at most one row (domain/survey/questions.ts) stored as one column. */
const CULTURE_IDENTITY_KEY = 'culture-identity';
const AGE_KEY = 'age';

/** The answer columns of a response row (everything but who, where and when). */
export type AnswerColumns = { [column in PrincipleColumn]: number | null } & Pick<ResponsesTable, 'birth_year'> & { answers: string };

export interface ChildRows {
  readonly ancestry: readonly { relation: AncestryRelation; country_id: number }[];
  readonly languages: readonly LanguageRow[];
  readonly heritages: readonly number[];
  readonly cultures: readonly number[];
}

const BIRTH_YEAR = /^\d{4}$/;

/** The answers as stored in `responses.answers`: every question but the names and question 33, which have columns. */
export const storedAnswers = (definitions: readonly QuestionDefinition[], sent: Readonly<Record<string, AnswerValue>>): Record<string, JsonValue> => {
  const stored: Record<string, JsonValue> = {};
  for (const definition of definitions) {
    if (OWN_FIELD_QUESTIONS.includes(definition.id)) continue;
    const value = sent[String(definition.id)];
    if (value !== undefined) stored[String(definition.id)] = value as JsonValue;
  }
  return stored;
};

/** The columns and child rows of a checked submission. */
export const responseRows = (definitions: readonly QuestionDefinition[], checked: CheckedSubmission): { columns: AnswerColumns; children: ChildRows } => {
  const columns: AnswerColumns = {
    country_birth_id: null,
    state_id: null,
    worldview_id: null,
    branch_id: null,
    denomination_id: null,
    gender_id: null,
    age_id: null,
    education_id: null,
    disability_id: null,
    sexual_orientation_id: null,
    position_level_id: null,
    position_type_id: null,
    culture_identity_id: null,
    appearance_id: null,
    birth_year: null,
    answers: toJson(storedAnswers(definitions, checked.sent)),
  };
  const ancestry: { relation: AncestryRelation; country_id: number }[] = [];
  let languages: LanguageRow[] = [];
  let heritages: number[] = [];
  let cultures: number[] = [];
  for (const definition of definitions) {
    const value = checked.sent[String(definition.id)];
    const column = PRINCIPLE_COLUMNS[definition.key];
    const relation = ANCESTRY_RELATIONS[definition.key];
    if (column !== undefined && typeof value === 'number') {
      columns[column] = value;
      if (definition.key === AGE_KEY) {
        // The 'ages' items are birth years whose code is the year; "Prefer not to answer" has none.
        const code = checked.principles.get(value)?.code ?? '';
        columns.birth_year = BIRTH_YEAR.test(code) ? Number(code) : null;
      }
    } else if (relation !== undefined && typeof value === 'number') {
      ancestry.push({ relation, country_id: value });
    } else if (definition.key === LANGUAGES_KEY && Array.isArray(value)) {
      languages = (value as LanguageRow[]).map((row) => ({ principleId: row.principleId, level: row.level }));
    } else if (definition.key === HERITAGES_KEY && Array.isArray(value)) {
      heritages = [...(value as number[])];
    } else if (definition.key === CULTURES_KEY && Array.isArray(value)) {
      cultures = [...(value as number[])];
    } else if (definition.key === CULTURE_IDENTITY_KEY && Array.isArray(value) && typeof value[0] === 'number') {
      columns.culture_identity_id = value[0];
    }
  }
  return { columns, children: { ancestry, languages, heritages, cultures } };
};

/**
 * Writes a new response and its child rows in one statement (data-modifying CTEs; the
 * foreign keys are checked at the end of the statement): one round trip instead of four,
 * which matters because a submit holds its link's seat lock until it commits. Answers the id.
 */
export const insertResponse = async (
  trx: Kysely<Database>,
  values: Omit<Insertable<ResponsesTable>, 'id'>,
  children: ChildRows,
  seat?: { readonly tokenId: string },
): Promise<{ readonly id: string; readonly seatClaimed: boolean }> => {
  const id = randomUUID();
  const base = { response_id: id, organization_id: values.organization_id };
  let query: QueryCreator<any> = trx.with('inserted_response', () => trx.insertInto('responses').values({ ...values, id }).returning('id'));
  if (seat !== undefined) query = query.with('claimed_seat', () => claimSeatQuery(trx, seat.tokenId));
  if (children.ancestry.length > 0) {
    const rows = children.ancestry.map((row) => ({ ...base, ...row }));
    query = query.with('inserted_ancestry', () => trx.insertInto('response_ancestry').values(rows).returning('response_id'));
  }
  if (children.languages.length > 0) {
    const rows = children.languages.map((row) => ({ ...base, language_id: row.principleId, level: row.level }));
    query = query.with('inserted_languages', () => trx.insertInto('response_languages').values(rows).returning('response_id'));
  }
  if (children.heritages.length > 0) {
    const rows = children.heritages.map((ethnicityId) => ({ ...base, ethnicity_id: ethnicityId }));
    query = query.with('inserted_heritages', () => trx.insertInto('response_heritages').values(rows).returning('response_id'));
  }
  if (children.cultures.length > 0) {
    const rows = children.cultures.map((ethnicityId) => ({ ...base, ethnicity_id: ethnicityId }));
    query = query.with('inserted_cultures', () => trx.insertInto('response_cultures').values(rows).returning('response_id'));
  }
  const inserted = await query
    .selectFrom('inserted_response')
    .select(seat === undefined ? ['id'] : ['id', (eb: ExpressionBuilder<any, any>) => eb.exists(eb.selectFrom('claimed_seat').select('id')).as('seat_claimed')])
    .executeTakeFirstOrThrow();
  return { id: inserted.id as string, seatClaimed: inserted.seat_claimed === true };
};

/** Writes the child rows of a response (the caller has removed any earlier ones). */
export const insertChildRows = async (trx: Kysely<Database>, organizationId: string, responseId: string, children: ChildRows): Promise<void> => {
  const base = { response_id: responseId, organization_id: organizationId };
  if (children.ancestry.length > 0) {
    await trx
      .insertInto('response_ancestry')
      .values(children.ancestry.map((row) => ({ ...base, ...row })))
      .execute();
  }
  if (children.languages.length > 0) {
    await trx
      .insertInto('response_languages')
      .values(children.languages.map((row) => ({ ...base, language_id: row.principleId, level: row.level })))
      .execute();
  }
  if (children.heritages.length > 0) {
    await trx
      .insertInto('response_heritages')
      .values(children.heritages.map((ethnicityId) => ({ ...base, ethnicity_id: ethnicityId })))
      .execute();
  }
  if (children.cultures.length > 0) {
    await trx
      .insertInto('response_cultures')
      .values(children.cultures.map((ethnicityId) => ({ ...base, ethnicity_id: ethnicityId })))
      .execute();
  }
};

/** Removes the child rows of a response before an edit writes them again. */
export const deleteChildRows = async (trx: Kysely<Database>, organizationId: string, responseId: string): Promise<void> => {
  for (const table of ['response_ancestry', 'response_languages', 'response_heritages', 'response_cultures'] as const) {
    await trx.deleteFrom(table).where('response_id', '=', responseId).where('organization_id', '=', organizationId).execute();
  }
};
