import type { FastifyPluginAsync } from 'fastify';
import { campaignParticipation } from '../../../domain/contracts/campaigns';
import { latestCampaignParticipation } from '../../../domain/contracts/homeParticipation';
import { noContent, registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';

/**
 * A campaign's participation and home's participation card (issue 29). Both read through the one
 * door (app.releasedStatistics, server/services/statistics/released.ts), so the card and the
 * campaign page get the same released figures for the same people.
 */
export const campaignParticipationRoutes: FastifyPluginAsync = authenticated(async (scope) => {
  const released = scope.releasedStatistics;
  registerEndpoint(scope, campaignParticipation, async ({ request, query }) => released.participation(authOf(request), query.id));
  registerEndpoint(scope, latestCampaignParticipation, async ({ request }) => (await released.latestParticipation(authOf(request))) ?? noContent());
});
