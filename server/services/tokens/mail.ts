import type { FastifyBaseLogger } from 'fastify';
import type { TokenLink } from '../../../domain/contracts/tokens';
import { mailTexts } from '../../../domain/i18n/mails';
import type { Mailer } from '../mail';

export interface LinkMailing {
  readonly organizationId: string;
  readonly organizationName: string;
  readonly senderName: string;
  readonly link: TokenLink;
  readonly recipients: readonly string[];
  /** The sender's own words, already trimmed; empty for none. */
  readonly message: string;
  /** The languages to write in, first known first; English when none is known. */
  readonly languages?: readonly (string | null | undefined)[];
}

// Line breaks and tabs are kept in the sender's words; other control characters are not.
const plainText = (value: string): string => value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

/** The email that carries a survey link to one person (plain text, the link kept apart for the dev mailbox). */
export const linkMailText = (mailing: LinkMailing): { subject: string; text: string } => {
  const { link } = mailing;
  const words = mailTexts(...(mailing.languages ?? []));
  const note = mailing.message === '' ? '' : `\n${words.linkNote(mailing.senderName)}\n\n${plainText(mailing.message)}\n`;
  return {
    subject: words.linkSubject(mailing.organizationName, link.survey.name),
    text:
      `${words.greeting('')}\n\n` +
      words.linkBody(mailing.organizationName, link.survey.name, link.anonymity === 1) +
      note +
      `\n${words.linkOpen(link.url)}` +
      words.linkUntil(link.expires_at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')),
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
