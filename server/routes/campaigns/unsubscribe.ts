import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CampaignMessages, UNSUBSCRIBE_PATH } from '../../../domain/contracts/campaigns';
import { unsubscribeLanguage, unsubscribePageTexts } from '../../../domain/i18n/unsubscribe';
import { findUnsubscribeTarget, unsubscribe } from '../../services/campaigns/sending/unsubscribe';
import { DomainError, notFound } from '../../services/errors';

/**
 * RFC 8058 one-click unsubscribe, without session or CSRF token (the token in the address is
 * the proof): POST unsubscribes, whatever its form body says (a mail provider sends
 * `List-Unsubscribe=One-Click`). GET, a person following the link in the mail's text, answers a
 * small page with one button that POSTs, so a link scanner that only fetches unsubscribes nobody.
 * A browser (it asks for HTML) gets pages, the confirmation or the refusal; anyone else the JSON
 * envelope of every other API answer.
 */

const ROUTE = `/api${UNSUBSCRIBE_PATH}`;
const MAX_FORM_BYTES = 4096;
const UNSUBSCRIBES_PER_MINUTE = 30;

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

const tokenOf = (request: FastifyRequest): string | undefined => {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token.trim() : undefined;
};

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#f7f7f5;color:#1a1a1a}' +
  'main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #d0d0cc;border-radius:8px;padding:1.5rem}' +
  'h1{font-size:1.5rem;margin:0 0 1rem}p{line-height:1.5}' +
  'button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#1d4ed8;color:#fff;cursor:pointer}' +
  'button:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}';

const page = (language: string, title: string, body: string): string => {
  const code = unsubscribeLanguage(language);
  return (
    `<!doctype html><html lang="${code}" dir="${code === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
};

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(html);

const invalidPage = (reply: FastifyReply) => {
  const words = unsubscribePageTexts('en');
  return sendPage(reply, 404, page('en', words.title, `<p role="alert">${escapeHtml(words.invalid)}</p>`));
};

const donePage = (reply: FastifyReply, language: string, organization: string) => {
  const words = unsubscribePageTexts(language);
  return sendPage(reply, 200, page(language, words.title, `<p role="status">${escapeHtml(words.done(organization))}</p>`));
};

const wantsHtml = (request: FastifyRequest): boolean => /text\/html/i.test(request.headers.accept ?? '');

export const unsubscribeRoutes = async (app: FastifyInstance): Promise<void> => {
  await app.register(async (scope) => {
    // The body is not read: the token in the address decides. Parsed only so that both forms RFC 8058 allows are accepted.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: MAX_FORM_BYTES }, (_request, _body, done) => done(null, {}));
    }
    const config = { rateLimit: { max: UNSUBSCRIBES_PER_MINUTE, timeWindow: 60_000 } };

    scope.get(ROUTE, { config }, async (request, reply) => {
      const target = await findUnsubscribeTarget(app.db, tokenOf(request));
      if (target === undefined) {
        if (wantsHtml(request)) return invalidPage(reply);
        throw notFound(CampaignMessages.unsubscribeInvalid);
      }
      if (target.unsubscribed) return donePage(reply, target.language, target.organizationName);
      const words = unsubscribePageTexts(target.language);
      const action = `${ROUTE}?token=${encodeURIComponent(tokenOf(request) ?? '')}`;
      return sendPage(
        reply,
        200,
        page(
          target.language,
          words.title,
          `<p>${escapeHtml(words.question(target.organizationName))}</p>` +
            `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
            `<button type="submit">${escapeHtml(words.button)}</button></form>`,
        ),
      );
    });

    scope.post(ROUTE, { config }, async (request, reply) => {
      const html = wantsHtml(request);
      try {
        const target = await unsubscribe(app.db, tokenOf(request), new Date());
        if (html) return donePage(reply, target.language, target.organizationName);
        return reply.code(200).send({ status: 200 });
      } catch (error) {
        if (html && error instanceof DomainError && error.kind === 'notFound') return invalidPage(reply);
        throw error;
      }
    });
  });
};
