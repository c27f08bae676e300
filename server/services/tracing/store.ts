import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { StoredError } from '../../../domain/contracts/tracing';
import { REPORT_LIMITS } from '../../../domain/contracts/tracing';
import { scrubText, scrubUrl } from '../../../domain/tracing/scrub';
import type { Database } from '../../db/database';

export interface ErrorRecord {
  readonly source: 'client' | 'server';
  readonly kind: string;
  readonly message: string;
  readonly stack: string | null;
  readonly url: string | null;
  readonly code: string | null;
}

const cut = (text: string, max: number): string => (text.length <= max ? text : text.slice(0, max));

/**
 * A server error's message may quote the value that failed (PostgreSQL: `invalid input syntax
 * for type integer: "Buddhism"`, `Key (email)=(a@b.c) already exists`), and that value may be
 * an answer: quoted and keyed values go before anything is stored.
 */
const withoutQuotedValues = (text: string): string =>
  text.replace(/(["'`])(?:(?!\1)[^\n]){1,500}\1/g, '[value]').replace(/=\([^)\n]{0,500}\)/g, '=([value])');

/** Scrubbed again on the server: a client's scrubbing is never trusted, and server errors have none. */
export const scrubRecord = (record: ErrorRecord): ErrorRecord => ({
  source: record.source,
  kind: cut(scrubText(record.kind), 40),
  message: cut(scrubText(record.source === 'server' ? withoutQuotedValues(record.message) : record.message), REPORT_LIMITS.message),
  stack: record.stack === null ? null : cut(scrubText(record.stack), REPORT_LIMITS.stack),
  url: record.url === null ? null : cut(scrubUrl(record.url), REPORT_LIMITS.url),
  code: record.code === null ? null : cut(scrubText(record.code), REPORT_LIMITS.code),
});

/** The stack is left out: the same failure reached by two paths is still one error. */
export const fingerprintOfRecord = (record: ErrorRecord): string =>
  createHash('sha256').update(JSON.stringify([record.source, record.kind, record.code, record.url, record.message])).digest('hex');

/**
 * Stores a scrubbed error, or counts it on the row of an identical one. Answers whether it
 * was new. One statement, so two identical reports at once still make one row.
 */
export const storeError = async (db: Kysely<Database>, raw: ErrorRecord): Promise<{ readonly record: ErrorRecord; readonly isNew: boolean }> => {
  const record = scrubRecord(raw);
  const row = await db
    .insertInto('error_reports')
    .values({ fingerprint: fingerprintOfRecord(record), ...record })
    .onConflict((oc) =>
      oc.column('fingerprint').doUpdateSet({
        count: sql`error_reports.count + 1`,
        last_seen_at: sql`now()`,
        // The newest stack is the most useful one.
        stack: (eb) => eb.ref('excluded.stack'),
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return { record, isNew: row.count === 1 };
};

export const listErrors = async (db: Kysely<Database>, options: { source?: 'client' | 'server'; limit?: number } = {}): Promise<StoredError[]> => {
  let query = db.selectFrom('error_reports').selectAll().orderBy('last_seen_at', 'desc').orderBy('id', 'desc').limit(options.limit ?? 200);
  if (options.source !== undefined) query = query.where('source', '=', options.source);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    source: row.source,
    kind: row.kind,
    message: row.message,
    stack: row.stack,
    url: row.url,
    code: row.code,
    count: row.count,
    first_seen_at: row.first_seen_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
  }));
};
