import type { Kysely } from 'kysely';
import { type QuestionDefinition, SurveyMessages } from '../../../domain/contracts/survey';
import { inOrder, surveyQuestions } from '../../../domain/survey/questions';
import type { Database } from '../../db/database';
import { notFound } from '../errors';

/**
 * The question definitions of a survey, in order. A survey is known when the database has it
 * and this build has its questions; otherwise it is not found.
 */
export const questionsOfSurvey = async (db: Kysely<Database>, surveyId: number): Promise<QuestionDefinition[]> => {
  const definitions = surveyQuestions(surveyId);
  const survey = definitions === null ? undefined : await db.selectFrom('surveys').select('id').where('id', '=', surveyId).executeTakeFirst();
  if (definitions === null || survey === undefined) throw notFound(SurveyMessages.surveyNotFound);
  return inOrder(definitions);
};
