import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CampaignMessages, UNSUBSCRIBE_PATH } from '../../../domain/contracts/campaigns';
import { unsubscribeLanguage, unsubscribePageTexts } from '../../../domain/i18n/unsubscribe';
import { escapeHtml, sendSmallPage, smallPage, wantsHtml } from '../../http/smallPage';
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

const tokenOf = (request: FastifyRequest): string | undefined => {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token.trim() : undefined;
};

const page = (language: string, title: string, body: string): string => smallPage(unsubscribeLanguage(language), title, body);

const invalidPage = (reply: FastifyReply) => {
  const words = unsubscribePageTexts('en');
  return sendSmallPage(reply, 404, page('en', words.title, `<p role="alert">${escapeHtml(words.invalid)}</p>`));
};

const donePage = (reply: FastifyReply, language: string, organization: string) => {
  const words = unsubscribePageTexts(language);
  return sendSmallPage(reply, 200, page(language, words.title, `<p role="status">${escapeHtml(words.done(organization))}</p>`));
};

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
      return sendSmallPage(
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
