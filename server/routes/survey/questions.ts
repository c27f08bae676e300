import type { FastifyPluginAsync } from 'fastify';
import { getSurveyQuestions } from '../../../domain/contracts/survey';
import { DEFAULT_SURVEY_ID } from '../../../domain/session/state';
import { registerEndpoint } from '../../http/route';
import { questionsOfSurvey } from '../../services/survey/questions';

/**
 * GET /survey/survey-questions: the question definitions of a survey, for anyone (the survey
 * page asks before a participant has any session). A survey is known when the database has
 * it and this build has its questions.
 */
export const surveyQuestionRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, getSurveyQuestions, async ({ query }) => questionsOfSurvey(app.db, query.survey_id ?? DEFAULT_SURVEY_ID));
};
