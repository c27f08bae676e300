import type { FastifyPluginAsync } from 'fastify';
import { ExtraExportBody, extraSurveyEndpoints as E } from '../../../domain/contracts/extraSurvey';
import { linkQuestions } from '../../../domain/contracts/extraAnswers';
import type { Filters } from '../../../domain/filters/model';
import { refused } from '../../../domain/stats';
import { decodeOrThrow } from '../../http/decode';
import { noContent, registerEndpoint, routePath } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { linkQuestionsOf } from '../../services/extraSurvey/answers';
import { exportExtraSurvey } from '../../services/extraSurvey/export';
import { listQuestions, updateQuestions } from '../../services/extraSurvey/questions';
import { extraResultsOf } from '../../services/extraSurvey/results';
import { departmentScopeOf } from '../../services/organization/scope';
import { statsRequestOf } from '../../services/statistics/figures';

const localeOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The extra survey: the builder and its results for signed-in members (services/extraSurvey),
 * its spreadsheet, and the public list of a survey link's extra questions.
 */
export const extraSurveyRoutes: FastifyPluginAsync = async (app) => {
  // The results are selections like the dashboards': they count against the same hourly allowance (kept in the database).
  const budget = app.statisticsBudget;

  await app.register(
    authenticated(async (scope) => {
      registerEndpoint(scope, E.surveys, async ({ request }) => listQuestions(app.db, authOf(request)));

      registerEndpoint(scope, E.update, async ({ request, body }) => app.db.transaction().execute((trx) => updateQuestions(trx, authOf(request), body)));

      registerEndpoint(scope, E.details, async ({ request, query }) => {
        const auth = authOf(request);
        const req = await statsRequestOf(app.db, auth.organization.id, await departmentScopeOf(app.db, auth), query as Filters);
        if (!(await budget.allow(req.context))) return noContent(refused().message);
        return extraResultsOf(app.db, app.statisticsCache, auth, req, localeOf(request.headers['x-locale']));
      });

      const endpoint = E.exportExtraSurvey;
      if (scope.hasDecorator('registeredEndpoints')) scope.registeredEndpoints.push(endpoint);
      scope.route({
        method: endpoint.method,
        url: routePath(endpoint.path),
        handler: async (request, reply) => {
          const body = decodeOrThrow(ExtraExportBody, request.body ?? {}, 'body');
          const auth = authOf(request);
          const locale = localeOf(request.headers['x-locale']);
          const caller = { auth, locale, statistics: app.releasedStatistics.for(auth, locale) };
          const file = await exportExtraSurvey(app.db, caller, body.filter ?? {});
          return reply.code(200).header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
        },
      });
    }),
  );

  registerEndpoint(app, linkQuestions, async ({ query }) => linkQuestionsOf(app.db, query.token, query.alias));
};
