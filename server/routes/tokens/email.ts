import type { FastifyInstance } from 'fastify';
import { manipulationEmail } from '../../../domain/contracts/tokens';
import { localeHeader } from '../../http/locale';
import { registerEndpoint } from '../../http/route';
import { authOf } from '../../plugins/auth';
import { sendLinkMails } from '../../services/tokens/mail';
import { prepareLinkMailing } from '../../services/tokens/mailing';
import { linkScopeOf } from '../../services/tokens/scope';

/** POST /survey/manipulation-email: emails a link that can still be answered to a list of people (services/tokens/mailing.ts). */
export const emailRoutes = (scope: FastifyInstance): void => {
  registerEndpoint(scope, manipulationEmail, async ({ body, request }) => {
    const auth = authOf(request);
    const linkScope = await linkScopeOf(scope.db, auth);
    const mailing = await prepareLinkMailing(scope.db, { auth, scope: linkScope, address: request.ip, appUrl: scope.config.appUrl, form: body, locale: localeHeader(request) });
    void sendLinkMails(scope.mailer, mailing, request.log);
    return { queued: mailing.recipients.length };
  });
};
