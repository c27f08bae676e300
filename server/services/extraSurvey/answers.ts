import type { Kysely } from 'kysely';
import { EXTRA_PREFER_NOT, type ExtraAnswers, ExtraSurveyMessages as M, type LinkQuestion, SCALE_KEYS } from '../../../domain/contracts/extraAnswers';
import type { Database, ExtraQuestionRow } from '../../db/database';
import { type FieldErrors, invalidData } from '../errors';
import { openLink } from '../tokens/opening';
import { optionsOf, translationsOf } from './questions';

/**
 * The extra questions a participant answers: those published on their survey link, asked as
 * the survey's last step. Answers are optional; each is one or more option keys of the question
 * ("Prefer not to answer" alone), stored one row per option with its own record key.
 */

/** The published questions of a link, in the builder's order. */
const publishedOn = (db: Kysely<Database>, tokenId: string, organizationId: string): Promise<ExtraQuestionRow[]> =>
  db
    .selectFrom('extra_questions as q')
    .innerJoin('extra_question_links as l', (join) => join.onRef('l.question_id', '=', 'q.id').onRef('l.organization_id', '=', 'q.organization_id'))
    .selectAll('q')
    .where('l.token_id', '=', tokenId)
    .where('q.organization_id', '=', organizationId)
    .where('q.status', '=', 'published')
    .orderBy('q.position')
    .orderBy('q.id')
    .execute();

/** GET /extra-survey/link-questions: a link's questions, or the link's refusal in the words of the survey page. */
export const linkQuestionsOf = async (db: Kysely<Database>, token: string, alias: string | undefined): Promise<LinkQuestion[]> => {
  const { link } = await openLink(db, token, alias);
  const rows = await publishedOn(db, link.id, link.organization_id);
  return rows.map((row) => ({ id: row.id, kind: row.kind, text: row.text, translations: translationsOf(row), options: optionsOf(row) }));
};

/** The option keys a question accepts, "Prefer not to answer" included. */
export const acceptedKeys = (row: Pick<ExtraQuestionRow, 'kind' | 'options'>): string[] => [
  ...(row.kind === 'scale' ? SCALE_KEYS : optionsOf(row).map((option) => option.key)),
  EXTRA_PREFER_NOT,
];

export interface ExtraAnswerRow {
  readonly questionId: string;
  readonly optionKey: string;
}

/** Checks the extra answers of a submission against the link's published questions; 422 naming each wrong one. */
export const checkExtraAnswers = async (db: Kysely<Database>, tokenId: string, organizationId: string, extra: ExtraAnswers | undefined): Promise<ExtraAnswerRow[]> => {
  const entries = Object.entries(extra ?? {});
  if (entries.length === 0) return [];
  const questions = new Map((await publishedOn(db, tokenId, organizationId)).map((row) => [row.id, row]));
  const errors: FieldErrors = {};
  const rows: ExtraAnswerRow[] = [];
  for (const [id, keys] of entries) {
    const field = `extra.${id}`;
    const question = questions.get(id.toLowerCase());
    if (question === undefined) {
      errors[field] = [M.notOnLink];
      continue;
    }
    const chosen = [...new Set(keys)];
    if (chosen.length === 0) continue;
    const accepted = new Set(acceptedKeys(question));
    if (chosen.some((key) => !accepted.has(key))) errors[field] = [M.optionUnknown];
    else if (question.kind !== 'multiple' && chosen.length > 1) errors[field] = [M.singleAnswer];
    else if (chosen.length > 1 && chosen.includes(EXTRA_PREFER_NOT)) errors[field] = [M.multipleAnswer];
    else rows.push(...chosen.map((optionKey) => ({ questionId: question.id, optionKey })));
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  return rows;
};

/** Writes a response's extra answers (record keys come from the column default). */
export const insertExtraAnswers = async (trx: Kysely<Database>, organizationId: string, responseId: string, rows: readonly ExtraAnswerRow[]): Promise<void> => {
  if (rows.length === 0) return;
  await trx
    .insertInto('extra_answers')
    .values(rows.map((row) => ({ response_id: responseId, question_id: row.questionId, organization_id: organizationId, option_key: row.optionKey })))
    .execute();
};

/**
 * An edit replaces the answers to the questions the link asks now; answers to versions no
 * longer asked stay as they were given.
 */
export const replaceExtraAnswers = async (trx: Kysely<Database>, tokenId: string, organizationId: string, responseId: string, rows: readonly ExtraAnswerRow[]): Promise<void> => {
  const asked = (await publishedOn(trx, tokenId, organizationId)).map((row) => row.id);
  if (asked.length > 0) {
    await trx.deleteFrom('extra_answers').where('organization_id', '=', organizationId).where('response_id', '=', responseId).where('question_id', 'in', asked).execute();
  }
  await insertExtraAnswers(trx, organizationId, responseId, rows);
};

/** A response's answers to the questions its link asks now (the edit form shows them again to their own participant). */
export const storedExtraAnswers = async (db: Kysely<Database>, tokenId: string, organizationId: string, responseId: string): Promise<ExtraAnswers> => {
  const asked = (await publishedOn(db, tokenId, organizationId)).map((row) => row.id);
  if (asked.length === 0) return {};
  const rows = await db
    .selectFrom('extra_answers')
    .select(['question_id', 'option_key'])
    .where('organization_id', '=', organizationId)
    .where('response_id', '=', responseId)
    .where('question_id', 'in', asked)
    .orderBy('option_key')
    .execute();
  const out: ExtraAnswers = {};
  for (const row of rows) (out[row.question_id] ??= []).push(row.option_key);
  return out;
};
