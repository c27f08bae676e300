import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import {
  type ColumnMapping,
  type ImportPreview,
  type ImportResult,
  type ImportSummary,
  PEOPLE_FILE_MAX_BYTES,
  PEOPLE_PREVIEW_ROWS,
  type PeoplePage,
  PeopleMessages,
} from '../../domain/contracts/people';
import { FIRST_NAME_LIMIT } from '../../domain/contracts/textLimits';
import { GroupMessages } from '../../domain/contracts/groups';
import type { OpenDatabase } from '../../server/db/connect';
import { readPeopleFile } from '../../server/services/people/reader';
import { bearer, insertOrganization, insertUser, passwordHash, signIn } from './helpers/accounts';
import { insertDepartment as insertDepartmentRow } from './helpers/surveyResponses';
import { closeTestApp, openTestApp } from './helpers/testApp';

let database: OpenDatabase;
let app: FastifyInstance;

interface Tenant {
  readonly organizationId: string;
  readonly groups: { sales: string; finance: string; audit: string; full: string };
  readonly admin: string;
  readonly assignee: string;
  readonly staff: string;
}

const insertDepartment = (organizationId: string, name: string, parentId: string | null, extra: { capacity?: number; assigneeId?: string } = {}) =>
  insertDepartmentRow(database.db, organizationId, name, { parentId, ...extra });

/** Groups Sales, Finance (sub-group Audit, run by the group assignee's group) and Tiny (2 places); an administrator, Finance's assignee and a staff member. */
const tenant = async (): Promise<Tenant> => {
  const organizationId = await insertOrganization(database.db);
  const admin = await insertUser(database.db, { organizationId, role: 'admin' });
  const assignee = await insertUser(database.db, { organizationId, role: 'group_assignee' });
  const staff = await insertUser(database.db, { organizationId, role: 'staff' });
  const sales = await insertDepartment(organizationId, 'Sales', null);
  const finance = await insertDepartment(organizationId, 'Finance', null, { assigneeId: assignee.id });
  const audit = await insertDepartment(organizationId, 'Audit', finance);
  const full = await insertDepartment(organizationId, 'Tiny', null, { capacity: 2 });
  return {
    organizationId,
    groups: { sales, finance, audit, full },
    admin: await signIn(app, admin.email),
    assignee: await signIn(app, assignee.email),
    staff: await signIn(app, staff.email),
  };
};

let main: Tenant;

beforeAll(async () => {
  ({ database, app } = await openTestApp());
  await passwordHash();
  main = await tenant();
});

afterAll(() => closeTestApp({ app, database }));

/** The upload exactly as a browser's FormData sends it. */
const uploadForm = async (content: Buffer | string, fileName: string, field = 'file') => {
  const data = new FormData();
  data.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
};

const upload = async (token: string, content: Buffer | string, fileName = 'people.csv', field = 'file'): Promise<LightMyRequestResponse> => {
  const { payload, contentType } = await uploadForm(content, fileName, field);
  return app.inject({ method: 'POST', url: '/api/people/import', payload, headers: { ...bearer(token), 'content-type': contentType } });
};

const uploaded = async (token: string, content: Buffer | string, fileName = 'people.csv'): Promise<ImportPreview> => {
  const response = await upload(token, content, fileName);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ImportPreview;
};

const check = (token: string, importToken: string, mapping: ColumnMapping) =>
  app.inject({ method: 'POST', url: '/api/people/import/check', payload: { token: importToken, mapping }, headers: bearer(token) });

const checked = async (token: string, importToken: string, mapping: ColumnMapping): Promise<ImportSummary> => {
  const response = await check(token, importToken, mapping);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ImportSummary;
};

const confirm = (token: string, importToken: string) =>
  app.inject({ method: 'POST', url: '/api/people/import/confirm', payload: { token: importToken }, headers: bearer(token) });

const confirmed = async (token: string, importToken: string): Promise<ImportResult> => {
  const response = await confirm(token, importToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ImportResult;
};

const problemsFile = async (token: string, importToken: string): Promise<string[][]> => {
  const response = await app.inject({ method: 'GET', url: `/api/people/import/problems?token=${importToken}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.body.startsWith('\uFEFF')).toBe(true);
  return parse(response.body, { bom: true }) as string[][];
};

/** Upload, check with the suggested mapping, confirm: the whole import. */
const importFile = async (token: string, content: Buffer | string, fileName = 'people.csv') => {
  const preview = await uploaded(token, content, fileName);
  const summary = await checked(token, preview.token, preview.suggested);
  const result = await confirmed(token, preview.token);
  return { preview, summary, result };
};

const peopleOf = (organizationId: string) =>
  database.db.selectFrom('people').selectAll().where('organization_id', '=', organizationId).orderBy(sql`lower(email)`).execute();

const stagedImports = async () => Number((await database.db.selectFrom('people_imports').select(database.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const csvCell = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

describe('step 1: the upload', () => {
  it('answers the columns, the first rows and a suggested mapping', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => `p${i}@example.org,Person ${i},Last,Sales,fr`);
    const preview = await uploaded(main.admin, ['E-mail,Prénom,Nom,Groupe,Langue', ...rows].join('\n'));
    expect(preview).toMatchObject({ format: 'csv', file_name: 'people.csv', row_count: 7, columns: ['E-mail', 'Prénom', 'Nom', 'Groupe', 'Langue'] });
    expect(preview.sample).toHaveLength(PEOPLE_PREVIEW_ROWS);
    expect(preview.sample[0]).toEqual(['p0@example.org', 'Person 0', 'Last', 'Sales', 'fr']);
    expect(preview.suggested).toEqual({ email: 0, first_name: 1, last_name: 2, group: 3, sub_group: null, language: 4 });
  });

  it('refuses staff, an empty file, a request without a file and a file in another field', async () => {
    const before = await stagedImports();
    const refused = await upload(main.staff, 'email,group\na@example.org,Sales\n');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PeopleMessages.notAllowed);
    const empty = await upload(main.admin, 'email,group\n\n');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(PeopleMessages.fileEmpty);
    const elsewhere = await upload(main.admin, 'email,group\na@example.org,Sales\n', 'people.csv', 'logo');
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().message).toBe(PeopleMessages.oneFile);
    const json = await app.inject({ method: 'POST', url: '/api/people/import', payload: {}, headers: bearer(main.admin) });
    expect(json.statusCode).toBe(422);
    expect(json.json().message).toBe(PeopleMessages.fileMissing);
    const broken = await upload(main.admin, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]), 'people.xlsx');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toBe(PeopleMessages.fileUnreadable);
    expect(await stagedImports()).toBe(before);
  });

  it('refuses a 10 MB file with 413 and keeps nothing of it', async () => {
    const before = await stagedImports();
    const line = 'someone.with.a.long.address@example.org,Sales,Firstname,Lastname\n';
    const big = `email,group,first,last\n${line.repeat(Math.ceil((10 * 1024 * 1024) / line.length))}`;
    expect(big.length).toBeGreaterThan(PEOPLE_FILE_MAX_BYTES);
    const response = await upload(main.admin, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(PeopleMessages.fileTooLarge);
    expect(await stagedImports()).toBe(before);
  });
});

describe('steps 2 and 3', () => {
  it('refuses a mapping without email or group, a confirmation before the check, and a token that is not the caller’s', async () => {
    const preview = await uploaded(main.admin, 'email,group\na@example.org,Sales\n');
    const noEmail = await check(main.admin, preview.token, { ...preview.suggested, email: null, first_name: 7 });
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json().errors).toEqual({ 'mapping.email': [PeopleMessages.mappingNeedsEmail], 'mapping.first_name': [PeopleMessages.mappingUnknownColumn] });
    const early = await confirm(main.admin, preview.token);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(PeopleMessages.notChecked);
    const other = await check(main.assignee, preview.token, preview.suggested);
    expect(other.statusCode).toBe(404);
    expect((await check(main.admin, 'not-a-token', preview.suggested)).statusCode).toBe(404);
    await checked(main.admin, preview.token, preview.suggested);
    expect(await confirmed(main.admin, preview.token)).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: 0 });
    const again = await confirm(main.admin, preview.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PeopleMessages.importNotFound);
  });

  it('writes nothing before the confirmation, then imports; the same file again changes nothing', async () => {
    const own = await tenant();
    const file = 'email,first name,last name,group,sub-group,language\r\nana@example.org,Ana,Ruiz,Finance,Audit,es\r\nBOB@example.org,Bob,,sales,,\r\n';
    const preview = await uploaded(own.admin, file);
    const summary = await checked(own.admin, preview.token, preview.suggested);
    expect(summary).toMatchObject({ new_count: 2, updated_count: 0, unchanged_count: 0, problem_count: 0 });
    expect(await peopleOf(own.organizationId)).toEqual([]);
    expect(await confirmed(own.admin, preview.token)).toEqual({ created: 2, updated: 0, unchanged: 0, skipped: 0 });
    const audited = await database.db.selectFrom('audit_log').selectAll().where('organization_id', '=', own.organizationId).where('action', '=', 'people.imported').execute();
    expect(audited.map((row) => row.details)).toEqual([{ file_name: 'people.csv', created: 2, updated: 0, unchanged: 0, skipped: 0 }]);
    const people = await peopleOf(own.organizationId);
    expect(people.map(({ email, first_name, last_name, group_id, sub_group_id, preferred_language }) => ({ email, first_name, last_name, group_id, sub_group_id, preferred_language }))).toEqual([
      { email: 'ana@example.org', first_name: 'Ana', last_name: 'Ruiz', group_id: own.groups.finance, sub_group_id: own.groups.audit, preferred_language: 'es' },
      { email: 'BOB@example.org', first_name: 'Bob', last_name: '', group_id: own.groups.sales, sub_group_id: null, preferred_language: null },
    ]);

    const again = await importFile(own.admin, file);
    expect(again.summary).toMatchObject({ new_count: 0, updated_count: 0, unchanged_count: 2, problem_count: 0 });
    expect(again.result).toEqual({ created: 0, updated: 0, unchanged: 2, skipped: 0 });
    expect(await peopleOf(own.organizationId)).toEqual(people);

    // The address in another letter case is the same person; an empty name cell keeps the name.
    const changed = await importFile(own.admin, 'Email,First name,Group,Language\nbob@EXAMPLE.org,,Finance,zh\n');
    expect(changed.result).toEqual({ created: 0, updated: 1, unchanged: 0, skipped: 0 });
    const bob = (await peopleOf(own.organizationId)).find((person) => person.email === 'BOB@example.org')!;
    expect(bob).toMatchObject({ first_name: 'Bob', group_id: own.groups.finance, preferred_language: 'zh' });
    expect(bob.updated_at.getTime()).toBeGreaterThanOrEqual(bob.created_at.getTime());

    const page = await app.inject({ method: 'GET', url: '/api/people?page=1', headers: bearer(own.admin) });
    expect(page.statusCode).toBe(200);
    const data = page.json().data as PeoplePage;
    expect(data.total).toBe(2);
    expect(data.people.map((person) => [person.email, person.group.name, person.sub_group?.name ?? null])).toEqual([
      ['BOB@example.org', 'Finance', null],
      ['ana@example.org', 'Finance', 'Audit'],
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/people?page=0', headers: bearer(own.admin) })).statusCode).toBe(422);
  });

  it('refuses rows past a group’s capacity with the SPEC sentence', async () => {
    const own = await tenant();
    const { summary, result } = await importFile(own.admin, 'email,group\na@example.org,Tiny\nb@example.org,Tiny\nc@example.org,Tiny\n');
    expect(summary.problems).toEqual([{ row: 4, email: 'c@example.org', reason: 'This group is full. Choose another group' }]);
    expect(result).toEqual({ created: 2, updated: 0, unchanged: 0, skipped: 1 });
    // Already there, the two stay as they are: the group is full for newcomers only.
    const again = await importFile(own.admin, 'email,group\na@example.org,Tiny\nb@example.org,Tiny\nd@example.org,Sales\n');
    expect(again.result).toEqual({ created: 1, updated: 0, unchanged: 2, skipped: 0 });
  });

  it('lets a group assignee import into their groups only', async () => {
    const own = await tenant();
    await importFile(own.admin, 'email,group\nsally@example.org,Sales\n');
    const file = 'email,group,sub-group\nin@example.org,Finance,Audit\nout@example.org,Sales,\nsally@example.org,Finance,\nsub@example.org,Audit,\n';
    const { summary, result } = await importFile(own.assignee, file);
    expect(summary.problems).toEqual([
      { row: 3, email: 'out@example.org', reason: 'Please select an existing group' },
      { row: 4, email: 'sally@example.org', reason: PeopleMessages.outsideReach },
    ]);
    expect(result).toEqual({ created: 2, updated: 0, unchanged: 0, skipped: 2 });
    const listed = (await app.inject({ method: 'GET', url: '/api/people', headers: bearer(own.assignee) })).json().data as PeoplePage;
    expect(listed.people.map((person) => person.email).sort()).toEqual(['in@example.org', 'sub@example.org']);
    expect((await app.inject({ method: 'GET', url: '/api/people', headers: bearer(own.staff) })).statusCode).toBe(403);
  });

  it('keeps a group that holds people, and leaves people in their group when their sub-group goes', async () => {
    const own = await tenant();
    await importFile(own.admin, 'email,group,sub-group\nkept@example.org,Finance,Audit\n');
    const remove = (departmentId: string) =>
      app.inject({ method: 'DELETE', url: '/api/organization/remove-department', payload: { department_id: departmentId }, headers: bearer(own.admin) });
    expect((await remove(own.groups.audit)).statusCode).toBe(200);
    expect((await peopleOf(own.organizationId))[0]).toMatchObject({ group_id: own.groups.finance, sub_group_id: null });
    const refused = await remove(own.groups.finance);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(GroupMessages.departmentInUse);
    expect(await peopleOf(own.organizationId)).toHaveLength(1);
  });

  it('reads an XLSX workbook with text, numbers and rich text', async () => {
    const own = await tenant();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Staff');
    sheet.addRow(['Email', 'First name', 'Last name', 'Group', 'Language']);
    sheet.addRow(['x1@example.org', 'Zhang', 'Wei', 'Finance', '中文']);
    sheet.addRow(['x2@example.org', { richText: [{ text: 'Ma' }, { text: 'rie', font: { bold: true } }] }, 'Curie', 'Sales', 'Français']);
    sheet.addRow(['not an address', 42, 'Number', 'Sales', 'en']);
    workbook.addWorksheet('Ignored').addRow(['other@example.org']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const { preview, summary, result } = await importFile(own.admin, buffer, 'staff.xlsx');
    expect(preview).toMatchObject({ format: 'xlsx', row_count: 3, columns: ['Email', 'First name', 'Last name', 'Group', 'Language'] });
    expect(preview.sample[1]).toEqual(['x2@example.org', 'Marie', 'Curie', 'Sales', 'Français']);
    expect(summary.problems).toEqual([{ row: 4, email: 'not an address', reason: 'Please provide a valid email.' }]);
    expect(result.created).toBe(2);
    expect((await peopleOf(own.organizationId)).map((person) => [person.first_name, person.preferred_language])).toEqual([
      ['Zhang', 'zh'],
      ['Marie', 'fr'],
    ]);
  });

  it('imports 20,000 rows read as a stream', async () => {
    const own = await tenant();
    const lines = Array.from({ length: 20_000 }, (_, i) => `person${i}@example.org,First${i},Last${i},${i % 2 === 0 ? 'Sales' : 'Finance'}`);
    const { summary, result } = await importFile(own.admin, `email,first name,last name,group\n${lines.join('\n')}\n`);
    expect(summary).toMatchObject({ row_count: 20_000, new_count: 20_000, problem_count: 0 });
    expect(result.created).toBe(20_000);
    const page = (await app.inject({ method: 'GET', url: '/api/people?page=3', headers: bearer(own.admin) })).json().data as PeoplePage;
    expect(page.total).toBe(20_000);
    expect(page.people).toHaveLength(page.page_size);
  }, 300_000);
});

describe('the reader', () => {
  it('reads rows as the bytes arrive, never the whole file first', async () => {
    let pulled = 0;
    const CHUNKS = 200;
    async function* source(): AsyncGenerator<Buffer> {
      yield Buffer.from('\uFEFFemail;group\r\n');
      for (let chunk = 0; chunk < CHUNKS; chunk += 1) {
        pulled += 1;
        yield Buffer.from(Array.from({ length: 100 }, (_, i) => `p${chunk}-${i}@example.org;"Sales; EMEA"\r\n`).join(''));
      }
    }
    const { format, rows } = await readPeopleFile(source());
    expect(format).toBe('csv');
    const first: string[][] = [];
    for await (const { cells } of rows) {
      first.push(cells);
      if (first.length === 10) break;
    }
    expect(first[0]).toEqual(['email', 'group']);
    expect(first[1]).toEqual(['p0-0@example.org', 'Sales; EMEA']);
    expect(pulled).toBeLessThan(CHUNKS / 2);
  });
});

/** A generated row: what the file says and what the import must make of it. */
interface GeneratedRow {
  readonly email: string;
  readonly validEmail: boolean;
  readonly group: string;
  readonly knownGroup: boolean;
  readonly firstName: string;
}

const goodEmail = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,8}$/), fc.constantFrom('example.org', 'example.com', 'mail.example.net')).map(([local, host]) => `${local.replace(/\.+$/, '')}@${host}`);
const badEmail = fc.constantFrom('plain', 'a@b', '@example.org', 'a b@example.org', 'a@example.toolongtld', 'ann@', 'a,b@example.org', '"quoted"@example.org');
const groupCell = fc.oneof(
  fc.constantFrom('Sales', 'sales', ' SALES ', 'Finance', 'Audit').map((group) => ({ group, knownGroup: true })),
  fc.constantFrom('Marketing', 'Sales, EMEA', '', 'Fin"ance').map((group) => ({ group, knownGroup: false })),
);
// Names with commas, quotes and line breaks inside: the quoting must hold them.
const firstName = fc.constantFrom('Ann', 'O"Neil', 'Smith, Jr', 'Zoë', 'Ünal', 'محمد', '王', 'Line\r\nbreak');
const generatedRow = fc
  .tuple(fc.oneof({ weight: 4, arbitrary: goodEmail.map((email) => ({ email, validEmail: true })) }, { weight: 1, arbitrary: badEmail.map((email) => ({ email, validEmail: false })) }), groupCell, firstName)
  .map(([email, group, name]): GeneratedRow => ({ ...email, ...group, firstName: name }));

describe('generated files (fast-check)', () => {
  it('classify every row as a model says, however the CSV is written, and a second import changes nothing', async () => {
    const own = await tenant();
    await fc.assert(
      fc.asyncProperty(
        fc.array(generatedRow, { minLength: 1, maxLength: 25 }),
        fc.boolean(),
        fc.constantFrom('\n', '\r\n'),
        fc.array(fc.nat(24), { maxLength: 4 }),
        async (rows, bom, newline, repeats) => {
          await database.db.deleteFrom('people').where('organization_id', '=', own.organizationId).execute();
          // Some rows again, further down: duplicates within the file.
          const all = [...rows, ...repeats.filter((index) => index < rows.length).map((index) => rows[index]!)];
          const text = (bom ? '\uFEFF' : '') + ['Email,First name,Group', ...all.map((row) => [row.email, row.firstName, row.group].map(csvCell).join(','))].join(newline) + newline;
          // The model: file order, the first occurrence of an address counts.
          const seen = new Set<string>();
          const expected = all.map((row, index) => {
            if (!row.validEmail) return { index, reason: 'Please provide a valid email.' };
            if (!row.knownGroup) return { index, reason: 'Please select an existing group' };
            if (/[\r\n]/.test(row.firstName)) return { index, reason: FIRST_NAME_LIMIT.badCharacters };
            const key = row.email.toLowerCase();
            if (seen.has(key)) return { index, reason: PeopleMessages.emailRepeated };
            seen.add(key);
            return { index, reason: null };
          });
          const problems = expected.filter((row) => row.reason !== null);
          const preview = await uploaded(own.admin, text);
          expect(preview.row_count).toBe(all.length);
          expect(preview.columns).toEqual(['Email', 'First name', 'Group']);
          const summary = await checked(own.admin, preview.token, preview.suggested);
          expect(summary.new_count).toBe(all.length - problems.length);
          expect(summary.problem_count).toBe(problems.length);
          const file = await problemsFile(own.admin, preview.token);
          expect(file[0]).toEqual(['Email', 'First name', 'Group', 'reason']);
          const problemRows = file.slice(1);
          expect(problemRows.map((row) => row[3])).toEqual(problems.map((row) => row.reason));
          // The problem rows come back as written, to be fixed and imported again.
          expect(problemRows.map((row) => row.slice(0, 3))).toEqual(
            problems.map((problem) => {
              const row = all[problem.index]!;
              return [row.email, row.firstName, row.group];
            }),
          );
          const result = await confirmed(own.admin, preview.token);
          expect(result).toEqual({ created: all.length - problems.length, updated: 0, unchanged: 0, skipped: problems.length });
          expect((await peopleOf(own.organizationId)).length).toBe(all.length - problems.length);
          const again = await importFile(own.admin, text);
          expect(again.result).toEqual({ created: 0, updated: 0, unchanged: all.length - problems.length, skipped: problems.length });
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});
