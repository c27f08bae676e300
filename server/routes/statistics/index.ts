import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { benchmarkPooling, benchmarkProcess } from '../../../domain/contracts/benchmark';
import { compareData } from '../../../domain/contracts/compare';
import { KeyFactPage, statisticsEndpoints as E, statisticsMessages } from '../../../domain/contracts/statistics';
import type { Filters } from '../../../domain/filters/model';
import type { Release } from '../../../domain/stats';
import { localeHeader } from '../../http/locale';
import { EnvelopeReply, noContent, registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import { invalidData } from '../../services/errors';
import { benchmarkOf, setPooling } from '../../services/statistics/benchmark';
import { compareOf } from '../../services/statistics/compare';
import { keyFactsAnswer } from '../../services/statistics/keyFacts';
import { registerMutuality } from './mutuality';
import type { StatisticsRoute } from '../../services/statistics/table';

/** A released section, or the envelope's 204 with the reason. */
const answer = <T>(release: Release<T>): T | EnvelopeReply => (release.status === 200 ? release.data : noContent(release.message));

export const statisticsRoutes: FastifyPluginAsync = async (app) => {
  const released = app.releasedStatistics;
  const { figures, budget } = released;

  const register = (scope: FastifyInstance, { endpoint }: StatisticsRoute) =>
    registerEndpoint(scope, endpoint, async ({ request, query }) =>
      // The table paired the figure with its endpoint's data type (statisticsTable's `route`).
      answer((await released.section(authOf(request), endpoint, query as Filters))) as never,
    );

  const keyFacts = (scope: FastifyInstance) =>
    registerEndpoint(scope, E.keyFacts, async ({ request, query }) => {
      const { page, ...filters } = query;
      if (page === undefined || page === '') return noContent(statisticsMessages.keyFactsPage);
      if (!KeyFactPage.is(page)) throw invalidData({ page: [statisticsMessages.keyFactsPage] });
      // Read as the caller, as the dashboard reads its cards: the same released figures, group scope and allowance.
      return answer(await keyFactsAnswer(app.db, released.for(authOf(request), localeHeader(request)), page, filters, localeHeader(request)));
    });

  // Compare → Internal: each selection is a request of its own, counted against the allowance.
  const compare = (scope: FastifyInstance) =>
    registerEndpoint(scope, compareData, async ({ request, query }) => compareOf(app.db, figures, budget, authOf(request), query));

  await app.register(
    authenticated(async (scope) => {
      for (const route of released.rows) register(scope, route);
      keyFacts(scope);
      compare(scope);
      registerMutuality(scope, figures, budget);
      // Benchmark → Internal: every group the caller sees is a request of its own, as in a comparison.
      registerEndpoint(scope, benchmarkProcess, async ({ request, query }) => benchmarkOf(app.db, figures, budget, authOf(request), query));
      registerEndpoint(scope, benchmarkPooling, async ({ request, body }) => setPooling(app.db, { auth: authOf(request), address: request.ip, pooling: body.pooling }));
    }),
  );
};
