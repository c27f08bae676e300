import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { StatisticsFigures } from '../../server/services/statistics/figures';
import { HOME_ENDPOINTS, homePageComputes } from '../../server/services/statistics/table';
import { organizationsToWarm, warmHomePages } from '../../server/services/statistics/warmUp';
import { get, insertUser, signIn } from './helpers/accounts';
import { insertDepartment, insertResponse } from './helpers/surveyResponses';
import { createTestDatabase, type TestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

/** The home page's figures counted in the background after a start (server/services/statistics/warmUp.ts). */
describe('warming the statistics after a start', () => {
  let database: TestDatabase;
  let large: { organizationId: string; email: string };
  let small: { organizationId: string; email: string };
  let read: { organizationId: string; email: string };

  const organizationWith = async (responses: number) => {
    const admin = await insertUser(database.db, { role: 'admin' });
    const group = await insertDepartment(database.db, admin.organizationId, 'Research');
    for (let i = 0; i < responses; i += 1) {
      await insertResponse(database.db, { organization_id: admin.organizationId, department_id: group, birth_year: 1970 + (i % 40), submitted_at: new Date(Date.now() - 3_600_000) });
    }
    return { organizationId: admin.organizationId, email: admin.email };
  };

  const homePage = async (app: FastifyInstance, email: string) => {
    const token = await signIn(app, email);
    return Promise.all(HOME_ENDPOINTS.map(async (endpoint) => (await get(app, `/api${endpoint.path}`, { token })).json()));
  };

  beforeAll(async () => {
    database = await createTestDatabase({ lookups: true });
    small = await organizationWith(10);
    large = await organizationWith(30);
    read = await organizationWith(15);
    await database.db.insertInto('statistics_selections').values({ organization_id: read.organizationId, hour: 0, selection: 'everyone', created_at: new Date() }).execute();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('warms the organisations read in the last hour first, then the largest', async () => {
    expect(await organizationsToWarm(database.db, 2)).toEqual([read.organizationId, large.organizationId]);
    expect((await organizationsToWarm(database.db, 3)).slice(2)).toEqual([small.organizationId]);
    expect(await organizationsToWarm(database.db, 0)).toEqual([]);
  });

  it("keeps each warmed organisation's home page, which then answers the same figures as a cold server without counting again", async () => {
    const warm = await buildApp(testConfig(), { db: database.db, dbKind: database.kind });
    const cold = await buildApp(testConfig(), { db: database.db, dbKind: database.kind });
    try {
      const warmed = await warmHomePages(database.db, homePageComputes(new StatisticsFigures(database.db, warm.statisticsCache)), { limit: 2, log: () => undefined });
      expect(warmed).toBe(2);
      const kept = warm.statisticsCache.size;
      expect(kept).toBeGreaterThan(0);
      const before = { ...warm.statisticsCache.refreshes };
      // The first visitor's page: the selections were ready, none is added or counted again.
      expect(await homePage(warm, large.email)).toEqual(await homePage(cold, large.email));
      expect(warm.statisticsCache.size).toBe(kept);
      expect(warm.statisticsCache.refreshes).toEqual(before);
      // An organisation not warmed is counted on its first visit, as before.
      await homePage(warm, small.email);
      expect(warm.statisticsCache.size).toBeGreaterThan(kept);
    } finally {
      await warm.close();
      await cold.close();
    }
  });

  it('stops between organisations when the server stops, and a failure leaves only that organisation cold', async () => {
    const app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind });
    try {
      const lines: string[] = [];
      expect(await warmHomePages(database.db, homePageComputes(new StatisticsFigures(database.db, app.statisticsCache)), { limit: 3, log: (line) => lines.push(line), stopped: () => true })).toBe(0);
      let calls = 0;
      const failingFirst = async () => {
        calls += 1;
        if (calls === 1) throw new Error('the database went away');
      };
      expect(await warmHomePages(database.db, [failingFirst], { limit: 3, log: (line) => lines.push(line) })).toBe(2);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('the database went away');
    } finally {
      await app.close();
    }
  });
});
