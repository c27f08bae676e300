import type { FastifyPluginAsync } from 'fastify';
import { getSurveyGroups } from '../../../domain/contracts/survey';
import { registerEndpoint } from '../../http/route';
import { surveyGroupOptions } from '../../services/tokens/surveyGroups';

/** GET /survey/groups (public): the groups a participant may answer for on a survey link (services/tokens/surveyGroups.ts). */
export const surveyGroupRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, getSurveyGroups, async ({ query }) => surveyGroupOptions(app.db, { token: query.token, alias: query.alias, now: new Date() }));
};
