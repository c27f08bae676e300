import type { FastifyPluginAsync } from 'fastify';
import { getSurveyQuestions, SurveyMessages } from '../../../domain/contracts/survey';
import { DEFAULT_SURVEY_ID } from '../../../domain/session/state';
import { inOrder, surveyQuestions } from '../../../domain/survey/questions';
import { ApiError } from '../../http/apiError';
import { registerEndpoint } from '../../http/route';

/**
 * GET /survey/survey-questions: the question definitions of a survey, for anyone (the survey
 * page asks before a participant has any session). A survey is known when the database has
 * it and this build has its questions.
 */
export const surveyQuestionRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, getSurveyQuestions, async ({ query }) => {
    const surveyId = query.survey_id ?? DEFAULT_SURVEY_ID;
    const definitions = surveyQuestions(surveyId);
    const survey = definitions === null ? undefined : await app.db.selectFrom('surveys').select('id').where('id', '=', surveyId).executeTakeFirst();
    if (definitions === null || survey === undefined) throw new ApiError(404, SurveyMessages.surveyNotFound);
    return inOrder(definitions);
  });
};
