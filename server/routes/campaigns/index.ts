import type { FastifyPluginAsync } from 'fastify';
import { cancelCampaign, createCampaign, listCampaigns, pauseCampaign, resumeCampaign, updateCampaign } from '../../../domain/contracts/campaigns';
import { registerEndpoint } from '../../http/route';
import { authenticated, authOf } from '../../plugins/auth';
import type { CampaignActor } from '../../services/campaigns/access';
import { listCampaigns as listOf } from '../../services/campaigns/list';
import { cancelCampaign as cancel, pauseCampaign as pause, resumeCampaign as resume } from '../../services/campaigns/lifecycle';
import { createCampaign as create, updateCampaign as update } from '../../services/campaigns/manage';

/**
 * Campaigns (domain/contracts/campaigns.ts): list, create, edit, pause, resume and cancel. The
 * participation figures are registered by their own module.
 */
export const campaignRoutes: FastifyPluginAsync = authenticated(async (scope) => {
  const db = scope.db;
  const actorOf = (request: Parameters<typeof authOf>[0]): CampaignActor => ({ auth: authOf(request), address: request.ip });

  registerEndpoint(scope, listCampaigns, async ({ request }) => listOf(db, authOf(request)));
  registerEndpoint(scope, createCampaign, async ({ body, request }) => create(db, actorOf(request), body));
  registerEndpoint(scope, updateCampaign, async ({ body, request }) => update(db, actorOf(request), body));
  registerEndpoint(scope, pauseCampaign, async ({ body, request }) => pause(db, actorOf(request), body.id));
  registerEndpoint(scope, resumeCampaign, async ({ body, request }) => resume(db, actorOf(request), body.id));
  registerEndpoint(scope, cancelCampaign, async ({ body, request }) => cancel(db, actorOf(request), body.id));
});
