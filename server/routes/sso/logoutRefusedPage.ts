import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageLanguageOf } from '../../../domain/i18n/acceptLanguage';
import { CATALOGUES } from '../../../domain/i18n/catalogues';
import { en } from '../../../domain/i18n/en';
import { escapeHtml, sendSmallPage, smallPage } from '../../http/smallPage';

/**
 * A refused LogoutRequest of the identity provider, answered to the browser it sent: the
 * refusal's one sentence in the browser's language (nothing more about why, as to any
 * unauthenticated caller), with the way back to the sign-in page. Same status as the JSON answer.
 */
export const sendLogoutRefusedPage = (request: FastifyRequest, reply: FastifyReply, status: number) => {
  const language = pageLanguageOf(request.headers['accept-language']);
  const texts = CATALOGUES[language] ?? en;
  const body = `<p role="alert">${escapeHtml(texts.server_saml_logout_refused)}</p><p><a href="/login">${escapeHtml(texts.back_to_login)}</a></p>`;
  return sendSmallPage(reply, status, smallPage(language, texts.logout, body));
};
