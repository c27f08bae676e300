import { performance } from 'node:perf_hooks';
import { type RawBuilder, sql } from 'kysely';
import { selectionParameters } from '../domain/contracts/compare';
import { buildApp } from '../server/app';
import { median, p95, timeRounds } from './samples';
import { openBenchDatabase } from './statisticsDatabase';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0).padStart(7)} ms`;

const time = timeRounds;

/**
 * GET /compare/data with four selections (the whole organisation and its three first groups)
 * and GET /mutuality/data (the organisation against Australia's census) on the bench
 * organisation, each against the bare SQL it wraps: the unprotected GROUP BYs of the same
 * questions, side by side as the endpoint runs them (for a comparison, those of every selection
 * and the respondents per group that the joint protection reads). Measured warm (figures
 * cached: median, p95), cold (statistics cache emptied) and on the first call after the
 * organisation's responses changed, with how long the new figures take to replace the previous
 * ones. See statisticsDatabase.ts for the two modes (PGlite quick mode by default, the
 * 1,000,000-response organisation on PostgreSQL with BENCH_DATABASE_URL).
 */
export const runCompareBench = async (): Promise<void> => {
  const bench = await openBenchDatabase();
  const { database } = bench;
  const db = database.db;
  try {
    const app = await buildApp({ ...bench.config, statisticsSelectionsPerHour: 1_000_000 }, { db, dbKind: database.kind });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: bench.adminEmail, password: bench.password } });
      const headers = { authorization: `Bearer ${login.json().data.access_token as string}` };
      const org = bench.organizationId;
      const cache = app.statisticsCache;
      const tops = await db.selectFrom('departments').select('id').where('organization_id', '=', org).where('parent_id', 'is', null).orderBy('name').limit(3).execute();
      const children = await db.selectFrom('departments').select(['id', 'parent_id']).where('organization_id', '=', org).where('parent_id', 'in', tops.map((top) => top.id)).execute();
      const australia = await db.selectFrom('lookup_principles').select('id').where('list', '=', 'countries').where('code', '=', 'AU').executeTakeFirstOrThrow();

      type Where = (alias: string) => RawBuilder<unknown>;
      const everyone: Where = (alias) => sql`${sql.ref(`${alias}.organization_id`)} = ${org}`;
      const inGroup =
        (id: string): Where =>
        (alias) =>
          sql`${sql.ref(`${alias}.organization_id`)} = ${org} and ${sql.ref(`${alias}.department_id`)} in (${sql.join([id, ...children.filter((child) => child.parent_id === id).map((child) => child.id)])})`;
      const responsesBy = (columns: string) => (where: Where) => sql`select ${sql.raw(columns)}, count(*) from responses r where ${where('r')} group by ${sql.raw(columns)}`;
      const childBy = (table: string, column: string) => (where: Where) =>
        sql`select c.${sql.raw(column)}, count(distinct c.response_id) from ${sql.raw(table)} c join responses r on r.id = c.response_id where c.organization_id = ${org} and ${where('r')} group by 1`;
      const perPerson = (table: string) => (where: Where) =>
        sql`select n, count(*) from (select c.response_id, count(*) as n from ${sql.raw(table)} c join responses r on r.id = c.response_id
            where c.organization_id = ${org} and ${where('r')} group by 1) x group by 1`;
      /** The diversity index's questions: two answers of the responses, two child tables and the people who named any of each. */
      const indexQueries = (where: Where) => [
        responsesBy('country_birth_id')(where),
        responsesBy('worldview_id')(where),
        childBy('response_languages', 'language_id')(where),
        childBy('response_heritages', 'ethnicity_id')(where),
        perPerson('response_languages')(where),
        perPerson('response_heritages')(where),
      ];
      /** A comparison's column: the index's questions, the pyramid (also gender and generation), position, disability and sexual orientation. */
      const columnQueries = (where: Where) => [
        ...indexQueries(where),
        responsesBy('gender_id, birth_year')(where),
        responsesBy('position_level_id')(where),
        responsesBy('disability_id')(where),
        responsesBy('sexual_orientation_id')(where),
      ];
      const wheres = [everyone, ...tops.map((top) => inGroup(top.id))];
      const compareBare = () => [...wheres.flatMap(columnQueries), sql`select department_id, count(*) from responses where organization_id = ${org} group by 1`];
      const mutualityBare = () => [sql`select count(*) from responses r where ${everyone('r')}`, ...indexQueries(everyone)];

      const selections = [{ group: 'all' }, ...tops.map((top) => ({ group: top.id }))];
      const cases: [string, string, () => RawBuilder<unknown>[]][] = [
        [`compare/data, ${selections.length} selections`, `/api/compare/data?${new URLSearchParams(selectionParameters(selections)).toString()}`, compareBare],
        ['mutuality/data, Australia', `/api/mutuality/data?country_id=${australia.id}`, mutualityBare],
      ];
      const coldRounds = Math.max(3, Math.ceil(ROUNDS / 4));
      console.log(`compare and mutuality: ${bench.responses.toLocaleString('en-AU')} demo responses on ${bench.label}, ${ROUNDS} rounds (cold ${coldRounds}); medians unless marked p95`);
      console.log(`  ${'endpoint'.padEnd(30)} ${'bare'.padStart(10)} ${'warm'.padStart(10)} ${'ratio'.padStart(6)} ${'warm p95'.padStart(10)} ${'cold'.padStart(10)} ${'ratio'.padStart(6)} ${'changed'.padStart(10)} ${'refresh'.padStart(10)}`);
      for (const [name, url, bare] of cases) {
        const call = async () => {
          const response = await app.inject({ method: 'GET', url, headers });
          if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
          const body = response.json() as { status: number; message?: string };
          if (body.status !== 200) throw new Error(`${name}: ${body.status} ${body.message ?? ''}`);
        };
        const base = await time(() => Promise.all(bare().map((query) => query.execute(db))), coldRounds);
        const cold = await time(async () => {
          cache.clear();
          await call();
        }, coldRounds);
        const warm = await time(call, ROUNDS);
        await sql`update statistics_versions set version = version + 1 where organization_id = ${org}`.execute(db);
        const [changed] = await time(call, 1);
        const refreshStart = performance.now();
        await cache.settled();
        const refresh = performance.now() - refreshStart + changed!;
        const ratio = (a: number, b: number) => (a / b).toFixed(2).padStart(6);
        console.log(
          `  ${name.padEnd(30)} ${ms(median(base))} ${ms(median(warm))} ${ratio(median(warm), median(base))} ${ms(p95(warm))} ${ms(median(cold))} ${ratio(median(cold), median(base))} ${ms(changed!)} ${ms(refresh)}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runCompareBench();
