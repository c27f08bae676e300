import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * The statistics cache's counted groups kept in the database (migration 0032), so that a
 * process started later begins from them instead of counting every GROUP BY again (issue 33).
 * This module only reads and writes the rows; the cache (./cache.ts) decides what is kept and
 * whether a kept value may answer.
 *
 * Saving never fails a request: a save that fails only leaves the next start cold. Several
 * processes may save the same part: a row is only replaced by a value of the same or a newer
 * version (a slower process never puts back older counts), and any of them is the exact count of
 * the version it names.
 *
 * The rows are unprotected counts, like the responses: nothing reads them but the cache, whose
 * figures leave the server only through the release (protectPopulation). They go with their
 * organisation (on delete cascade) and are not part of any export. A restore is not emptied of
 * them on purpose: a backup (npm run backup, pg_dump) is one consistent snapshot, so its rows,
 * its statistics_versions and its change log agree, and a restore happens with the server
 * stopped (restoreBackup refuses otherwise; on PostgreSQL docs/operations.md restores into an
 * empty database), so no process carries counts of the replaced database into it. A server left
 * running across a restore would already answer from its memory's counts of the replaced data;
 * its saves would make that outlive it, which is why the servers are stopped.
 */

/**
 * The shape of the values kept: raise it whenever what a population's groups or a built question
 * hold, or how they are counted, changes, so that a server of the new code never reads the rows of
 * the older one (a value of the same statistics version would otherwise be taken as it is).
 */
export const KEPT_FORMAT = 1;

/** A part as it was kept: the statistics version it counts and how long ago it was saved, by the database's clock. */
export interface KeptPart {
  readonly version: number;
  readonly ageMs: number;
  readonly value: unknown;
}

export class KeptGroups {
  /** Rows written (tests check that a restarted process does not write what it read back). */
  savedRows = 0;
  /** Rows being written, with the newest value to write next. */
  private readonly writing = new Map<string, { next: { version: number; value: unknown } | undefined; done: Promise<void> }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onSaveFailed: (error: unknown) => void = () => undefined,
  ) {}

  async read(organizationId: string, selectionKey: string, part: string): Promise<KeptPart | undefined> {
    const found = await sql<{ version: number | string; age_ms: number | string; value: unknown }>`
      select version, extract(epoch from now() - saved_at) * 1000 as age_ms, value from statistics_kept
      where organization_id = ${organizationId} and selection_key = ${selectionKey} and part = ${part} and format = ${KEPT_FORMAT}`.execute(this.db);
    const row = found.rows[0];
    if (row === undefined) return undefined;
    // Drivers differ on whether jsonb arrives parsed.
    const value: unknown = typeof row.value === 'string' ? JSON.parse(row.value) : row.value;
    return { version: Number(row.version), ageMs: Number(row.age_ms), value };
  }

  /**
   * Writes the part in the background; the returned promise never rejects. While a row is being
   * written, only the newest value asked for it afterwards is written next (a burst of responses
   * writes a large question twice, not once per response).
   */
  save(organizationId: string, selectionKey: string, part: string, version: number, value: unknown): Promise<void> {
    const row = JSON.stringify([organizationId, selectionKey, part]);
    const writing = this.writing.get(row);
    if (writing !== undefined) {
      writing.next = { version, value };
      return writing.done;
    }
    const entry: { next: { version: number; value: unknown } | undefined; done: Promise<void> } = { next: { version, value }, done: Promise.resolve() };
    const writeAll = async (): Promise<void> => {
      while (entry.next !== undefined) {
        const { version: newest, value: data } = entry.next;
        entry.next = undefined;
        await this.write(organizationId, selectionKey, part, newest, data);
      }
      this.writing.delete(row);
    };
    this.writing.set(row, entry);
    entry.done = writeAll();
    return entry.done;
  }

  private async write(organizationId: string, selectionKey: string, part: string, version: number, value: unknown): Promise<void> {
    try {
      await sql`insert into statistics_kept (organization_id, selection_key, part, format, version, saved_at, value)
        values (${organizationId}, ${selectionKey}, ${part}, ${KEPT_FORMAT}, ${version}, now(), ${JSON.stringify(value)}::jsonb)
        on conflict (organization_id, selection_key, part)
        do update set format = excluded.format, version = excluded.version, saved_at = excluded.saved_at, value = excluded.value
        where statistics_kept.format <> excluded.format or statistics_kept.version <= excluded.version`.execute(this.db);
      this.savedRows += 1;
    } catch (error) {
      this.onSaveFailed(error);
    }
  }

  /** Resolves when the saves under way are written (benchmarks and tests wait for this). */
  async settled(): Promise<void> {
    while (this.writing.size > 0) await Promise.all([...this.writing.values()].map((entry) => entry.done));
  }
}
