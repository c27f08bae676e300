import type { FastifyInstance } from 'fastify';
import { checkEditSurvey, checkUpdateSurvey, deleteSurvey } from '../../../domain/contracts/responses';
import { registerEndpoint } from '../../http/route';
import { checkEditLink, deleteResponse, readEditable } from '../../services/responses';

/**
 * The emailed links of a named response (public; the token is the credential):
 * POST /check-update-survey says whether a link still works, GET /check-edit-survey answers
 * the answers an edit link may change (the change itself is POST /diversity-survey with
 * `edit_token`), DELETE /delete-survey erases the response of a delete link.
 */
export const editRoutes = (app: FastifyInstance): void => {
  registerEndpoint(app, checkUpdateSurvey, async ({ body }) => checkEditLink(app.db, body.token, body.alias, new Date()));

  registerEndpoint(app, checkEditSurvey, async ({ query }) => readEditable(app.db, query.token, new Date()));

  registerEndpoint(app, deleteSurvey, async ({ body }) => {
    const deleted = await app.db.transaction().execute((trx) => deleteResponse(trx, body.token, new Date()));
    return { deleted };
  });
};
