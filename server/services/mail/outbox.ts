import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database';

export interface OutboxEntry {
  readonly id: number;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly link: string | null;
  readonly created_at: Date;
  readonly sent_at: Date | null;
  readonly attempts: number;
  readonly last_error: string | null;
}

/** The newest messages first; `to` keeps only one recipient (exact address, any letter case). */
export interface OutboxFilter {
  readonly to?: string;
  /** Only the messages sent on behalf of this organisation. */
  readonly organizationId?: string;
  readonly limit?: number;
}

/** How many messages still wait to be sent (all of them when no SMTP server is set). */
export const unsentMailCount = async (db: Kysely<Database>): Promise<number> => {
  const row = await db.selectFrom('outbox').select(db.fn.countAll<string>().as('count')).where('sent_at', 'is', null).executeTakeFirst();
  return Number(row?.count ?? 0);
};

export const listOutbox = async (db: Kysely<Database>, options: OutboxFilter = {}): Promise<OutboxEntry[]> => {
  let query = db
    .selectFrom('outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'link', 'created_at', 'sent_at', 'attempts', 'last_error'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 200);
  const to = options.to?.trim();
  if (to !== undefined && to !== '') query = query.where(sql<string>`lower(to_address)`, '=', to.toLowerCase());
  if (options.organizationId !== undefined) query = query.where('organization_id', '=', options.organizationId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    link: row.link,
    created_at: row.created_at,
    sent_at: row.sent_at,
    attempts: row.attempts,
    last_error: row.last_error,
  }));
};
