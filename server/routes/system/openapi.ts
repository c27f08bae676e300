import type { FastifyPluginAsync } from 'fastify';
import { openApiDocument, type JsonSchema } from '../../../domain/contracts/openapi';

/**
 * GET /api/openapi.json: the API as OpenAPI 3.1, written from the contracts of the endpoints
 * this server registered (registerEndpoint records each), so other tools and clients can use it.
 */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  let document: JsonSchema | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= openApiDocument(app.registeredEndpoints, {
      title: 'Commonweave API',
      version: '1',
      description: 'Cultural-diversity surveys and privacy-safe statistics. Every answer is the envelope { status, data, message, errors }.',
    });
    return reply.header('cache-control', 'no-cache').send(document);
  });
};
