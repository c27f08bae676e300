import { languageFor } from '../../../domain/i18n/precedence';
import type { Kysely } from 'kysely';
import { AuthMessages } from '../../../domain/contracts/auth';
import type { BodyOf } from '../../../domain/contracts/endpoint';
import { LINK_EMAIL_MESSAGE_MAX, LINK_EMAILS_MAX, type manipulationEmail, TokenMessages } from '../../../domain/contracts/tokens';
import type { Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { audit } from '../auth/audit';
import { type FieldErrors, fieldFailure, invalidData } from '../errors';
import { isAcceptableEmail } from '../auth/fields';
import { findLink, linkNotFound } from './links';
import type { LinkMailing } from './mail';
import type { LinkScope } from './scope';

type LinkEmailForm = BodyOf<typeof manipulationEmail>;

export interface LinkEmailRequest {
  readonly auth: AuthContext;
  readonly scope: LinkScope;
  /** The caller's address, for the audit log. */
  readonly address: string | null;
  readonly appUrl: string;
  readonly form: LinkEmailForm;
  /** The language the request was made in (its X-Locale header), if it said. */
  readonly locale?: string;
}

const formErrors = (form: LinkEmailForm, message: string): FieldErrors => {
  const errors: FieldErrors = {};
  if (form.emails.length < 1 || form.emails.length > LINK_EMAILS_MAX) errors.emails = [TokenMessages.emailsCount];
  else {
    form.emails.forEach((raw, index) => {
      if (!isAcceptableEmail(raw)) errors[`emails.${index}`] = [AuthMessages.invalidEmail];
    });
  }
  if (message.length > LINK_EMAIL_MESSAGE_MAX) errors.message = [TokenMessages.messageTooLong];
  return errors;
};

/** Each address once, as typed (trimmed), compared without case. */
const distinctRecipients = (emails: readonly string[]): string[] => {
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const raw of emails) {
    const email = raw.trim();
    if (seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    recipients.push(email);
  }
  return recipients;
};

/**
 * POST /survey/manipulation-email: checks the addresses and that the link can still be
 * answered, audits the count, and answers the mailing for the caller to send once the reply
 * has gone.
 */
export const prepareLinkMailing = async (db: Kysely<Database>, request: LinkEmailRequest): Promise<LinkMailing> => {
  const { auth, form } = request;
  const message = form.message?.trim() ?? '';
  const errors = formErrors(form, message);
  if (Object.keys(errors).length > 0) throw invalidData(errors);

  const link = await findLink(db, auth.organization.id, request.scope, form.token_id, request.appUrl);
  if (link === undefined) throw linkNotFound();
  // Mailing a link that cannot be answered would only send people to a refusal.
  if (link.status === 'expired') throw fieldFailure(TokenMessages.surveyExpired, 'token_id');
  if (link.status === 'inactive') throw fieldFailure(TokenMessages.tokenNoLongerValid, 'token_id');
  if (link.status === 'full') throw fieldFailure(TokenMessages.tokenHasNoSeats, 'token_id');

  const recipients = distinctRecipients(form.emails);
  // The count only: the addresses are personal data the audit log does not need.
  await audit(db, {
    organizationId: auth.organization.id,
    actor: auth.user.id,
    action: 'token.link_emailed',
    address: request.address,
    details: { token_id: link.id, count: recipients.length },
  });
  return {
    organizationId: auth.organization.id,
    organizationName: auth.organization.name,
    senderName: `${auth.user.first_name} ${auth.user.last_name}`.trim() || auth.organization.name,
    link,
    recipients,
    message,
    // The recipients have no account: the sender's language, as for an invitation.
    languages: [languageFor('sentOnBehalf', { sender: auth.user.locale_id, request: request.locale })],
  };
};
