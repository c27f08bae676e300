import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { groupCommitter, type PendingWrite } from '../../server/services/responses/groupCommit';

/**
 * The group commit's promises to each caller, over a stand-in database that records the
 * statements it is sent: writes waiting together go as one group statement; each caller hears
 * whether its own response was written; a group refused as a whole is written one by one, so a
 * bad write fails only its own caller.
 */

const SINGLE = { name: 'single', text: 'single' };
const GROUP = { name: 'group', text: 'group' };

interface Sent {
  readonly text: string;
  readonly ids: string[];
}

/** A database answering the group statement with `groupAnswer` and a single one by `singleAnswer`. */
const standIn = (groupAnswer: (ids: string[]) => string[], singleAnswer: (id: string) => boolean) => {
  const sent: Sent[] = [];
  const db = {
    executeQuery: async ({ sql, parameters }: { sql: string; parameters: readonly unknown[] }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (sql === GROUP.text) {
        const ids = (JSON.parse(parameters[0] as string) as { id: string }[]).map((record) => record.id);
        sent.push({ text: sql, ids });
        return { rows: groupAnswer(ids).map((id) => ({ id })) };
      }
      const id = parameters[0] as string;
      sent.push({ text: sql, ids: [id] });
      return { rows: singleAnswer(id) ? [{ id }] : [] };
    },
  } as unknown as Kysely<any>;
  return { db, sent };
};

const write = (id: string): PendingWrite => ({ responseId: id, single: [id], record: { id } });
const ids = (count: number) => Array.from({ length: count }, (_, index) => `r${index}`);

describe('group commit of submit writes', () => {
  it('sends writes waiting together as one statement and tells each caller its own outcome', async () => {
    // The stand-in gives seats to the even-numbered writes only.
    const { db, sent } = standIn((group) => group.filter((id) => Number(id.slice(1)) % 2 === 0), () => true);
    const committer = groupCommitter(db, SINGLE, GROUP);
    const outcomes = await Promise.all(ids(20).map((id) => committer.write(write(id))));
    expect(outcomes).toEqual(ids(20).map((id) => Number(id.slice(1)) % 2 === 0));
    expect(sent.some((statement) => statement.text === GROUP.text && statement.ids.length > 1)).toBe(true);
    expect(sent.flatMap((statement) => statement.ids).sort()).toEqual(ids(20).sort());
  });

  it('writes a refused group one by one, so one bad write fails only its own caller', async () => {
    const { db, sent } = standIn(
      () => {
        throw new Error('insert or update on table "responses" violates foreign key constraint');
      },
      (id) => {
        if (id === 'r3') throw new Error('insert or update on table "responses" violates foreign key constraint');
        return true;
      },
    );
    const committer = groupCommitter(db, SINGLE, GROUP);
    const outcomes = await Promise.allSettled(ids(10).map((id) => committer.write(write(id))));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(ids(10).map((id) => (id === 'r3' ? 'rejected' : 'fulfilled')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').every((outcome) => outcome.value === true)).toBe(true);
    // Every write reached the database on its own after its group was refused (or went alone from the start).
    for (const id of ids(10)) expect(sent.some((statement) => statement.text === SINGLE.text && statement.ids[0] === id)).toBe(true);
  });
});
