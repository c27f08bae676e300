import type { FastifyInstance } from 'fastify';
import { submitSurvey } from '../../../domain/contracts/responses';
import { localeHeader } from '../../http/locale';
import { registerEndpoint } from '../../http/route';
import { submitSurveyResponse } from '../../services/responses';

/**
 * POST /diversity-survey (public): a participant's answers through a survey link, or with
 * `edit_token` the change of an earlier named response. Everything is written at once or
 * not at all (one statement, or one transaction); the email with the edit and delete links goes after it committed, in the
 * background (a failed delivery stays in the outbox and never fails the submit).
 */
export const submitRoutes = (app: FastifyInstance): void => {
  registerEndpoint(app, submitSurvey, async ({ body, query, request }) => {
    const invitationToken = [body.invitation, query.invitation].map((value) => value?.trim() ?? '').find((value) => value !== '') ?? '';
    const now = new Date();
    const outcome = await submitSurveyResponse(app.db, { body, invitationToken, appUrl: app.config.appUrl, now, locale: localeHeader(request) });
    if (outcome.mail !== undefined) {
      app.mailer.send(outcome.mail).catch((error: unknown) => request.log.error({ err: error }, 'survey edit link mail failed'));
    }
    return { completed: true as const, edited: outcome.edited, edit_link_sent: outcome.mail !== undefined };
  });
};
