import { type Kysely, sql } from 'kysely';
import type { Database, JsonValue } from '../../db/database';

/**
 * The `jobs` table as a work queue shared by every server process (migration 0030). A job is
 * due when its run_at has come, it is not done, and no live lease holds it. Claiming takes due
 * rows with FOR UPDATE SKIP LOCKED and leases them in the same statement, so two processes never
 * take the same job; a process that dies leaves a lease that runs out, and the job is due again.
 * PGlite (one connection) and PostgreSQL (a pool) run the same statements.
 */

export interface ClaimedJob {
  readonly id: number;
  readonly key: string;
  readonly kind: string;
  readonly organizationId: string | null;
  readonly payload: JsonValue;
  readonly runAt: Date;
  readonly attempts: number;
}

/** Waits before a failed job is tried again, by the number of failures so far. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;

export const retryDelayMs = (failures: number): number => RETRY_DELAYS_MS[Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1]!;

const MAX_ERROR_LENGTH = 500;

export const errorText = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
};

interface JobRow {
  id: number | string;
  key: string;
  kind: string;
  organization_id: string | null;
  payload: JsonValue;
  run_at: Date;
  attempts: number;
}

const toClaimed = (row: JobRow): ClaimedJob => ({
  id: Number(row.id),
  key: row.key,
  kind: row.kind,
  organizationId: row.organization_id,
  payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as JsonValue) : row.payload,
  runAt: row.run_at,
  attempts: row.attempts,
});

/**
 * Leases up to `limit` due jobs to `worker` until now + `leaseMs`, oldest run_at first. The
 * inner SELECT skips rows another transaction is claiming at the same moment.
 */
export const claimDueJobs = async (db: Kysely<Database>, worker: string, limit: number, leaseMs: number, now = new Date()): Promise<ClaimedJob[]> => {
  const leasedUntil = new Date(now.getTime() + leaseMs);
  const result = await sql<JobRow>`
    update jobs set locked_until = ${leasedUntil}, locked_by = ${worker}
    where id in (
      select id from jobs
      where done_at is null and run_at <= ${now} and (locked_until is null or locked_until < ${now})
      order by run_at, id
      limit ${limit}
      for update skip locked)
    returning id, key, kind, organization_id, payload, run_at, attempts`.execute(db);
  return result.rows.map(toClaimed).sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
};

/**
 * The job is done. Only while the caller still holds it: a job whose lease ran out and that
 * another process took is that process's to finish. Answers whether it was.
 */
export const completeJob = async (db: Kysely<Database>, job: Pick<ClaimedJob, 'id'>, worker: string, now = new Date()): Promise<boolean> => {
  const row = await db
    .updateTable('jobs')
    .set({ done_at: now, locked_until: null, locked_by: null, last_error: null })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .where('done_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
};

/** The job failed: counted, and due again after a longer wait each time (1, 5, then every 30 minutes). */
export const failJob = async (db: Kysely<Database>, job: Pick<ClaimedJob, 'id' | 'attempts'>, worker: string, error: unknown, now = new Date()): Promise<void> => {
  await db
    .updateTable('jobs')
    .set({
      attempts: job.attempts + 1,
      last_error: errorText(error),
      run_at: new Date(now.getTime() + retryDelayMs(job.attempts + 1)),
      locked_until: null,
      locked_by: null,
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .execute();
};

/** Not now: the job is released and due again at `runAt` (a paused campaign's step). */
export const deferJob = async (db: Kysely<Database>, job: Pick<ClaimedJob, 'id'>, worker: string, runAt: Date): Promise<void> => {
  await db
    .updateTable('jobs')
    .set({ run_at: runAt, locked_until: null, locked_by: null })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .where('done_at', 'is', null)
    .execute();
};
