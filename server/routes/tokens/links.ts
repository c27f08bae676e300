import type { FastifyInstance } from 'fastify';
import { getTokens, getTokenSurveys, updateToken } from '../../../domain/contracts/tokens';
import { registerEndpoint } from '../../http/route';
import { authOf } from '../../plugins/auth';
import { listLinks, listSurveys, saveLink } from '../../services/tokens/links';
import { linkScopeOf } from '../../services/tokens/scope';

/** GET /token/all, GET /token/surveys and POST /token/update (inside an authenticated scope). */
export const linkRoutes = (scope: FastifyInstance): void => {
  registerEndpoint(scope, getTokens, async ({ request }) => {
    const auth = authOf(request);
    return listLinks(scope.db, auth.organization.id, await linkScopeOf(scope.db, auth), scope.config.appUrl);
  });

  registerEndpoint(scope, getTokenSurveys, async ({ request }) => {
    await linkScopeOf(scope.db, authOf(request));
    return listSurveys(scope.db);
  });

  registerEndpoint(scope, updateToken, async ({ body, request }) => {
    const auth = authOf(request);
    const linkScope = await linkScopeOf(scope.db, auth);
    return saveLink(scope.db, { auth, scope: linkScope, input: body, appUrl: scope.config.appUrl, address: request.ip });
  });
};
