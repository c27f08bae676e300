import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { createTransport } from 'nodemailer';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/database';

export { listOutbox, type OutboxEntry } from './outbox';

export interface MailMessage {
  /** The organisation the message is about; null for installation-wide mail. */
  readonly organizationId: string | null;
  readonly to: string;
  readonly subject: string;
  /** Plain text body. */
  readonly text: string;
  /** The one link the message carries (activation, reset, ...), kept apart for the dev mailbox. */
  readonly link?: string;
}

export interface Mailer {
  /**
   * Writes the message to the outbox, then delivers it through SMTP when one is configured.
   * Resolves once the delivery was tried; a delivery failure is recorded on the outbox row
   * and never rejects (only a failing outbox write does).
   */
  send(message: MailMessage): Promise<void>;
}

// Bounded so that a request that sends mail never hangs on a silent SMTP server.
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

const maxErrorLength = 500;

// A subject is one header line: a line break in it must not start another header.
const oneLine = (value: string): string => value.replace(/[\r\n]+/g, ' ').trim();

const errorText = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > maxErrorLength ? `${text.slice(0, maxErrorLength - 1)}…` : text;
};

/**
 * The mail service of the server (`app.mailer`). Every message goes to the outbox table
 * first. With `config.smtpUrl` it is sent through nodemailer and marked sent, or its error and
 * attempt count are recorded. Without SMTP it stays in the outbox (see the development
 * mailbox) and a line with its subject and link is printed, except under NODE_ENV=test.
 */
export const createMailer = (config: ServerConfig, db: Kysely<Database>, log?: FastifyBaseLogger): Mailer => {
  const transport = config.smtpUrl === undefined ? undefined : createTransport({ url: config.smtpUrl, ...smtpTimeouts });

  const deliver = async (id: number, message: MailMessage): Promise<void> => {
    if (transport === undefined) return;
    try {
      await transport.sendMail({ from: config.mailFrom, to: message.to, subject: oneLine(message.subject), text: message.text });
    } catch (error) {
      const text = errorText(error);
      log?.warn({ outboxId: id, error: text }, 'mail delivery failed; the message stays in the outbox');
      await db
        .updateTable('outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: text }))
        .where('id', '=', id)
        .execute()
        .catch((updateError: unknown) => log?.error({ outboxId: id, error: errorText(updateError) }, 'could not record a mail failure'));
      return;
    }
    await db
      .updateTable('outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), sent_at: sql<Date>`now()`, last_error: null }))
      .where('id', '=', id)
      .execute()
      .catch((updateError: unknown) => log?.error({ outboxId: id, error: errorText(updateError) }, 'could not mark a mail as sent'));
  };

  return {
    async send(message) {
      const row = await db
        .insertInto('outbox')
        .values({
          organization_id: message.organizationId,
          to_address: message.to.trim(),
          subject: oneLine(message.subject),
          text_body: message.text,
          link: message.link ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (transport !== undefined) return deliver(row.id, message);
      if (process.env.NODE_ENV !== 'test') {
        console.log(`[mail] to ${message.to.trim()}: ${oneLine(message.subject)}${message.link === undefined ? '' : ` ${message.link}`}`);
      }
    },
  };
};

/** For tests of code that sends mail: keeps every message in memory, no database, no SMTP. */
export const createCapturingMailer = (): { mailer: Mailer; messages: MailMessage[] } => {
  const messages: MailMessage[] = [];
  return {
    messages,
    mailer: {
      async send(message) {
        messages.push({ ...message });
      },
    },
  };
};
