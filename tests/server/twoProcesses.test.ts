import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADJUSTMENT } from '../../domain/stats';
import { PASSWORD, insertUser } from './helpers/accounts';
import { sql } from 'kysely';
import { VALID_CHILD_ROWS, insertDepartment, insertLink, lookupIds, surveyBody, validQuestions } from './helpers/surveyResponses';
import { type ServerProcess, startServerProcess, stopServerProcess } from './helpers/serverProcess';
import { createTestDatabase, type TestDatabase } from './helpers/testDatabase';

/**
 * Scale-out (docs/operations.md): two server processes over one PostgreSQL
 * database serve one organisation. A response written through one is in the figures the other
 * releases at once, both release the same figure for the same people, and a link's seats are
 * claimed atomically across the two. Only meaningful with a PostgreSQL server (PGlite is one
 * process's folder), so it runs in the PostgreSQL server suite (`.ci/run`).
 */

const request = async (server: ServerProcess, method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
};

describe.skipIf(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '')('two server processes over one PostgreSQL database', () => {
  let database: TestDatabase;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  let organizationId: string;
  let adminEmail: string;
  let questions: Awaited<ReturnType<typeof validQuestions>>;

  beforeAll(async () => {
    database = await createTestDatabase({ lookups: true });
    const admin = await insertUser(database.db, { role: 'admin' });
    organizationId = admin.organizationId;
    adminEmail = admin.email;
    await database.db.updateTable('organizations').set({ seat_capacity: 10_000 }).where('id', '=', organizationId).execute();
    const group = await insertDepartment(database.db, organizationId, 'Research');
    questions = { ...(await validQuestions(lookupIds(database.db))), '3': group };
    // One after the other: each start runs the (idempotent) migrations and lookup seeding.
    first = await startServerProcess({ DATABASE_URL: database.url! });
    second = await startServerProcess({ DATABASE_URL: database.url! });
  });

  afterAll(async () => {
    await Promise.all([stopServerProcess(first), stopServerProcess(second)]);
    await database?.close();
  });

  const signIn = async (server: ServerProcess): Promise<string> => {
    const response = await request(server, 'POST', '/login', { email: adminEmail, password: PASSWORD });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body!.data as { access_token: string }).access_token;
  };

  const submitThrough = async (server: ServerProcess, token: string, count: number): Promise<(number | string)[]> =>
    Promise.all(
      Array.from({ length: count }, async () => {
        const response = await request(server, 'POST', '/diversity-survey', surveyBody(token, questions));
        return response.status === 200 ? 200 : `${response.status} ${String(response.body?.message)}`;
      }),
    );

  const registered = async (server: ServerProcess, token: string): Promise<number | null> => {
    const response = await request(server, 'GET', '/home/total-registered', undefined, token);
    expect(response.status).toBe(200);
    const data = response.body!.data as { count?: number } | undefined;
    return response.body!.status === 204 || data === undefined ? null : (data.count ?? null);
  };

  it('a response written through one process is in the figures the other releases at once, and both release the same figure', async () => {
    const link = await insertLink(database.db, organizationId, { capacity: 100 });
    const firstSession = await signIn(first!);
    const secondSession = await signIn(second!);

    expect(await submitThrough(first!, link.token, 12)).toEqual(Array(12).fill(200));
    // The second process reads (and caches) the organisation's figures after the first wrote.
    const afterTwelve = await registered(second!, secondSession);
    expect(afterTwelve).not.toBeNull();
    expect(Math.abs(afterTwelve! - 12)).toBeLessThanOrEqual(MAX_ADJUSTMENT);
    // Its cache is warm now; twelve more through the first process must not be a round late.
    expect(await submitThrough(first!, link.token, 12)).toEqual(Array(12).fill(200));
    const afterTwentyFour = await registered(second!, secondSession);
    expect(Math.abs(afterTwentyFour! - 24)).toBeLessThanOrEqual(MAX_ADJUSTMENT);
    // The same records give the same figure, whichever process computes it.
    expect(await registered(first!, firstSession)).toBe(afterTwentyFour);
    const shares = await Promise.all([first!, second!].map(async (server, i) => (await request(server, 'GET', '/overview/country-birth', undefined, [firstSession, secondSession][i])).body));
    expect(shares[0]).toEqual(shares[1]);
  });

  it('seats are claimed atomically across the two processes: 30 submits on 15 seats accept exactly 15', async () => {
    const link = await insertLink(database.db, organizationId, { capacity: 15 });
    const statuses = (await Promise.all([submitThrough(first!, link.token, 15), submitThrough(second!, link.token, 15)])).flat();
    expect(statuses.filter((status) => status === 200)).toHaveLength(15);
    expect(statuses.filter((status) => status !== 200)).toEqual(Array(15).fill('409 This survey link has no seats left.'));
    const row = await database.db.selectFrom('survey_tokens').select('used').where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(row.used).toBe(15);
    const stored = await database.db.selectFrom('responses').select((eb) => eb.fn.countAll<string>().as('n')).where('token_id', '=', link.id).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(15);
  });

  it("a group's capacity holds across the two processes: 20 submits on a 20-seat link of a group of capacity 5 accept exactly 5", async () => {
    const capped = await insertDepartment(database.db, organizationId, 'Capped', { capacity: 5 });
    const link = await insertLink(database.db, organizationId, { capacity: 20, departmentId: capped });
    const statuses = (await Promise.all([submitThrough(first!, link.token, 10), submitThrough(second!, link.token, 10)])).flat();
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status !== 200)).toEqual(Array(15).fill('409 This group is full: it takes no more answers.'));
    const stored = await database.db.selectFrom('responses').select((eb) => eb.fn.countAll<string>().as('n')).where('group_id', '=', capped).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(5);
    expect((await database.db.selectFrom('survey_tokens').select('used').where('id', '=', link.id).executeTakeFirstOrThrow()).used).toBe(5);
  });

  it('a server killed in the middle of submits leaves every seat it took with a whole response, and no response without its seat', async () => {
    const doomed = await startServerProcess({ DATABASE_URL: database.url! });
    const link = await insertLink(database.db, organizationId, { capacity: 1000 });
    let answered = 0;
    let killed!: () => void;
    const killedOnce = new Promise<void>((resolve) => (killed = resolve));
    const attempts = Array.from({ length: 150 }, async () => {
      try {
        const response = await request(doomed, 'POST', '/diversity-survey', surveyBody(link.token, questions));
        if (response.status === 200 && ++answered === 10) killed();
      } catch {
        // The connection died with the server.
      }
    });
    await Promise.race([killedOnce, Promise.all(attempts)]);
    doomed.child.kill('SIGKILL');
    await Promise.all(attempts);
    // The database has seen the dead connections off: their statements ended, committed or not.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const seats = (await database.db.selectFrom('survey_tokens').select('used').where('id', '=', link.id).executeTakeFirstOrThrow()).used;
    const whole = await sql<{ responses: number; partial: number }>`
      select count(*)::int as responses,
        count(*) filter (where (select count(*) from response_languages l where l.response_id = r.id) <> ${VALID_CHILD_ROWS.languages}
          or (select count(*) from response_ancestry a where a.response_id = r.id) <> ${VALID_CHILD_ROWS.ancestry}
          or (select count(*) from response_heritages h where h.response_id = r.id) <> ${VALID_CHILD_ROWS.heritages})::int as partial
      from responses r where r.token_id = ${link.id}`.execute(database.db);
    expect(answered).toBeGreaterThanOrEqual(10);
    expect(whole.rows[0]!.partial).toBe(0);
    expect(whole.rows[0]!.responses).toBe(seats);
    expect(seats).toBeGreaterThanOrEqual(answered);
  }, 180_000);
});
