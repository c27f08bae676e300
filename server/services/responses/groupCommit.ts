import type { Kysely } from 'kysely';
import { batcher } from '../../db/batches';
import { type PreparedStatement, runPrepared } from '../../db/prepared';

/**
 * Group commit of the submits' writes (services/responses/direct.ts) on the arrival batches of
 * server/db/batches.ts: the writes that arrive while a group is at the database go together as
 * one statement after it.
 *
 * Each submit still gets a seat only if its link has one: the group's statement locks the
 * links it names in id order (so two groups cannot deadlock), reads their latest `used`, gives
 * each link at most the seats it has left (in the order the submits arrived), and writes only
 * the responses that got one, with their child rows, all in the one statement: atomic, as a
 * single submit's statement is. Each caller learns whether its own response was written; a
 * group the database refuses as a whole is written one by one.
 */

/** One submit's write: the parameters of the single-submit statement and the same as one JSON record for a group. */
export interface PendingWrite {
  readonly responseId: string;
  readonly single: readonly unknown[];
  readonly record: Readonly<Record<string, unknown>>;
}

export interface GroupCommitter {
  /** Whether the write was done (false: its link had no seat for it; nothing was written). */
  write(write: PendingWrite): Promise<boolean>;
}

export const groupCommitter = (db: Kysely<any>, single: PreparedStatement, group: PreparedStatement): GroupCommitter => {
  const writes = batcher<PendingWrite, boolean>({
    alone: async (write) => (await runPrepared<{ id: string }>(db, single, write.single)).length > 0,
    together: async (members) => {
      const rows = await runPrepared<{ id: string }>(db, group, [JSON.stringify(members.map((write, n) => ({ ...write.record, n })))]);
      const written = new Set(rows.map((row) => row.id));
      return members.map((write) => written.has(write.responseId));
    },
  });
  return { write: (write) => writes.run(write) };
};
