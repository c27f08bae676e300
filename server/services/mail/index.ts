import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { createTransport, type SendMailOptions } from 'nodemailer';
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
  /** Extra header lines (List-Unsubscribe, ...); names and values without line breaks. */
  readonly headers?: Readonly<Record<string, string>>;
  /** A Message-ID of the caller's, `<...@...>`, so that a resend of the same mail is known as one. */
  readonly messageId?: string;
}

/**
 * What the SMTP server said: a temporary failure (4xx, or no answer at all) is worth trying
 * again later, a permanent one (5xx) is not.
 */
export type DeliveryOutcome = 'sent' | { readonly temporary: string } | { readonly permanent: string };

export interface Mailer {
  /**
   * Writes the message to the outbox, then delivers it through SMTP when one is configured.
   * Resolves once the delivery was tried; a delivery failure is recorded on the outbox row
   * and never rejects (only a failing outbox write does).
   */
  send(message: MailMessage): Promise<void>;
  /**
   * Like `send`, but answers how the delivery went instead of keeping it to the outbox row. Without
   * SMTP the outbox write is the delivery ('sent'). Optional so that test doubles of `send`
   * alone still fit; see `deliverThrough`.
   */
  deliver?(message: MailMessage): Promise<DeliveryOutcome>;
  /** Closes the SMTP connections `deliver` keeps open (at the server's close). */
  close?(): void;
}

/** A mailer's `deliver`, or for one without it its `send` taken as delivered. */
export const deliverThrough =
  (mailer: Mailer) =>
  async (message: MailMessage): Promise<DeliveryOutcome> => {
    if (mailer.deliver !== undefined) return mailer.deliver(message);
    await mailer.send(message);
    return 'sent';
  };

/** nodemailer's error for an SMTP reply carries its code; an error without one never reached an answer. */
export const outcomeOfError = (error: unknown): DeliveryOutcome => {
  const text = errorText(error);
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600 ? { permanent: text } : { temporary: text };
};

// Bounded so that a request that sends mail never hangs on a silent SMTP server.
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

const maxErrorLength = 500;

/** What delivering needs of a nodemailer transport, pooled or not. */
interface SmtpSender {
  sendMail(options: SendMailOptions): Promise<unknown>;
}

/** SMTP connections campaign deliveries keep open at once. */
const BULK_CONNECTIONS = 4;

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
  // Campaign mail goes by the thousand: its deliveries share a few kept-open connections, made at the first one.
  let pooled: ReturnType<typeof createPooled> | undefined;
  const createPooled = (url: string) => createTransport({ url, pool: true, maxConnections: BULK_CONNECTIONS, ...smtpTimeouts });
  const bulkTransport = (): SmtpSender | undefined =>
    config.smtpUrl === undefined ? undefined : (pooled ??= createPooled(config.smtpUrl));

  const deliver = async (id: number, message: MailMessage, through: SmtpSender | undefined = transport): Promise<DeliveryOutcome> => {
    if (through === undefined) return 'sent';
    try {
      await through.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: oneLine(message.subject),
        text: message.text,
        ...(message.headers === undefined ? {} : { headers: Object.fromEntries(Object.entries(message.headers).map(([name, value]) => [oneLine(name), oneLine(value)])) }),
        ...(message.messageId === undefined ? {} : { messageId: oneLine(message.messageId) }),
      });
    } catch (error) {
      const text = errorText(error);
      log?.warn({ outboxId: id, error: text }, 'mail delivery failed; the message stays in the outbox');
      await db
        .updateTable('outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: text }))
        .where('id', '=', id)
        .execute()
        .catch((updateError: unknown) => log?.error({ outboxId: id, error: errorText(updateError) }, 'could not record a mail failure'));
      return outcomeOfError(error);
    }
    await db
      .updateTable('outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), sent_at: sql<Date>`now()`, last_error: null }))
      .where('id', '=', id)
      .execute()
      .catch((updateError: unknown) => log?.error({ outboxId: id, error: errorText(updateError) }, 'could not mark a mail as sent'));
    return 'sent';
  };

  const writeOutbox = async (message: MailMessage): Promise<number> => {
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
    return row.id;
  };

  return {
    async deliver(message) {
      const id = await writeOutbox(message);
      if (transport === undefined && process.env.NODE_ENV !== 'test') console.log(`[mail] to ${message.to.trim()}: ${oneLine(message.subject)}`);
      return deliver(id, message, bulkTransport());
    },
    close() {
      pooled?.close();
      pooled = undefined;
    },
    async send(message) {
      const id = await writeOutbox(message);
      if (transport !== undefined) {
        await deliver(id, message);
        return;
      }
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
      async deliver(message) {
        messages.push({ ...message });
        return 'sent';
      },
    },
  };
};
