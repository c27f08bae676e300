import { type Kysely, sql } from 'kysely';
import { type BatchRules, type BlockRecord, BLOCK_ATTRIBUTES, dueBatches, dueGroups, partitionIntoBlocks } from '../../../domain/stats';
import type { Database } from '../../db/database';
import { ageBandOf } from './dimensions';
import { responseIdsSql } from './population';

/**
 * Releases the organisation's waiting responses that are due (domain/stats/blocks.ts: a
 * top-level group's once it has m waiting, the rest together after the wait), each batch cut
 * into blocks of at least m. A statistics read calls this first (./cache.ts), so what it
 * counts is whole blocks; several server processes take turns on the organisation's row.
 */

export const DEFAULT_BATCH_RULES: BatchRules = { blockSize: 5, waitMs: 0 };

interface WaitingRow {
  readonly id: string;
  readonly group_id: string | null;
  readonly department_id: string | null;
  readonly gender_id: number | null;
  readonly birth_year: number | null;
  readonly position_level_id: number | null;
  readonly submitted_at: Date;
}

const recordOf = (row: WaitingRow, year: number): BlockRecord & { readonly row: WaitingRow } => ({
  id: row.id,
  row,
  attributes: {
    group: row.group_id ?? '',
    department: row.department_id ?? '',
    gender: row.gender_id === null ? '' : String(row.gender_id),
    'age-range': ageBandOf(row.birth_year, year),
    'position-level': row.position_level_id === null ? '' : String(row.position_level_id),
  } satisfies Record<(typeof BLOCK_ATTRIBUTES)[number], string>,
});

const medianOf = (times: readonly number[]): Date => {
  const sorted = [...times].sort((a, b) => a - b);
  return new Date(sorted[Math.floor((sorted.length - 1) / 2)]!);
};

/** Responses waiting to enter the statistics, for the whole organisation or within `departments`. */
export const waitingCount = async (db: Kysely<Database>, organizationId: string, departments?: readonly string[]): Promise<number> => {
  if (departments !== undefined && departments.length === 0) return 0;
  let query = db
    .selectFrom('responses')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('release_block', 'is', null);
  if (departments !== undefined) query = query.where('department_id', 'in', [...departments]);
  return Number((await query.executeTakeFirstOrThrow()).count);
};

/** Releases what is due now; answers how many responses entered the statistics. */
export const releaseDue = async (db: Kysely<Database>, organizationId: string, rules: BatchRules = DEFAULT_BATCH_RULES, now: Date = new Date()): Promise<number> => {
  // Decided first from what waits per group (the partial index of migration 0025), without a lock.
  const waiting = await sql<{ group: string | null; count: number | string; oldest: Date }>`select group_id as group, count(*) as count, min(submitted_at) as oldest
    from responses where organization_id = ${organizationId} and release_block is null group by group_id`.execute(db);
  const due = dueGroups(
    waiting.rows.map((row) => ({ group: row.group ?? '', count: Number(row.count), oldest: new Date(row.oldest).getTime() })),
    rules,
    now.getTime(),
  );
  if (due.own.length === 0 && due.together.length === 0) return 0;
  const released = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
    const waiting = await trx
      .selectFrom('responses')
      .select(['id', 'group_id', 'department_id', 'gender_id', 'birth_year', 'position_level_id', 'submitted_at'])
      .where('organization_id', '=', organizationId)
      .where('release_block', 'is', null)
      .execute();
    const batches = dueBatches(
      waiting.map((row) => ({ id: row.id, group: row.group_id ?? '', submittedAt: row.submitted_at.getTime(), row })),
      rules,
      now.getTime(),
    );
    const year = now.getUTCFullYear();
    const blocks = batches.flatMap((batch) => partitionIntoBlocks(batch.map(({ row }) => recordOf(row, year)), rules.blockSize, BLOCK_ATTRIBUTES));
    if (blocks.length === 0) return 0;
    // One array parameter per column, so a first release of a large organisation (hundreds of
    // thousands of blocks) stays one statement within the protocol's parameter limit.
    const ids = (
      await sql<{ id: number }>`with b as (
          select nextval(pg_get_serial_sequence('release_blocks', 'id'))::int as id, size, position
          from unnest(${`{${blocks.map((block) => block.length).join(',')}}`}::int[]) with ordinality as u(size, position)
        ), inserted as (insert into release_blocks (id, organization_id, released_at, size) select id, ${organizationId}, ${now}, size from b)
        select id from b order by position`.execute(trx)
    ).rows;
    const members = blocks.flatMap((block, index) => block.map((record) => ({ response: record.id, block: ids[index]!.id })));
    await sql`update responses r set release_block = m.block
      from (select unnest(${responseIdsSql(members.map((member) => member.response))}) as response,
                   unnest(${`{${members.map((member) => member.block).join(',')}}`}::int[]) as block) m
      where r.id = m.response and r.organization_id = ${organizationId}`.execute(trx);
    const medians = blocks.map((block) => medianOf(block.map((record) => record.row.submitted_at.getTime())));
    await sql`insert into release_block_atoms (block_id, organization_id, submitted_median, department_id, gender_id, birth_year, position_level_id, count)
      select r.release_block, r.organization_id, m.median, r.department_id, r.gender_id, r.birth_year, r.position_level_id, count(*)::int
      from responses r
      join (select unnest(${`{${ids.map((row) => row.id).join(',')}}`}::int[]) as block,
                   unnest(${`{${medians.map((median) => median.toISOString()).join(',')}}`}::timestamptz[]) as median) m on m.block = r.release_block
      where r.organization_id = ${organizationId}
      group by r.release_block, r.organization_id, m.median, r.department_id, r.gender_id, r.birth_year, r.position_level_id`.execute(trx);
    return members.length;
  });
  // After a large release (an organisation's first) the planner would still think most responses
  // wait and scan them all for the waiting ones; fresh statistics let it use the partial index.
  if (released >= LARGE_RELEASE) await sql`analyze responses (release_block)`.execute(db);
  return released;
};

const LARGE_RELEASE = 10_000;
