import { type Kysely, sql } from 'kysely';
import {
  type ColumnMapping,
  type ImportProblem,
  type ImportResult,
  type ImportSummary,
  PEOPLE_PROBLEMS_SHOWN,
  type PeopleField,
  PeopleMessages,
} from '../../../domain/contracts/people';
import { mappingProblems } from '../../../domain/people/mapping';
import { directoryOf, readRow, type RowPerson } from '../../../domain/people/rows';
import type { Database } from '../../db/database';
import { audit } from '../auth/audit';
import { invalidData, invalid } from '../errors';
import { type Caller, findImport, type ImportReach, importReach, type ImportRow } from './access';

/** Staged rows read, checked and (at the confirmation) written per batch. */
const REVIEW_BATCH = 1000;

interface Existing {
  readonly id: string;
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly group_id: string;
  readonly sub_group_id: string | null;
  readonly preferred_language: string | null;
}

/** What the person of a row becomes: every column's final value. */
interface Target {
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly group_id: string;
  readonly sub_group_id: string | null;
  readonly preferred_language: string | null;
}

export type RowOutcome =
  | { readonly kind: 'new'; readonly row: number; readonly target: Target }
  | { readonly kind: 'updated'; readonly row: number; readonly id: string; readonly target: Target }
  | { readonly kind: 'unchanged'; readonly row: number }
  | { readonly kind: 'problem'; readonly row: number; readonly cells: readonly string[]; readonly email: string; readonly reason: string };

const MAPPING_SENTENCES = {
  required: (field: PeopleField) => (field === 'email' ? PeopleMessages.mappingNeedsEmail : PeopleMessages.mappingNeedsGroup),
  unknownColumn: () => PeopleMessages.mappingUnknownColumn,
  columnTwice: () => PeopleMessages.mappingColumnTwice,
} as const;

const checkMapping = (mapping: ColumnMapping, columns: readonly string[]): void => {
  const problems = Object.entries(mappingProblems(mapping, columns.length)) as [PeopleField, keyof typeof MAPPING_SENTENCES][];
  if (problems.length > 0) {
    throw invalidData(Object.fromEntries(problems.map(([field, problem]) => [`mapping.${field}`, [MAPPING_SENTENCES[problem](field)]])));
  }
};

const targetOf = (person: RowPerson, existing: Existing | undefined): Target => ({
  email: existing?.email ?? person.email,
  first_name: person.firstName ?? existing?.first_name ?? '',
  last_name: person.lastName ?? existing?.last_name ?? '',
  group_id: person.groupId,
  sub_group_id: person.subGroupId,
  preferred_language: person.language ?? existing?.preferred_language ?? null,
});

const sameTarget = (target: Target, existing: Existing): boolean =>
  target.first_name === existing.first_name &&
  target.last_name === existing.last_name &&
  target.group_id === existing.group_id &&
  target.sub_group_id === existing.sub_group_id &&
  target.preferred_language === existing.preferred_language;

/**
 * Every staged row of an import, in file order, decided against the people as they are now:
 * new, updated, unchanged or a problem. Reads a batch at a time; what it keeps across batches is
 * the addresses seen (duplicates) and the people each department holds (capacities).
 */
export const classifyImport = async (
  db: Kysely<Database>,
  organizationId: string,
  upload: ImportRow,
  mapping: ColumnMapping,
  reach: ImportReach,
  onBatch: (outcomes: readonly RowOutcome[]) => Promise<void>,
): Promise<void> => {
  const directory = directoryOf(reach.places);
  const departments = await db.selectFrom('departments').select(['id', 'capacity']).where('organization_id', '=', organizationId).execute();
  const capacity = new Map(departments.filter((row) => row.capacity !== null).map((row) => [row.id, row.capacity!]));
  // People per department now; a group counts its sub-groups' people (they carry its id too).
  const held = new Map<string, number>();
  if (capacity.size > 0) {
    const counts = await db
      .selectFrom('people')
      .select(['group_id', 'sub_group_id', db.fn.countAll<number>().as('count')])
      .where('organization_id', '=', organizationId)
      .groupBy(['group_id', 'sub_group_id'])
      .execute();
    for (const { group_id, sub_group_id, count } of counts) {
      held.set(group_id, (held.get(group_id) ?? 0) + Number(count));
      if (sub_group_id !== null) held.set(sub_group_id, (held.get(sub_group_id) ?? 0) + Number(count));
    }
  }
  const roomFor = (id: string | null): boolean => id === null || !capacity.has(id) || (held.get(id) ?? 0) < capacity.get(id)!;
  const move = (from: string | null, to: string | null): void => {
    if (from !== null) held.set(from, (held.get(from) ?? 0) - 1);
    if (to !== null) held.set(to, (held.get(to) ?? 0) + 1);
  };

  const seen = new Set<string>();
  let after = 0;
  for (;;) {
    const staged = await db
      .selectFrom('people_import_rows')
      .select(['row_number', 'cells'])
      .where('import_id', '=', upload.id)
      .where('row_number', '>', after)
      .orderBy('row_number')
      .limit(REVIEW_BATCH)
      .execute();
    if (staged.length === 0) return;
    after = staged[staged.length - 1]!.row_number;
    const readings = staged.map((row) => ({ row: row.row_number, cells: row.cells, reading: readRow(row.cells, mapping, directory) }));
    const keys = [...new Set(readings.flatMap(({ reading }) => (reading.ok ? [reading.person.emailKey] : [])))];
    const existing = new Map<string, Existing>();
    if (keys.length > 0) {
      const rows = await db
        .selectFrom('people')
        .select(['id', 'email', 'first_name', 'last_name', 'group_id', 'sub_group_id', 'preferred_language'])
        .where('organization_id', '=', organizationId)
        .where(sql<string>`lower(email)`, 'in', keys)
        .execute();
      for (const row of rows) existing.set(row.email.toLowerCase(), row);
    }
    const outcomes: RowOutcome[] = readings.map(({ row, cells, reading }): RowOutcome => {
      if (!reading.ok) return { kind: 'problem', row, cells, email: reading.email, reason: reading.reason };
      const { person } = reading;
      const problem = (reason: string): RowOutcome => ({ kind: 'problem', row, cells, email: person.email, reason });
      if (seen.has(person.emailKey)) return problem(PeopleMessages.emailRepeated);
      seen.add(person.emailKey);
      const current = existing.get(person.emailKey);
      if (current !== undefined && !reach.all && !reach.ids.has(current.group_id)) return problem(PeopleMessages.outsideReach);
      const target = targetOf(person, current);
      if (current !== undefined && sameTarget(target, current)) return { kind: 'unchanged', row };
      const groupMoves = current?.group_id !== target.group_id;
      const subGroupMoves = (current?.sub_group_id ?? null) !== target.sub_group_id;
      if ((groupMoves && !roomFor(target.group_id)) || (subGroupMoves && !roomFor(target.sub_group_id))) return problem(PeopleMessages.groupFull);
      if (groupMoves) move(current?.group_id ?? null, target.group_id);
      if (subGroupMoves) move(current?.sub_group_id ?? null, target.sub_group_id);
      return current === undefined ? { kind: 'new', row, target } : { kind: 'updated', row, id: current.id, target };
    });
    await onBatch(outcomes);
  }
};

/** Step 2: checks every row with the chosen mapping, keeps the mapping, answers the summary. */
export const checkImport = async (db: Kysely<Database>, input: { auth: Caller; token: string; mapping: ColumnMapping }): Promise<ImportSummary> => {
  const reach = await importReach(db, input.auth);
  const upload = await findImport(db, input.auth, input.token);
  checkMapping(input.mapping, upload.columns);
  const counts = { new: 0, updated: 0, unchanged: 0, problem: 0 };
  const problems: ImportProblem[] = [];
  await classifyImport(db, input.auth.organization.id, upload, input.mapping, reach, async (outcomes) => {
    for (const outcome of outcomes) {
      counts[outcome.kind] += 1;
      if (outcome.kind === 'problem' && problems.length < PEOPLE_PROBLEMS_SHOWN) problems.push({ row: outcome.row, email: outcome.email, reason: outcome.reason });
    }
  });
  await db.updateTable('people_imports').set({ mapping: JSON.stringify(input.mapping) }).where('id', '=', upload.id).execute();
  return {
    token: upload.id,
    row_count: upload.row_count,
    new_count: counts.new,
    updated_count: counts.updated,
    unchanged_count: counts.unchanged,
    problem_count: counts.problem,
    problems,
  };
};

const checkedMapping = (upload: ImportRow): ColumnMapping => {
  if (upload.mapping === null) throw invalid(PeopleMessages.notChecked);
  return upload.mapping as unknown as ColumnMapping;
};

/** A CSV field, quoted when it must be (RFC 4180). */
const csvField = (value: string): string => (/[",\r\n;\t]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvLine = (cells: readonly string[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** The header of the problems file's last column. */
export const REASON_COLUMN = 'reason';

/**
 * The rows with a problem, as CSV text with the file's columns and a `reason` column: what the
 * importer fixes and imports again. Starts with a BOM so that spreadsheets read it as UTF-8.
 */
export const importProblemsCsv = async (db: Kysely<Database>, input: { auth: Caller; token: string }): Promise<string> => {
  const reach = await importReach(db, input.auth);
  const upload = await findImport(db, input.auth, input.token);
  const mapping = checkedMapping(upload);
  const lines: string[] = ['\uFEFF', csvLine([...upload.columns, REASON_COLUMN])];
  await classifyImport(db, input.auth.organization.id, upload, mapping, reach, async (outcomes) => {
    for (const outcome of outcomes) {
      if (outcome.kind === 'problem') lines.push(csvLine([...upload.columns.map((_, index) => outcome.cells[index] ?? ''), outcome.reason]));
    }
  });
  return lines.join('');
};

/**
 * Step 3: in one transaction, the upload locked (a second confirmation waits, then finds it
 * gone) and the organisation's people locked against another import, every row is checked
 * again and written a batch at a time: new people inserted, changed people updated, problems
 * skipped. The upload is then deleted, and the import audited with its counts.
 */
export const confirmImport = async (db: Kysely<Database>, input: { auth: Caller; token: string; address: string | null }): Promise<ImportResult> =>
  db.transaction().execute(async (trx) => {
    const organizationId = input.auth.organization.id;
    await sql`select pg_advisory_xact_lock(hashtext(${`people:${organizationId}`}))`.execute(trx);
    const reach = await importReach(trx, input.auth);
    const upload = await findImport(trx, input.auth, input.token, true);
    const mapping = checkedMapping(upload);
    const result = { created: 0, updated: 0, unchanged: 0, skipped: 0 };
    await classifyImport(trx, organizationId, upload, mapping, reach, async (outcomes) => {
      const created = outcomes.flatMap((outcome) => (outcome.kind === 'new' ? [outcome.target] : []));
      const updated = outcomes.flatMap((outcome) => (outcome.kind === 'updated' ? [{ id: outcome.id, ...outcome.target }] : []));
      if (created.length > 0) {
        await sql`
          insert into people (organization_id, email, first_name, last_name, group_id, sub_group_id, preferred_language)
          select ${organizationId}::uuid, v.email, v.first_name, v.last_name, v.group_id, v.sub_group_id, v.preferred_language
          from jsonb_to_recordset(${JSON.stringify(created)}::jsonb)
            as v(email text, first_name text, last_name text, group_id uuid, sub_group_id uuid, preferred_language text)`.execute(trx);
      }
      if (updated.length > 0) {
        await sql`
          update people set first_name = v.first_name, last_name = v.last_name, group_id = v.group_id, sub_group_id = v.sub_group_id,
            preferred_language = v.preferred_language, updated_at = now()
          from jsonb_to_recordset(${JSON.stringify(updated)}::jsonb)
            as v(id uuid, first_name text, last_name text, group_id uuid, sub_group_id uuid, preferred_language text)
          where people.id = v.id and people.organization_id = ${organizationId}::uuid`.execute(trx);
      }
      result.created += created.length;
      result.updated += updated.length;
      for (const outcome of outcomes) {
        if (outcome.kind === 'unchanged') result.unchanged += 1;
        if (outcome.kind === 'problem') result.skipped += 1;
      }
    });
    await trx.deleteFrom('people_imports').where('id', '=', upload.id).execute();
    await audit(trx, { organizationId, actor: input.auth.user.id, action: 'people.imported', address: input.address, details: { file_name: upload.file_name, ...result } });
    return result;
  });
