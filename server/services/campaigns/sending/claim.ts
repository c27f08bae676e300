import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/database';

/**
 * Claiming campaign mails to send, throttled to `perMinute` across every process. One
 * transaction takes an advisory lock that every claimer takes (so two claims never count at
 * the same moment), counts the mails sent in the last minute and those leased and not finished,
 * and leases at most the difference, with FOR UPDATE SKIP LOCKED so that a row another
 * transaction is writing is left to it. A lease moves next_attempt_at to its end: a process that
 * dies holding mails makes them due again when the lease runs out.
 */

export interface ClaimedMessage {
  readonly id: number;
  readonly organizationId: string;
  readonly campaignId: string;
  readonly personId: string;
  readonly step: number;
  readonly attempts: number;
}

export interface ClaimOptions {
  readonly now: Date;
  readonly perMinute: number;
  /** The most this claim takes, whatever the throttle allows. */
  readonly limit: number;
  readonly leaseMs: number;
}

const MINUTE_MS = 60_000;

// Any fixed number does; every process must take the same one.
const THROTTLE_LOCK = sql`hashtext('campaign_messages:throttle')`;

interface ClaimedRow {
  id: number | string;
  organization_id: string;
  campaign_id: string;
  person_id: string;
  step: number;
  attempts: number;
}

/** Mails that went in the minute before `now`, and mails leased now and not yet finished. */
const mailsInLastMinute = async (trx: Kysely<Database>, now: Date): Promise<number> => {
  const result = await sql<{ sent: number; leased: number }>`
    select
      (select count(*)::int from campaign_messages where sent_at > ${new Date(now.getTime() - MINUTE_MS)} and sent_at <= ${now}) as sent,
      (select count(*)::int from campaign_messages where state = 'queued' and next_attempt_at > ${now} and locked_until > ${now}) as leased`.execute(trx);
  const row = result.rows[0];
  return row === undefined ? 0 : Number(row.sent) + Number(row.leased);
};

export const claimDueMessages = async (db: Kysely<Database>, options: ClaimOptions): Promise<ClaimedMessage[]> => {
  const { now } = options;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${THROTTLE_LOCK})`.execute(trx);
    const room = Math.min(options.limit, options.perMinute - (await mailsInLastMinute(trx, now)));
    if (room <= 0) return [];
    const leasedUntil = new Date(now.getTime() + options.leaseMs);
    const result = await sql<ClaimedRow>`
      update campaign_messages set locked_until = ${leasedUntil}, next_attempt_at = ${leasedUntil}
      where id in (
        select m.id from campaign_messages m
        join campaigns c on c.id = m.campaign_id
        where m.state = 'queued' and m.next_attempt_at <= ${now}
          and c.state = 'scheduled' and c.closes_at > ${now}
        order by m.next_attempt_at, m.id
        limit ${room}
        for update of m skip locked)
      returning id, organization_id, campaign_id, person_id, step, attempts`.execute(trx);
    return result.rows
      .map((row) => ({ id: Number(row.id), organizationId: row.organization_id, campaignId: row.campaign_id, personId: row.person_id, step: row.step, attempts: row.attempts }))
      .sort((a, b) => a.id - b.id);
  });
};
