import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Role } from '../../../domain/contracts/auth';
import { getDevOutbox } from '../../../domain/contracts/dev';
import { Messages } from '../../../domain/contracts/envelope';
import { ApiError } from '../../http/apiError';
import { decodeOrThrow } from '../../http/decode';
import { registerEndpoint } from '../../http/route';
import { sameSecret } from '../../http/secrets';
import { activeSessionOf, TOKEN_COOKIE } from '../../plugins/auth';
import { bearerToken } from '../../http/bearer';
import { organizationUsable } from '../../services/auth/users';
import { listOutbox, type OutboxEntry } from '../../services/mail/outbox';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

// Only web addresses become links: a javascript: or data: URL in a message stays text.
const isWebLink = (value: string): boolean => /^https?:\/\//i.test(value) && URL.canParse(value);

const linkCell = (link: string | null): string => {
  if (link === null || link === '') return '<td>—</td>';
  const text = escapeHtml(link);
  return isWebLink(link) ? `<td><a href="${text}">${text}</a></td>` : `<td>${text}</td>`;
};

const statusText = (entry: OutboxEntry): string => {
  if (entry.sent_at !== null) return 'Sent';
  if (entry.last_error !== null) return `Not sent (${entry.attempts} attempt${entry.attempts === 1 ? '' : 's'}): ${entry.last_error}`;
  return 'Kept in the outbox';
};

const row = (entry: OutboxEntry): string => {
  const at = entry.created_at.toISOString();
  return [
    '<tr>',
    `<td><time datetime="${at}">${escapeHtml(at.replace('T', ' ').slice(0, 19))} UTC</time></td>`,
    `<td>${escapeHtml(entry.to)}</td>`,
    `<th scope="row">${escapeHtml(entry.subject)}</th>`,
    `<td><pre>${escapeHtml(entry.text)}</pre></td>`,
    linkCell(entry.link),
    `<td>${escapeHtml(statusText(entry))}</td>`,
    '</tr>',
  ].join('');
};

/** A plain page with no script: the CSP of the app allows inline styles only. */
export const renderMailbox = (entries: readonly OutboxEntry[], to: string, key = ''): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development mailbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1a1a1a; background: #fff; }
  table { border-collapse: collapse; width: 100%; }
  caption { text-align: left; font-weight: 600; padding: 0.5rem 0; }
  th, td { border: 1px solid #767676; padding: 0.4rem; text-align: left; vertical-align: top; }
  pre { white-space: pre-wrap; word-break: break-word; margin: 0; font: inherit; }
  a { color: #0645ad; word-break: break-all; }
  a:focus-visible, input:focus-visible, button:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
  form { margin: 1rem 0; display: flex; gap: 0.5rem; align-items: end; flex-wrap: wrap; }
  label { display: flex; flex-direction: column; gap: 0.25rem; }
</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p>Messages the server wrote to its outbox${key === '' ? " for your organisation" : ''}. This page exists only outside production.</p>
<form method="get" action="/dev/mailbox">
${key === '' ? '' : `<input type="hidden" name="key" value="${escapeHtml(key)}">`}
<label for="mailbox-to">Recipient address<input id="mailbox-to" name="to" type="email" value="${escapeHtml(to)}"></label>
<button type="submit">Filter</button>
${to === '' ? '' : `<a href="/dev/mailbox${key === '' ? '' : `?key=${encodeURIComponent(key)}`}">Show all messages</a>`}
</form>
<table>
<caption>${entries.length === 0 ? 'No messages' : `${entries.length} message${entries.length === 1 ? '' : 's'}, newest first`}${to === '' ? '' : ` for ${escapeHtml(to)}`}</caption>
<thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Message</th><th scope="col">Link</th><th scope="col">Delivery</th></tr></thead>
<tbody>
${entries.map(row).join('\n')}
</tbody>
</table>
</main>
</body>
</html>
`;

/**
 * The page's query, decoded with the JSON outbox's codec: a NUL or a lone surrogate in `to`
 * would otherwise reach PostgreSQL, which refuses to compare with it.
 */
const pageQuery = (request: FastifyRequest): { readonly to: string; readonly key: string } => {
  const { to = '', key = '' } = decodeOrThrow(getDevOutbox.query, request.query ?? {}, 'query');
  return { to: to.trim().slice(0, 320), key: key.trim().slice(0, 320) };
};

/** The mailbox key may come as `?key=` (a link to open in a browser) or as the X-Mailbox-Key header. */
const givenKey = (request: FastifyRequest): string => {
  const header = request.headers['x-mailbox-key'];
  return typeof header === 'string' && header !== '' ? header : pageQuery(request).key;
};

const MAILBOX_ROLES: readonly Role[] = ['admin', 'second_admin'];

/**
 * Who may read which mail: the holder of the key printed at start reads every message; a
 * signed-in administrator (bearer token, or the client's cookie for the page) reads their own
 * organisation's; anyone else gets the same 404 as an unknown address.
 */
type MailboxReader = { readonly everything: true } | { readonly everything: false; readonly organizationId: string };

const mailboxReader = async (app: FastifyInstance, request: FastifyRequest): Promise<MailboxReader | undefined> => {
  const key = givenKey(request);
  if (key !== '' && app.config.mailboxKey !== undefined && sameSecret(key, app.config.mailboxKey)) return { everything: true };
  const token = bearerToken(request.headers.authorization) ?? request.cookies[TOKEN_COOKIE];
  if (token === undefined) return undefined;
  const active = await activeSessionOf(app, request, token);
  if (active === undefined || active.session.restricted || !organizationUsable(active.organization)) return undefined;
  return MAILBOX_ROLES.includes(active.user.role) ? { everything: false, organizationId: active.organization.id } : undefined;
};

const mailOf = (app: FastifyInstance, reader: MailboxReader, to: string | undefined) =>
  listOutbox(app.db, { to, ...(reader.everything ? {} : { organizationId: reader.organizationId }) });

const notFoundPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Not found</title></head>
<body><main><h1>Not found</h1><p>${Messages.notFound}</p></main></body></html>
`;

/**
 * The development mailbox: the outbox as JSON (for end-to-end tests reading emailed links)
 * and as a page, for the holder of the mailbox key or a signed-in administrator. Nothing is
 * registered in production, so both paths answer the usual 404 there.
 */
export const devRoutes: FastifyPluginAsync = async (app) => {
  if (app.config.production || app.config.mailboxKey === undefined) return;

  registerEndpoint(app, getDevOutbox, async ({ query, request, reply }) => {
    const reader = await mailboxReader(app, request);
    if (reader === undefined) throw new ApiError(404, Messages.notFound);
    reply.header('cache-control', 'no-store');
    const entries = await mailOf(app, reader, query.to);
    return entries.map((entry) => ({
      id: entry.id,
      to: entry.to,
      subject: entry.subject,
      text: entry.text,
      link: entry.link,
      created_at: entry.created_at.toISOString(),
    }));
  });

  app.get('/dev/mailbox', async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const reader = await mailboxReader(app, request);
    if (reader === undefined) return reply.code(404).send(notFoundPage);
    const { to } = pageQuery(request);
    const entries = await mailOf(app, reader, to);
    return reply.send(renderMailbox(entries, to, reader.everything ? givenKey(request) : ''));
  });
};
