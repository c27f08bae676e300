import * as t from 'io-ts';
import { endpoint } from './endpoint';

/** One message of the outbox as the development mailbox shows it (never in production). */
export const OutboxMessage = t.strict({
  id: t.number,
  to: t.string,
  subject: t.string,
  text: t.string,
  link: t.union([t.string, t.null]),
  /** ISO 8601. */
  created_at: t.string,
});
export type OutboxMessage = t.TypeOf<typeof OutboxMessage>;

/**
 * The outbox, newest first; `to` keeps one recipient (exact address, any letter case). Read
 * with the mailbox key the server prints at start (`key`, or the X-Mailbox-Key header), or as
 * a signed-in administrator, who sees their own organisation's mail.
 */
export const getDevOutbox = endpoint({
  method: 'GET',
  path: '/dev/outbox',
  query: t.partial({ to: t.string, key: t.string }),
  data: t.array(OutboxMessage),
});
