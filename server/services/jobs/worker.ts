import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { type StepOutcome, closeCampaign, runCampaignStep } from '../campaigns/sending/steps';
import { type SendCounts, sendDueMessages } from '../campaigns/sending/sender';
import { type DeliveryOutcome, type Mailer, type MailMessage, deliverThrough } from '../mail';
import { type ClaimedJob, claimDueJobs, completeJob, deferJob, failJob } from './queue';

/**
 * The background worker of a server process: every few seconds it claims due jobs (a
 * campaign's step, its closing) and runs them, then sends the campaign mails the throttle
 * allows. Any number of processes run one each over the same database; the queue and the
 * mail claims keep them from doing the same work twice. Tests drive it with `runOnce` and a
 * clock of their own.
 */

export type JobHandler = (db: Kysely<Database>, job: ClaimedJob, now: Date) => Promise<StepOutcome>;

export const JOB_HANDLERS: Readonly<Record<string, JobHandler>> = {
  'campaign.step': runCampaignStep,
  'campaign.close': closeCampaign,
};

export interface WorkerOptions {
  readonly db: Kysely<Database>;
  readonly deliver: (message: MailMessage) => Promise<DeliveryOutcome>;
  readonly appUrl: string;
  readonly mailPerMinute: number;
  /** Names this process on the jobs it holds. */
  readonly workerId?: string;
  readonly now?: () => Date;
  /** How long a claimed job or mail stays this process's before another may take it. */
  readonly jobLeaseMs?: number;
  readonly mailLeaseMs?: number;
  readonly jobBatchSize?: number;
  readonly mailBatchSize?: number;
  readonly mailConcurrency?: number;
  readonly log?: (line: string) => void;
}

export interface RoundCounts {
  readonly jobs: number;
  readonly mails: SendCounts;
}

export interface Worker {
  readonly id: string;
  /** One round: due jobs, then due mails. */
  runOnce(): Promise<RoundCounts>;
}

const DEFAULT_JOB_LEASE_MS = 5 * 60_000;
// Long enough for a batch of slow SMTP answers (nodemailer's timeouts are 10 to 20 s each).
const DEFAULT_MAIL_LEASE_MS = 10 * 60_000;

export const newWorkerId = (): string => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

const runJob = async (db: Kysely<Database>, worker: string, job: ClaimedJob, now: () => Date, log?: (line: string) => void): Promise<void> => {
  const handler = JOB_HANDLERS[job.kind];
  try {
    if (handler === undefined) throw new Error(`no handler for the job kind "${job.kind}"`);
    const outcome = await handler(db, job, now());
    if (typeof outcome === 'object') await deferJob(db, job, worker, outcome.deferUntil);
    else await completeJob(db, job, worker, now());
  } catch (error) {
    log?.(`The job ${job.key} failed: ${error instanceof Error ? error.message : String(error)}`);
    await failJob(db, job, worker, error, now());
  }
};

export const createWorker = (options: WorkerOptions): Worker => {
  const id = options.workerId ?? newWorkerId();
  const now = options.now ?? (() => new Date());
  const { db } = options;
  const sender = {
    appUrl: options.appUrl,
    perMinute: options.mailPerMinute,
    batchSize: options.mailBatchSize ?? 50,
    leaseMs: options.mailLeaseMs ?? DEFAULT_MAIL_LEASE_MS,
    concurrency: options.mailConcurrency ?? 4,
    deliver: options.deliver,
  };
  return {
    id,
    async runOnce() {
      const jobs = await claimDueJobs(db, id, options.jobBatchSize ?? 20, options.jobLeaseMs ?? DEFAULT_JOB_LEASE_MS, now());
      // One at a time: a step's expansion is one transaction, and PGlite has one connection anyway.
      for (const job of jobs) await runJob(db, id, job, now, options.log);
      const mails = await sendDueMessages(db, sender, now);
      return { jobs: jobs.length, mails };
    },
  };
};

/** How often an idle worker looks for work. */
export const WORKER_POLL_MS = 2_000;

/**
 * Runs the app's worker every `pollMs` (at once again while there is a full batch to send),
 * one round at a time; a failing round is logged and the next goes on. Answers the function that
 * stops it after the round in progress. The timer does not keep the process alive.
 */
export interface WorkerHost {
  readonly db: Kysely<Database>;
  readonly mailer: Mailer;
  readonly config: { readonly appUrl: string; readonly mailPerMinute: number };
  readonly log: { warn(message: string): void; error(details: object, message: string): void };
}

export const startWorker = (host: WorkerHost, options: Partial<Omit<WorkerOptions, 'db'>> & { readonly pollMs?: number } = {}): (() => Promise<void>) => {
  const worker = createWorker({
    db: host.db,
    deliver: deliverThrough(host.mailer),
    appUrl: host.config.appUrl,
    mailPerMinute: host.config.mailPerMinute,
    log: (line) => host.log.warn(line),
    ...options,
  });
  const pollMs = options.pollMs ?? WORKER_POLL_MS;
  const batch = options.mailBatchSize ?? 50;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = worker.runOnce().then(
      (counts) => schedule(counts.mails.claimed >= batch ? 0 : pollMs),
      (error: unknown) => {
        host.log.error({ err: error }, 'the background worker failed a round');
        schedule(pollMs);
      },
    );
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(tick, delayMs);
    timer.unref();
  };
  schedule(0);
  return async () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    await running;
  };
};
