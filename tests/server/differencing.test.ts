import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statisticsEndpoints } from '../../domain/contracts/statistics';
import type { OpenDatabase } from '../../server/db/connect';
import { releaseDue } from '../../server/services/statistics/releaseBatches';
import { insertUser, signIn } from './helpers/accounts';
import { insertDepartment, insertResponses, lookupIds } from './helpers/surveyResponses';
import { STATISTICS_GETS, readStatistic } from './helpers/statisticsReads';
import { closeTestApp, openTestApp } from './helpers/testApp';
import { testConfig } from './helpers/testConfig';

/**
 * The differencing attacks of issue 32 through the endpoints (PGlite, and PostgreSQL with
 * DATABASE_URL), by an administrator who holds the staff file and the invitation list.
 *
 * The target is the only respondent over 65. In the twin organisation she and another person of
 * her release block have swapped their answers (LGBTIQ+, disability, country of birth, education)
 * and their record keys; everything the staff file says is the same. If every endpoint answers
 * both organisations byte for byte alike, under every selection the attacker tries (the two that
 * differ by her alone, her group's scope against the organisation, the four boxes of an
 * inclusion-exclusion, answer filters), then no combination of those answers can tell which of
 * the two gave which answer: the attacker is left at even odds between them.
 */

let database: OpenDatabase;
let app: FastifyInstance;
const ids: Record<string, number> = {};
const YEAR = new Date().getUTCFullYear();

interface Organisation {
  readonly id: string;
  readonly admin: string;
  readonly groupAssignee: string;
  readonly sales: string;
}

let real: Organisation;
let twin: Organisation;
/** Her block-mate whose answers the twin swaps with hers (an index among the organisation's people). */
let mate = -1;

const PEOPLE = 60;
const TARGET = 0;

interface Person {
  readonly group: 'sales' | 'service';
  readonly birthYear: number;
  readonly gender: 'female' | 'male';
  readonly level: 'manager' | 'clerk';
  readonly lgbtiq: boolean;
  readonly disability: boolean;
  readonly country: 'IN' | 'AU';
  readonly education: 'secondary' | 'masters';
  readonly recordKey: number;
}

const people: Person[] = Array.from({ length: PEOPLE }, (_, i) => ({
  group: i < 30 ? 'sales' : 'service',
  birthYear: i === TARGET ? YEAR - 70 : 1965 + ((i * 7) % 40),
  gender: i === TARGET || i % 2 === 0 ? 'female' : 'male',
  level: i === TARGET || i % 4 === 0 ? 'manager' : 'clerk',
  lgbtiq: i === TARGET || i % 9 === 4,
  disability: i === TARGET || i % 11 === 5,
  country: i === TARGET || i % 3 === 0 ? 'IN' : 'AU',
  education: i === TARGET || i % 5 === 0 ? 'masters' : 'secondary',
  recordKey: (i * 2_654_435_761) % 2_147_483_648,
}));

/** The twin's people: the target and her block-mate have swapped their answers and record keys. */
const swapped = (list: readonly Person[], a: number, b: number): Person[] =>
  list.map((person, index) => {
    if (index !== a && index !== b) return person;
    const other = list[index === a ? b : a]!;
    return { ...person, lgbtiq: other.lgbtiq, disability: other.disability, country: other.country, education: other.education, recordKey: other.recordKey };
  });

const createOrganisation = async (list: readonly Person[]): Promise<Organisation> => {
  const db = database.db;
  const user = await insertUser(db, { role: 'admin' });
  const organizationId = user.organizationId;
  const sales = await insertDepartment(db, organizationId, 'Sales');
  const service = await insertDepartment(db, organizationId, 'Service');
  const assignee = await insertUser(db, { organizationId, role: 'group_assignee' });
  await db.updateTable('departments').set({ assignee_id: assignee.id }).where('id', '=', sales).execute();
  await insertResponses(
    db,
    list.map((person) => ({
      organization_id: organizationId,
      department_id: person.group === 'sales' ? sales : service,
      birth_year: person.birthYear,
      gender_id: ids[person.gender]!,
      education_id: ids[person.education]!,
      disability_id: person.disability ? ids.deaf! : ids.none!,
      sexual_orientation_id: person.lgbtiq ? ids.bisexual! : ids.straight!,
      position_level_id: ids[person.level]!,
      country_birth_id: ids[person.country]!,
      record_key: person.recordKey,
    })),
  );
  await releaseDue(db, organizationId, { blockSize: 5, waitMs: 0 });
  return { id: organizationId, admin: await signIn(app, user.email), groupAssignee: await signIn(app, assignee.email), sales };
};

/** The people of each release block, by their index in the list (responses were written in list order). */
const blocksOf = async (organizationId: string): Promise<number[][]> => {
  const rows = await sql<{ block: number }>`select release_block as block from responses where organization_id = ${organizationId} order by submitted_at, id`.execute(database.db);
  const keys = await sql<{ key: number; block: number }>`select record_key as key, release_block as block from responses where organization_id = ${organizationId}`.execute(database.db);
  const blockOfKey = new Map(keys.rows.map((row) => [Number(row.key), row.block]));
  const byBlock = new Map<number, number[]>();
  people.forEach((person, index) => {
    const block = blockOfKey.get(person.recordKey)!;
    byBlock.set(block, [...(byBlock.get(block) ?? []), index]);
  });
  expect(rows.rows.every((row) => row.block !== null)).toBe(true);
  return [...byBlock.values()];
};

beforeAll(async () => {
  ({ database, app } = await openTestApp({ config: { ...testConfig(), statisticsSelectionsPerHour: 100_000 }, database: { lookups: true } }));
  const idOf = lookupIds(database.db);
  for (const [key, list, code] of [
    ['female', 'genders', 'female'],
    ['male', 'genders', 'male'],
    ['AU', 'countries', 'AU'],
    ['IN', 'countries', 'IN'],
    ['manager', 'position-levels', '1'],
    ['clerk', 'position-levels', '5'],
    ['none', 'disabilities', 'none'],
    ['straight', 'sexual-orientations', 'straight'],
    ['bisexual', 'sexual-orientations', 'bisexual'],
  ] as const) {
    ids[key] = await idOf(list, code);
  }
  const disability = await database.db.selectFrom('lookup_principles').select('id').where('list', '=', 'disabilities').where('code', 'not in', ['none', 'prefer_not']).orderBy('id').executeTakeFirstOrThrow();
  ids.deaf = disability.id;
  const educations = await database.db.selectFrom('lookup_principles').select('id').where('list', '=', 'educations').where('code', '<>', 'prefer_not').orderBy('sort').orderBy('id').execute();
  ids.secondary = educations[0]!.id;
  ids.masters = educations[educations.length - 1]!.id;
  real = await createOrganisation(people);
  const block = (await blocksOf(real.id)).find((members) => members.includes(TARGET))!;
  // A block-mate who answered differently from her, so the swap changes who gave what.
  mate = block.find((index) => index !== TARGET && (people[index]!.lgbtiq !== people[TARGET]!.lgbtiq || people[index]!.country !== people[TARGET]!.country))!;
  twin = await createOrganisation(swapped(people, TARGET, mate));
  // The twin draws the same random block keys as the real organisation: the same world but for the swap.
  await sql`update release_blocks t set block_key = r.block_key
    from responses rt join responses rr on rr.record_key = rt.record_key and rr.organization_id = ${real.id}
    join release_blocks r on r.id = rr.release_block
    where rt.organization_id = ${twin.id} and t.id = rt.release_block`.execute(database.db);
});

afterAll(() => closeTestApp({ app, database }));

const ENDPOINTS = STATISTICS_GETS;

const read = (token: string, path: string, filters: Record<string, unknown>): Promise<string> => readStatistic(app, token, path, filters);

/** What the staff file suggests: her alone left out, her age, her gender and level, the four boxes around her, with answer filters. */
const attackSelections = (): Record<string, unknown>[] => {
  const woman = { gender: [String(ids.female)] };
  const man = { gender: [String(ids.male)] };
  const manager = { 'position-level': [String(ids.manager)] };
  const clerk = { 'position-level': [String(ids.clerk)] };
  const bothLevels = { 'position-level': [String(ids.manager), String(ids.clerk)] };
  const bothGenders = { gender: [String(ids.female), String(ids.male)] };
  return [
    {},
    { lgbtiq: 'no' },
    { 'age-range': '15-64', lgbtiq: 'no' },
    { lgbtiq: 'yes' },
    { 'age-range': '15-64', lgbtiq: 'yes' },
    { 'age-range': '65-100' },
    { 'age-range': '65-100', disability: 'yes' },
    { ...woman, ...manager },
    { ...woman, ...manager, 'age-range': '15-64' },
    // (a∪b)×(c∪d) − a×(c∪d) − (a∪b)×c + a×c isolates b×d: men or women by clerk or manager.
    { ...bothGenders, ...bothLevels, lgbtiq: 'yes' },
    { ...man, ...bothLevels, lgbtiq: 'yes' },
    { ...bothGenders, ...clerk, lgbtiq: 'yes' },
    { ...man, ...clerk, lgbtiq: 'yes' },
    { disability: 'yes' },
  ];
};

describe('differencing attacks of issue 32 through the endpoints', () => {
  it('release every response in blocks of at least m, each block\u2019s atoms adding up to its size', async () => {
    for (const organisation of [real, twin]) {
      const blocks = await sql<{ size: number; counted: number }>`select b.size, (select sum(a.count)::int from release_block_atoms a where a.block_id = b.id) as counted
        from release_blocks b where b.organization_id = ${organisation.id}`.execute(database.db);
      expect(blocks.rows.length).toBeGreaterThan(1);
      for (const block of blocks.rows) {
        expect(block.size).toBeGreaterThanOrEqual(5);
        expect(block.counted).toBe(block.size);
      }
    }
    expect(mate).toBeGreaterThan(0);
  });

  it('answer every selection, scope and endpoint alike whether she or her block-mate gave her answers', async () => {
    let reads = 0;
    for (const [mine, theirs] of [
      [real.admin, twin.admin],
      [real.groupAssignee, twin.groupAssignee],
    ] as const) {
      for (const filters of attackSelections()) {
        for (const endpoint of ENDPOINTS) {
          const [a, b] = await Promise.all([read(mine, endpoint.path, filters), read(theirs, endpoint.path, filters)]);
          expect(a, `${endpoint.path} ${JSON.stringify(filters)}`).toBe(b);
          reads++;
        }
      }
    }
    expect(reads).toBe(2 * attackSelections().length * ENDPOINTS.length);
  }, 600_000);

  it('leave every figure as it was after one new answer, until m of her group have answered, saying only that a few wait', async () => {
    const figures = ENDPOINTS.filter((endpoint) => endpoint !== statisticsEndpoints.general.waiting);
    const waiting = async () => JSON.parse(await read(real.admin, statisticsEndpoints.general.waiting.path, {})).data;
    expect(await waiting()).toEqual({ some: false, atLeast: 0, blockSize: 5 });
    const before = await Promise.all(figures.map((endpoint) => read(real.admin, endpoint.path, {})));
    const write = async () => {
      const template = await database.db.selectFrom('responses').selectAll().where('organization_id', '=', real.id).where('department_id', '=', real.sales).limit(1).executeTakeFirstOrThrow();
      const { id: _id, record_key: _key, release_block: _block, submitted_at: _at, ...rest } = template;
      await database.db.insertInto('responses').values({ ...rest, answers: '{}', country_birth_id: ids.AU! }).execute();
    };
    await write();
    const after = await Promise.all(figures.map((endpoint) => read(real.admin, endpoint.path, {})));
    expect(after).toEqual(before);
    expect(await waiting()).toEqual({ some: true, atLeast: 0, blockSize: 5 });
    for (let i = 0; i < 4; i++) await write();
    const later = await Promise.all(figures.map((endpoint) => read(real.admin, endpoint.path, {})));
    expect(later).not.toEqual(before);
    expect(await waiting()).toEqual({ some: false, atLeast: 0, blockSize: 5 });
    const left = await sql<{ count: number }>`select count(*)::int as count from responses where organization_id = ${real.id} and release_block is null`.execute(database.db);
    expect(left.rows[0]!.count).toBe(0);
  }, 300_000);
});
