import type { FastifyInstance } from 'fastify';
import { AuthMessages } from '../../../domain/contracts/auth';
import { LINK_EMAIL_MESSAGE_MAX, LINK_EMAILS_MAX, manipulationEmail, TokenMessages } from '../../../domain/contracts/tokens';
import { isValidEmail } from '../../../domain/session/email';
import { registerEndpoint } from '../../http/route';
import { authOf } from '../../plugins/auth';
import { audit } from '../../services/auth/audit';
import { type FieldErrors, fieldFailure, invalidData } from '../../services/auth/errors';
import { findLink, linkNotFound } from '../../services/tokens/links';
import { sendLinkMails } from '../../services/tokens/mail';
import { linkScopeOf } from '../../services/tokens/scope';

const EMAIL_MAX = 254;

/** POST /survey/manipulation-email: emails a link that can still be answered to a list of people. */
export const emailRoutes = (scope: FastifyInstance): void => {
  registerEndpoint(scope, manipulationEmail, async ({ body, request }) => {
    const auth = authOf(request);
    const linkScope = await linkScopeOf(scope.db, auth);

    const errors: FieldErrors = {};
    if (body.emails.length < 1 || body.emails.length > LINK_EMAILS_MAX) errors.emails = [TokenMessages.emailsCount];
    else {
      body.emails.forEach((raw, index) => {
        const email = raw.trim();
        if (email.length > EMAIL_MAX || !isValidEmail(email)) errors[`emails.${index}`] = [AuthMessages.invalidEmail];
      });
    }
    const message = body.message?.trim() ?? '';
    if (message.length > LINK_EMAIL_MESSAGE_MAX) errors.message = [TokenMessages.messageTooLong];
    if (Object.keys(errors).length > 0) throw invalidData(errors);

    const link = await findLink(scope.db, auth.organization.id, linkScope, body.token_id, scope.config.appUrl);
    if (link === undefined) throw linkNotFound();
    // Mailing a link that cannot be answered would only send people to a refusal.
    if (link.status === 'expired') throw fieldFailure(TokenMessages.surveyExpired, 'token_id');
    if (link.status === 'inactive') throw fieldFailure(TokenMessages.tokenNoLongerValid, 'token_id');
    if (link.status === 'full') throw fieldFailure(TokenMessages.tokenHasNoSeats, 'token_id');

    const seen = new Set<string>();
    const recipients: string[] = [];
    for (const raw of body.emails) {
      const email = raw.trim();
      if (seen.has(email.toLowerCase())) continue;
      seen.add(email.toLowerCase());
      recipients.push(email);
    }

    // The count only: the addresses are personal data the audit log does not need.
    await audit(scope.db, {
      organizationId: auth.organization.id,
      actor: auth.user.id,
      action: 'token.link_emailed',
      address: request.ip,
      details: { token_id: link.id, count: recipients.length },
    });
    void sendLinkMails(
      scope.mailer,
      {
        organizationId: auth.organization.id,
        organizationName: auth.organization.name,
        senderName: `${auth.user.first_name} ${auth.user.last_name}`.trim() || auth.organization.name,
        link,
        recipients,
        message,
      },
      request.log,
    );
    return { queued: recipients.length };
  });
};
