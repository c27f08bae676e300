import type { FastifyPluginAsync } from 'fastify';
import { getDevOutbox } from '../../../domain/contracts/dev';
import { registerEndpoint } from '../../http/route';
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
export const renderMailbox = (entries: readonly OutboxEntry[], to: string): string => `<!doctype html>
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
<p>Messages the server wrote to its outbox. This page exists only outside production.</p>
<form method="get" action="/dev/mailbox">
<label for="mailbox-to">Recipient address<input id="mailbox-to" name="to" type="email" value="${escapeHtml(to)}"></label>
<button type="submit">Filter</button>
${to === '' ? '' : '<a href="/dev/mailbox">Show all messages</a>'}
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

const queryTo = (query: unknown): string => {
  const to = (query as { to?: unknown } | undefined)?.to;
  return typeof to === 'string' ? to.trim().slice(0, 320) : '';
};

/**
 * The development mailbox: the outbox as JSON (for end-to-end tests reading emailed links)
 * and as a page. Nothing is registered in production, so both paths answer the usual 404.
 */
export const devRoutes: FastifyPluginAsync = async (app) => {
  if (app.config.production) return;

  registerEndpoint(app, getDevOutbox, async ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    const entries = await listOutbox(app.db, { to: query.to });
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
    const to = queryTo(request.query);
    const entries = await listOutbox(app.db, { to });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderMailbox(entries, to));
  });
};
