import type { FastifyReply, FastifyRequest } from 'fastify';
import { productLanguage } from '../../domain/i18n/languages';

/**
 * The few pages the server writes itself, for a browser that reached an API address by a link
 * or a redirect (not through the client): one short message, readable without scripts.
 */

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** A browser asks for HTML; any other caller keeps the JSON envelope of every API answer. */
export const wantsHtml = (request: FastifyRequest): boolean => /text\/html/i.test(request.headers.accept ?? '');

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#f7f7f5;color:#1a1a1a}' +
  'main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #d0d0cc;border-radius:8px;padding:1.5rem}' +
  'h1{font-size:1.5rem;margin:0 0 1rem}p{line-height:1.5}a{color:#1d4ed8}' +
  'button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#1d4ed8;color:#fff;cursor:pointer}' +
  'a:focus-visible,button:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}';

/** A whole page in a product language (its code): `body` is HTML already escaped by the caller. */
export const smallPage = (languageCode: string, title: string, body: string): string => {
  const language = productLanguage(languageCode);
  return (
    `<!doctype html><html lang="${language.lang}" dir="${language.dir}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
};

export const sendSmallPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(html);
