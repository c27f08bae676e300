import type { FastifyInstance } from 'fastify';
import { mutualityEndpoints as E } from '../../../domain/contracts/mutuality';
import type { Release } from '../../../domain/stats';
import { localeHeader } from '../../http/locale';
import { type EnvelopeReply, noContent, registerEndpoint } from '../../http/route';
import { authOf } from '../../plugins/auth';
import type { SelectionBudget } from '../../services/statistics/budget';
import type { StatisticsFigures } from '../../services/statistics/figures';
import { countriesList, mutualityOf, mutualitySelectionOf } from '../../services/mutuality';

const answer = <T>(release: Release<T>): T | EnvelopeReply => (release.status === 200 ? release.data : noContent(release.message));

/**
 * Compare → External (SPEC section 7: mutuality/*), registered beside the statistics so a
 * comparison counts against the same hourly allowance of selections (budget.ts).
 */
export const registerMutuality = (scope: FastifyInstance, figures: StatisticsFigures, budget: SelectionBudget): void => {
  registerEndpoint(scope, E.countriesList, async ({ request }) => countriesList(scope.db, localeHeader(request), authOf(request).organization.id));
  registerEndpoint(scope, E.data, async ({ request, query }) => answer(await mutualityOf(scope.db, figures, budget, authOf(request), query, localeHeader(request))));
  registerEndpoint(scope, E.compareData, async ({ request, query }) => answer(await mutualitySelectionOf(scope.db, figures, budget, authOf(request), query, localeHeader(request))));
};
