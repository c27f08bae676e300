import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../server/db/connect';
import type { Database } from '../../server/db/database';
import { insertUser, signIn } from './helpers/accounts';
import { insertDepartment, insertResponses, lookupIds } from './helpers/surveyResponses';
import { STATISTICS_GETS, readStatistic } from './helpers/statisticsReads';
import { closeTestApp, openTestApp } from './helpers/testApp';
import { testConfig } from './helpers/testConfig';

/**
 * The attacks of issue 13 through the endpoints themselves (on PGlite, and on PostgreSQL with
 * DATABASE_URL), by an administrator who holds the staff file: a 60-person organisation in
 * which one man aged 60-64 sits in a 3-person group and alone gave a worldview, a country of
 * birth, a disability and an LGBTIQ+ orientation. A twin organisation is the same but for his
 * answers, which are everybody's most common ones.
 *
 * - Presence: none of his rare answers is ever named, in the organisation's scope or his
 *   group's, under any selection the staff file suggests.
 * - Refusals: every selection that holds him alone (or him and one other) answers exactly what
 *   the twin's answers, so a refusal says nothing of what he gave.
 */

let database: OpenDatabase;
let app: FastifyInstance;

interface Organisation {
  readonly admin: string;
  /** The assignee of his 3-person group: sees that group only. */
  readonly groupAssignee: string;
}

let real: Organisation;
let twin: Organisation;
const ids: Record<string, number> = {};
const rare: Record<string, { id: number; name: string }> = {};
const YEAR = new Date().getUTCFullYear();

const lookup = async (db: Kysely<Database>, list: string, exclude: readonly string[]) => {
  const row = await db
    .selectFrom('lookup_principles')
    .select(['id', 'name'])
    .where('list', '=', list)
    .where('code', 'not in', [...exclude, 'prefer_not'])
    .orderBy('sort', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name };
};

/** The organisation of the attack; `targetIsRare`: his answers are his own (else the common ones). */
const createOrganisation = async (targetIsRare: boolean): Promise<Organisation> => {
  const db = database.db;
  const user = await insertUser(db, { role: 'admin' });
  const organizationId = user.organizationId;
  const groups = [await insertDepartment(db, organizationId, 'Small'), await insertDepartment(db, organizationId, 'Sales'), await insertDepartment(db, organizationId, 'Service')];
  const assignee = await insertUser(db, { organizationId, role: 'group_assignee' });
  await db.updateTable('departments').set({ assignee_id: assignee.id }).where('id', '=', groups[0]!).execute();
  const people = Array.from({ length: 60 }, (_, i) => {
    const target = i === 0;
    const own = target && targetIsRare;
    return {
      organization_id: organizationId,
      department_id: i < 3 ? groups[0]! : groups[1 + (i % 2)]!,
      birth_year: target ? YEAR - 62 : 1970 + (i % 30),
      gender_id: target || i % 2 === 1 ? ids.male! : ids.female!,
      disability_id: own ? rare.disability!.id : ids.none!,
      sexual_orientation_id: own ? ids.bisexual! : ids.straight!,
      position_level_id: target || i % 4 === 0 ? ids.manager! : ids.clerk!,
      country_birth_id: own ? rare.country!.id : i % 3 === 0 ? ids.IN! : ids.AU!,
      worldview_id: own ? rare.worldview!.id : i % 2 === 0 ? ids.christian! : ids.secular!,
    };
  });
  await insertResponses(db, people);
  return { admin: await signIn(app, user.email), groupAssignee: await signIn(app, assignee.email) };
};

beforeAll(async () => {
  ({ database, app } = await openTestApp({ config: { ...testConfig(), statisticsSelectionsPerHour: 100_000 }, database: { lookups: true } }));
  const idOf = lookupIds(database.db);
  for (const [key, list, code] of [
    ['female', 'genders', 'female'],
    ['male', 'genders', 'male'],
    ['AU', 'countries', 'AU'],
    ['IN', 'countries', 'IN'],
    ['christian', 'worldviews', '25'],
    ['secular', 'worldviews', '95'],
    ['manager', 'position-levels', '1'],
    ['clerk', 'position-levels', '5'],
    ['none', 'disabilities', 'none'],
    ['straight', 'sexual-orientations', 'straight'],
    ['bisexual', 'sexual-orientations', 'bisexual'],
  ] as const) {
    ids[key] = await idOf(list, code);
  }
  rare.worldview = await lookup(database.db, 'worldviews', ['25', '95']);
  rare.country = await lookup(database.db, 'countries', ['AU', 'IN']);
  rare.disability = await lookup(database.db, 'disabilities', ['none']);
  real = await createOrganisation(true);
  twin = await createOrganisation(false);
});

afterAll(() => closeTestApp({ app, database }));

const ENDPOINTS = STATISTICS_GETS;

/** Selections the staff file suggests: his gender, his age band, his level, and their pairs. */
const selections = (): Record<string, unknown>[] => {
  const man = { gender: [String(ids.male)] };
  const age = { 'age-range': '60-64' };
  const level = { 'position-level': [String(ids.manager)] };
  return [{}, man, { ...man, ...age }, { ...age, ...level }, { ...man, lgbtiq: 'yes' }, { ...man, disability: 'yes' }];
};

const read = (token: string, path: string, filters: Record<string, unknown>): Promise<string> => readStatistic(app, token, path, filters);

describe('the staff-file attacker against the endpoints', () => {
  it('never sees the name or the key of an answer only the target gave, in any scope or selection', async () => {
    const answers = Object.values(rare);
    let reads = 0;
    for (const token of [real.admin, real.groupAssignee]) {
      for (const filters of selections()) {
        for (const endpoint of ENDPOINTS) {
          const body = await read(token, endpoint.path, filters);
          reads++;
          for (const answer of answers) {
            expect(body, `${endpoint.path} names ${answer.name}`).not.toContain(`"label":"${answer.name}"`);
            expect(body, `${endpoint.path} keys ${answer.name}`).not.toMatch(new RegExp(`"key":"(?:[^"]*\\|)?${answer.id}(?:\\|[^"]*)?"`));
          }
        }
      }
    }
    expect(reads).toBeGreaterThan(ENDPOINTS.length * 10);
  }, 300_000);

  it('answers a selection of one or two people the same whatever they gave', async () => {
    const man = { gender: [String(ids.male)] };
    const alone = [{ ...man, 'age-range': '60-64' }, { 'age-range': '60-64', lgbtiq: 'yes' }, { 'age-range': '60-64', disability: 'yes' }];
    for (const filters of alone) {
      for (const endpoint of ENDPOINTS) {
        const [mine, theirs] = await Promise.all([read(real.admin, endpoint.path, filters), read(twin.admin, endpoint.path, filters)]);
        expect(mine, `${endpoint.path} ${JSON.stringify(filters)}`).toBe(theirs);
      }
    }
  }, 300_000);
});
