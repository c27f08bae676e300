import type { FastifyInstance } from 'fastify';
import { isApiPath, pathOf } from './paths';

/**
 * API answers carry personal data, figures about people or tokens: no browser or proxy keeps
 * them. A route that knows better (the organisation's logo) sets its own Cache-Control.
 */
export const noStoreOnApiAnswers = (app: FastifyInstance): void => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(pathOf(request.url)) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
};
