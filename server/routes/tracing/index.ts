import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Messages } from '../../../domain/contracts/envelope';
import { getOperatorErrors, postErrorReport, type StoredError } from '../../../domain/contracts/tracing';
import { isOperator, requireOperator } from '../../http/operator';
import { registerEndpoint } from '../../http/route';
import { sameSecret } from '../../http/secrets';
import { listErrors } from '../../services/tracing';

/** Reports one caller may send a minute; the client sends at most five, so more is a loop or abuse. */
export const ERROR_REPORTS_PER_MINUTE = 30;

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const time = (iso: string): string => `<time datetime="${iso}">${escapeHtml(iso.replace('T', ' ').slice(0, 19))} UTC</time>`;

const row = (error: StoredError): string =>
  [
    '<tr>',
    `<td>${time(error.last_seen_at)}</td>`,
    `<td>${time(error.first_seen_at)}</td>`,
    `<td>${error.count}</td>`,
    `<td>${escapeHtml(error.source)}</td>`,
    `<td>${escapeHtml(error.kind)}${error.code === null ? '' : ` (${escapeHtml(error.code)})`}</td>`,
    `<th scope="row">${escapeHtml(error.message)}</th>`,
    `<td>${error.url === null ? '—' : escapeHtml(error.url)}</td>`,
    `<td>${error.stack === null ? '—' : `<details><summary>Stack</summary><pre>${escapeHtml(error.stack)}</pre></details>`}</td>`,
    '</tr>',
  ].join('');

/** A plain page with no script, like the development mailbox. */
export const renderErrorsPage = (errors: readonly StoredError[]): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Errors</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1a1a1a; background: #fff; }
  table { border-collapse: collapse; width: 100%; }
  caption { text-align: left; font-weight: 600; padding: 0.5rem 0; }
  th, td { border: 1px solid #767676; padding: 0.4rem; text-align: left; vertical-align: top; }
  pre { white-space: pre-wrap; word-break: break-word; margin: 0; font-size: 0.85rem; }
  summary:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Errors</h1>
<p>Errors of the application in browsers and of the server, scrubbed of tokens, email addresses, survey answers and query strings. Identical errors are counted on one row.</p>
<table>
<caption>${errors.length === 0 ? 'No errors recorded' : `${errors.length} error${errors.length === 1 ? '' : 's'}, most recent first`}</caption>
<thead><tr><th scope="col">Last seen</th><th scope="col">First seen</th><th scope="col">Times</th><th scope="col">Source</th><th scope="col">Kind</th><th scope="col">Message</th><th scope="col">Where</th><th scope="col">Stack</th></tr></thead>
<tbody>
${errors.map(row).join('\n')}
</tbody>
</table>
</main>
</body>
</html>
`;

const notFoundPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Not found</title></head>
<body><main><h1>Not found</h1><p>${Messages.notFound}</p></main></body></html>
`;

/** The page is opened in a browser, so the token may also come as `?token=`. */
const pageOperator = (app: Parameters<typeof isOperator>[0], request: FastifyRequest): boolean => {
  if (isOperator(app, request)) return true;
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && app.config.operatorToken !== undefined && sameSecret(token, app.config.operatorToken);
};

/**
 * Error tracing: the client's intake (open to anyone, rate-limited, decoded and scrubbed
 * again), the operator's list as JSON and as a page. Server errors are recorded by the
 * error handler (server/http/errorHandler.ts).
 */
export const tracingRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(
    app,
    postErrorReport,
    async ({ body }) => {
      const result = await app.tracer.record({
        source: 'client',
        kind: body.kind,
        message: body.message,
        stack: body.stack ?? null,
        url: body.url,
        code: body.code ?? null,
      });
      return { accepted: result.isNew };
    },
    { config: { rateLimit: { max: ERROR_REPORTS_PER_MINUTE, timeWindow: 60_000 } } },
  );

  app.register(async (operator) => {
    operator.addHook('preHandler', requireOperator(operator));
    registerEndpoint(operator, getOperatorErrors, async ({ query }) => listErrors(app.db, { source: query.source }));
  });

  app.get('/operator/errors', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8');
    if (!pageOperator(app, request)) return reply.code(404).send(notFoundPage);
    return reply.send(renderErrorsPage(await listErrors(app.db)));
  });
};
