import { type Kysely, sql } from 'kysely';
import type { Database } from './database';

/**
 * Where the statistics' counting queries run when a PostgreSQL read replica is set
 * (DATABASE_REPLICA_URL). Writes, the statistics version and the allowance stay on the primary;
 * a count goes to the replica only once the replica has replayed at least the organisation's
 * statistics version the primary has now, so figures never go backwards. A replica that lags
 * past the bound, is down, or fails a query leaves the count to the primary: one log line when
 * that starts, a metric always, never an error for the caller.
 */
export interface ReplicaOptions {
  /** How long a count waits for the replica to replay the primary's version before the primary counts it. */
  readonly waitMs: number;
  /** After a failure the replica is left alone this long before it is tried again. */
  readonly retryAfterMs?: number;
  /** How often the replica's version is read again while waiting. */
  readonly pollMs?: number;
  readonly log?: (line: string) => void;
  readonly now?: () => number;
}

export type ServedBy = 'replica' | 'primary';
export type FallbackReason = 'lagging' | 'down' | 'failed';

export interface ReplicaFigures {
  readonly served: Readonly<Record<ServedBy, number>>;
  readonly fallbacks: Readonly<Record<FallbackReason, number>>;
}

const versionOf = async (db: Kysely<Database>, organizationId: string): Promise<number> => {
  const row = await sql<{ version: number | string }>`select version from statistics_versions where organization_id = ${organizationId}`.execute(db);
  return Number(row.rows[0]?.version ?? 0);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export class ReplicaRouter {
  private downUntil = 0;
  private announcedDown = false;
  private readonly servedCounts: Record<ServedBy, number> = { replica: 0, primary: 0 };
  private readonly fallbackCounts: Record<FallbackReason, number> = { lagging: 0, down: 0, failed: 0 };

  constructor(
    readonly primary: Kysely<Database>,
    readonly replica: Kysely<Database>,
    private readonly options: ReplicaOptions,
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private log(line: string): void {
    (this.options.log ?? ((text: string) => console.warn(text)))(line);
  }

  private markDown(reason: FallbackReason, error?: unknown): void {
    this.downUntil = this.now() + (this.options.retryAfterMs ?? 5_000);
    if (!this.announcedDown) {
      this.announcedDown = true;
      const detail = error instanceof Error ? `: ${error.message}` : '';
      this.log(`Statistics read replica ${reason}${detail}; counting on the primary until it answers again.`);
    }
  }

  private markUp(): void {
    if (this.announcedDown) this.log('Statistics read replica answers again; counting on it.');
    this.announcedDown = false;
  }

  /** Whether the replica has replayed the organisation's current version, waiting for it up to `waitMs`. */
  private async caughtUp(organizationId: string): Promise<boolean> {
    const target = await versionOf(this.primary, organizationId);
    const deadline = this.now() + this.options.waitMs;
    for (;;) {
      if ((await versionOf(this.replica, organizationId)) >= target) return true;
      if (this.now() >= deadline) return false;
      await sleep(this.options.pollMs ?? 20);
    }
  }

  /**
   * Runs a counting query on the replica when it may, else on the primary. `work` must be
   * repeatable: after a replica failure it runs again on the primary.
   */
  async count<T>(organizationId: string | undefined, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    if (organizationId === undefined || this.now() < this.downUntil) {
      if (organizationId !== undefined) this.fallbackCounts.down += 1;
      return this.onPrimary(work);
    }
    let ready: boolean;
    try {
      ready = await this.caughtUp(organizationId);
    } catch (error) {
      this.fallbackCounts.down += 1;
      this.markDown('down', error);
      return this.onPrimary(work);
    }
    if (!ready) {
      this.fallbackCounts.lagging += 1;
      this.markDown('lagging');
      return this.onPrimary(work);
    }
    try {
      const result = await work(this.replica);
      this.servedCounts.replica += 1;
      this.markUp();
      return result;
    } catch (error) {
      // A query the primary would refuse too is the caller's to see; anything else is the replica's.
      if (isQueryError(error)) throw error;
      this.fallbackCounts.failed += 1;
      this.markDown('failed', error);
      return this.onPrimary(work);
    }
  }

  private async onPrimary<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    const result = await work(this.primary);
    this.servedCounts.primary += 1;
    return result;
  }

  figures(): ReplicaFigures {
    return { served: { ...this.servedCounts }, fallbacks: { ...this.fallbackCounts } };
  }

  /** Seconds and bytes the replica's replay is behind the primary's WAL (undefined when it does not answer). */
  async lag(): Promise<{ readonly seconds: number; readonly bytes: number } | undefined> {
    try {
      const primary = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(this.primary);
      const replica = await sql<{ bytes: string | number | null; seconds: string | number | null }>`
        select pg_wal_lsn_diff(${primary.rows[0]!.lsn}::pg_lsn, pg_last_wal_replay_lsn()) as bytes,
               case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
                    else extract(epoch from now() - pg_last_xact_replay_timestamp()) end as seconds`.execute(this.replica);
      const row = replica.rows[0];
      return { bytes: Math.max(0, Number(row?.bytes ?? 0)), seconds: Math.max(0, Number(row?.seconds ?? 0)) };
    } catch {
      return undefined;
    }
  }
}

/**
 * PostgreSQL's SQLSTATE classes that the primary would answer the same way (syntax, data,
 * constraint, privilege). A recovery conflict (40001), a lost connection or a shutdown
 * (08, 57P) is the replica's own trouble.
 */
const isQueryError = (error: unknown): boolean => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^(22|23|42)/.test(code);
};

const routers = new WeakMap<Kysely<Database>, ReplicaRouter>();

/** Sends the counting queries made on `primary` through the router (server start, tests). */
export const attachReplica = (router: ReplicaRouter): void => {
  routers.set(router.primary, router);
};

/** Counts on the primary alone again (a replica taken out of service, a test's own router). */
export const detachReplica = (primary: Kysely<Database>): void => {
  routers.delete(primary);
};

export const replicaRouterOf = (db: Kysely<Database>): ReplicaRouter | undefined => routers.get(db);
