import type { FastifyBaseLogger } from 'fastify';
import type { TokenLink } from '../../../domain/contracts/tokens';
import type { Mailer } from '../mail';

export interface LinkMailing {
  readonly organizationId: string;
  readonly organizationName: string;
  readonly senderName: string;
  readonly link: TokenLink;
  readonly recipients: readonly string[];
  /** The sender's own words, already trimmed; empty for none. */
  readonly message: string;
}

// Line breaks and tabs are kept in the sender's words; other control characters are not.
const plainText = (value: string): string => value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

/** The email that carries a survey link to one person (plain text, the link kept apart for the dev mailbox). */
export const linkMailText = (mailing: LinkMailing): { subject: string; text: string } => {
  const { link } = mailing;
  const privacy = link.anonymity === 1 ? ' Your answers are anonymous: the survey does not ask for your name.' : '';
  const note = mailing.message === '' ? '' : `\nA message from ${mailing.senderName}:\n\n${plainText(mailing.message)}\n`;
  return {
    subject: `${mailing.organizationName} invites you to take the ${link.survey.name}`,
    text:
      `Hello,\n\n` +
      `${mailing.organizationName} invites you to take the ${link.survey.name}. It takes 3 to 5 minutes.${privacy}\n` +
      note +
      `\nOpen the survey: ${link.url}\n` +
      `The link works until ${link.expires_at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}.\n`,
  };
};

/**
 * Sends one email per recipient, one after the other, after the answer has gone: each
 * message is written to the outbox before any SMTP attempt, and waiting for up to 200 SMTP
 * deliveries would hold the request for minutes. A failure is logged and the rest go on.
 */
export const sendLinkMails = (mailer: Mailer, mailing: LinkMailing, log: FastifyBaseLogger): Promise<void> => {
  const { subject, text } = linkMailText(mailing);
  return (async () => {
    for (const to of mailing.recipients) {
      try {
        await mailer.send({ organizationId: mailing.organizationId, to, subject, text, link: mailing.link.url });
      } catch (error) {
        log.error({ err: error }, 'survey link mail failed');
      }
    }
  })();
};
