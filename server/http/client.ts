import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Messages } from '../../domain/contracts/envelope';
import { isParticipantPage } from '../../domain/navigation/participant';
import { isApiPath } from './paths';

/** Files of the build's root (Vite copies public/ there) that browsers ask for by name. */
const ROOT_FILES = ['favicon.ico', 'favicon.svg'] as const;

// A request for a file (last segment has a dot) or under /assets/ never gets the page back.
const isPagePath = (path: string): boolean => !path.startsWith('/assets/') && !(path.split('/').pop() ?? '').includes('.');

const cacheHeaders = (reply: FastifyReply, filePath: string): void => {
  // Vite names files in assets/ by content hash, so they never change; the page must be revalidated.
  const immutable = /[\\/]assets[\\/]/.test(filePath);
  const icon = /[\\/]favicon\.(ico|svg)(\.(br|gz))?$/.test(filePath);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : icon ? 'public, max-age=86400' : 'no-cache');
};

/**
 * The built client and every "not found": unknown /api paths answer the JSON 404 envelope,
 * a participant's page (a survey link, an emailed edit or delete link) gets survey.html, the
 * small page a phone downloads, and other page paths get index.html, the dashboards'
 * application, whose router shows them.
 */
export const registerClient = async (app: FastifyInstance, clientDir: string): Promise<void> => {
  const built = existsSync(join(clientDir, 'index.html'));
  if (built) {
    // Only the built files are served as they are; every page, / included, is answered below:
    // / with a survey link's token is the participant's page.
    // The build writes .br and .gz copies (scripts/precompress.ts): a browser that accepts one
    // gets it as it is, with Content-Encoding and Vary, and no CPU spent per request.
    await app.register(fastifyStatic, {
      root: join(clientDir, 'assets'),
      prefix: '/assets/',
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
    for (const name of ROOT_FILES) {
      if (existsSync(join(clientDir, name))) app.get(`/${name}`, (_request, reply) => reply.sendFile(name, clientDir));
    }
  }

  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request: FastifyRequest, reply: FastifyReply) => {
    const [path = '/', query = ''] = request.url.split('?');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && isPagePath(path);
    if (wantsPage && built) return reply.sendFile(isParticipantPage(path, query) ? 'survey.html' : 'index.html', clientDir);
    if (wantsPage) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The client is not built yet: run npm run build, then reload.\n');
    }
    return reply.code(404).send({ status: 404, message: Messages.notFound });
  });
};
