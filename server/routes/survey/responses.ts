import type { FastifyPluginAsync } from 'fastify';
import { editRoutes } from './edit';
import { submitRoutes } from './submit';

/** Survey responses: the public submit and the participant's emailed edit and delete links. */
export const surveyResponseRoutes: FastifyPluginAsync = async (app) => {
  submitRoutes(app);
  editRoutes(app);
};
