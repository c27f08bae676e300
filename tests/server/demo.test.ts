import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { Catalogue, type CatalogueRow, loadCatalogue } from '../../server/demo/catalogue';
import { type DemoResponse, createDemoGenerator } from '../../server/demo/generate';
import {
  createDemoOrganization,
  DEFAULT_DEMO_RESPONSES,
  DEMO_ADMIN_EMAIL,
  DEMO_PASSWORD,
  type DemoSignIn,
  demoSeedEnabled,
  seedDemoOnFirstStart,
} from '../../server/demo/index';
import { buildPopulationModel } from '../../server/demo/model';
import { apportion, createRandom, weighted } from '../../server/demo/random';
import { deleteDemoOrganization } from '../../server/demo/write';
import { createCapturingMailer } from '../../server/services/mail';
import { post } from './helpers/accounts';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

let database: OpenDatabase;
let catalogue: Catalogue;
const warnings: string[] = [];
const NOW = new Date('2026-03-01T00:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase({ lookups: true });
  catalogue = await loadCatalogue(database.db, (message) => warnings.push(message));
});

afterAll(async () => {
  await database?.close();
});

const hashOf = (seed: string, responses: number): string => {
  const generator = createDemoGenerator(catalogue, { seed, responses, now: NOW, organizationName: 'Hash' });
  const hash = createHash('sha256').update(JSON.stringify(generator.plan));
  for (const response of generator.responses()) hash.update(JSON.stringify(response));
  return hash.digest('hex');
};

describe('the seeded random source', () => {
  it('gives the same sequence for the same seed, another for another seed, and stays in [0, 1)', () => {
    const draws = (seed: string) => Array.from({ length: 1000 }, createRandom(seed).next);
    expect(draws('a')).toEqual(draws('a'));
    expect(draws('a')).not.toEqual(draws('b'));
    expect(draws('a').every((value) => value >= 0 && value < 1)).toBe(true);
    const mean = draws('c').reduce((a, b) => a + b, 0) / 1000;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });

  it('draws weighted items in proportion and never an item of weight 0', () => {
    const random = createRandom('weights');
    const choice = weighted([['a', 1], ['b', 3], ['never', 0]] as const);
    const counts = { a: 0, b: 0, never: 0 };
    for (let index = 0; index < 20_000; index++) counts[choice.draw(random)] += 1;
    expect(counts.never).toBe(0);
    expect(counts.b / 20_000).toBeGreaterThan(0.73);
    expect(counts.b / 20_000).toBeLessThan(0.77);
  });

  it('apportions a whole number exactly', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(2000, [0.14, 0.15, 0.16, 0.17, 0.18, 0.12, 0.03]).reduce((a, b) => a + b, 0)).toBe(2000);
  });
});

describe('the demo generator', () => {
  it('is deterministic: the same seed gives identical rows, another seed other rows', () => {
    expect(hashOf('same', 400)).toBe(hashOf('same', 400));
    expect(hashOf('other', 400)).not.toBe(hashOf('same', 400));
  });

  it('answers questions 25 to 27 from the background and the heritages named', () => {
    const generator = createDemoGenerator(catalogue, { seed: 'lived', responses: 4000, now: NOW, organizationName: 'Lived' });
    const responses = [...generator.responses()];
    const preferNot = catalogue.preferNot('ethnicities');
    for (const response of responses) {
      // The cultures felt are among the heritages named; the culture identified with most among those.
      for (const culture of response.cultures) expect(culture === preferNot || response.heritages.includes(culture)).toBe(true);
      if (response.cultureIdentityId !== null) expect(response.cultures).toContain(response.cultureIdentityId);
    }
    const share = (test: (response: DemoResponse) => boolean) => responses.filter(test).length / responses.length;
    expect(share((response) => response.cultures.length > 0)).toBeGreaterThan(0.7);
    expect(share((response) => response.cultureIdentityId !== null)).toBeGreaterThan(0.6);
    expect(share((response) => response.appearanceId !== null)).toBeGreaterThan(0.85);
    // Mostly born in Australia of European background: White is the largest appearance, not the only one.
    const white = catalogue.find('appearances', 'white')!.id;
    expect(share((response) => response.appearanceId === white)).toBeGreaterThan(0.4);
    expect(share((response) => response.appearanceId === white)).toBeLessThan(0.9);
    expect(new Set(responses.map((response) => response.appearanceId)).size).toBeGreaterThan(6);
  });

  it('finds every census category and every assumption in the lookup lists', () => {
    createDemoGenerator(catalogue, { seed: 'warnings', responses: 10, now: NOW, organizationName: 'W' });
    expect(warnings).toEqual([]);
  });

  it('reports a category that matches nothing and leaves it out, without failing', async () => {
    const seen: string[] = [];
    const rows: CatalogueRow[] = await database.db.selectFrom('lookup_principles').select(['id', 'list', 'code', 'name', 'search', 'parent_id']).execute();
    const other = new Catalogue(rows, (message) => seen.push(message));
    expect(other.resolve('countries', { name: 'Atlantis', code: 'QQ' }, 'census country of birth')).toBeUndefined();
    expect(other.resolve('countries', { name: 'Atlantis', code: 'QQ' }, 'census country of birth')).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('Atlantis');
    // By name when the code is unknown.
    expect(other.resolve('countries', { name: 'New Zealand', code: 'nz-unknown' }, 'test')?.code).toBe('NZ');
    expect(other.resolve('languages', { name: 'Filipino/Tagalog' }, 'test')).toBeDefined();
  });

  it('calibrates the population to the census figures it is given', () => {
    const model = buildPopulationModel(catalogue);
    const tolerance = { 'country of birth': 0.001, 'language at home': 0.002, religion: 0.01, ancestry: 0.002 } as const;
    for (const share of model.expected) {
      // English only: the census counts "not stated" among the other languages; our respondents all name one.
      const allowed = share.name === 'English only' ? 0.08 : tolerance[share.topic];
      expect(Math.abs(share.model - share.census), `${share.topic}: ${share.name} (census ${share.census}, model ${share.model})`).toBeLessThanOrEqual(allowed);
    }
  });

  it('draws a large sample whose shares follow the census within sampling error', () => {
    const generator = createDemoGenerator(catalogue, { seed: 'census', responses: 20_000, now: NOW, organizationName: 'Census' });
    const responses = [...generator.responses()];
    const share = (test: (response: DemoResponse) => boolean) => responses.filter(test).length / responses.length;
    const australia = catalogue.find('countries', 'AU')!.id;
    const english = catalogue.find('languages', 'eng')!.id;
    for (const expected of generator.model.expected) {
      const ids = new Set(expected.ids);
      let actual: number;
      if (expected.topic === 'country of birth') actual = share((response) => ids.has(response.countryBirthId));
      else if (expected.topic === 'ancestry') actual = share((response) => response.heritages.some((id) => ids.has(id)));
      else if (expected.topic === 'religion') actual = share((response) => ids.has(response.worldviewId) || (response.branchId !== null && ids.has(response.branchId)));
      else if (ids.has(english)) actual = share((response) => response.languages.every(([id, level]) => id === english || level !== 'native'));
      else actual = share((response) => response.languages.some(([id, level]) => ids.has(id) && level === 'native'));
      // Four standard errors of a share of 20,000 draws, at least half a point for the small ones.
      const allowed = Math.max(0.005, 4 * Math.sqrt((expected.model * (1 - expected.model)) / responses.length));
      expect(Math.abs(actual - expected.model), `${expected.topic}: ${expected.name} (model ${expected.model}, drawn ${actual})`).toBeLessThanOrEqual(allowed);
    }
    expect(share((response) => response.countryBirthId === australia)).toBeGreaterThan(0.68);

    // The other topics keep the promised shapes.
    const code = (id: number | null) => (id === null ? null : catalogue.byIdOf(id)!.code);
    const genders = (value: string) => share((response) => code(response.genderId) === value);
    expect(genders('female')).toBeGreaterThan(0.44);
    expect(genders('male')).toBeGreaterThan(0.44);
    const disability = share((response) => !['none', 'prefer_not'].includes(code(response.disabilityId)!));
    expect(disability).toBeGreaterThan(0.13);
    expect(disability).toBeLessThan(0.22);
    const lgbtiq = share((response) => ['gay_lesbian', 'bisexual', 'other'].includes(code(response.sexualOrientationId)!));
    expect(lgbtiq).toBeGreaterThan(0.03);
    expect(lgbtiq).toBeLessThan(0.07);
    const preferNotOrientation = share((response) => code(response.sexualOrientationId) === 'prefer_not');
    expect(preferNotOrientation).toBeGreaterThan(0.05);
    expect(preferNotOrientation).toBeLessThan(0.1);
    const years = responses.flatMap((response) => (response.birthYear === null ? [] : [response.birthYear]));
    expect(Math.min(...years)).toBe(1960);
    expect(Math.max(...years)).toBe(2006);
    for (const response of responses) expect(response.heritages.length).toBeLessThanOrEqual(3);
    // Some groups are much more diverse than others.
    const bornOverseasIn = (group: number) => {
      const inGroup = responses.filter((response) => response.group === group);
      return inGroup.filter((response) => response.countryBirthId !== australia).length / inGroup.length;
    };
    const groupShares = generator.plan.groups.map((_, index) => bornOverseasIn(index));
    expect(Math.max(...groupShares) - Math.min(...groupShares)).toBeGreaterThan(0.1);
  });
});

describe('writing demo organisations', () => {
  let firstStart: DemoSignIn | undefined;
  let small: DemoSignIn;

  beforeAll(async () => {
    const config = testConfig();
    expect(await seedDemoOnFirstStart(database.db, config, { DEMO_SEED: 'off' })).toBeUndefined();
    expect(await database.db.selectFrom('organizations').select('id').executeTakeFirst()).toBeUndefined();
    firstStart = await seedDemoOnFirstStart(database.db, config, {});
    small = (await createDemoOrganization(database.db, { seed: 'small', responses: 300, organizationName: 'Small demo', argon2: config.argon2, singleTransaction: false, batchSize: 70 }))!;
  });

  it('writes the demo organisation on the first start of an empty database, and only then', async () => {
    expect(firstStart).toBeDefined();
    expect(firstStart!.adminEmail).toBe(DEMO_ADMIN_EMAIL);
    expect(firstStart!.responses).toBe(DEFAULT_DEMO_RESPONSES);
    console.log(`demo organisation: ${DEFAULT_DEMO_RESPONSES} responses written on ${database.kind} in ${firstStart!.milliseconds} ms`);
    expect(await seedDemoOnFirstStart(database.db, testConfig(), {})).toBeUndefined();
    const count = await database.db.selectFrom('responses').select((eb) => eb.fn.countAll<number>().as('n')).where('organization_id', '=', firstStart!.organizationId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(DEFAULT_DEMO_RESPONSES);
  });

  it('gives each further demo organisation its own administrator', () => {
    expect(small.adminEmail).not.toBe(DEMO_ADMIN_EMAIL);
    expect(small.adminEmail).toMatch(/^demo-\d+@/);
  });

  it('reads DEMO_SEED: on unless off, off by default in production, and refuses other values', () => {
    expect(demoSeedEnabled(undefined, false)).toBe(true);
    expect(demoSeedEnabled(undefined, true)).toBe(false);
    expect(demoSeedEnabled('on', true)).toBe(true);
    expect(demoSeedEnabled('OFF', false)).toBe(false);
    expect(() => demoSeedEnabled('sometimes', false)).toThrow(/DEMO_SEED/);
  });

  it('lets the demo administrator sign in with the printed password', async () => {
    const app: FastifyInstance = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
    try {
      for (const email of [firstStart!.adminEmail, small.adminEmail, small.assigneeEmails[0]!]) {
        const response = await post(app, '/api/login', { email, password: DEMO_PASSWORD });
        expect(response.statusCode, response.body).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('shows participation (responses against seats) for every group on Benchmark → Internal', async () => {
    const app: FastifyInstance = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, mailer: createCapturingMailer().mailer });
    try {
      const login = await post(app, '/api/login', { email: firstStart!.adminEmail, password: DEMO_PASSWORD });
      const token = (login.json() as { data: { access_token: string } }).data.access_token;
      const response = await post(app, '/api/benchmark/internal/process', {}, { token });
      expect(response.statusCode, response.body).toBe(200);
      const data = (response.json() as { data: { groups: { name: string; parentId: string | null; values: { participation: number | null } }[]; bands: { metric: string; band: { n: number } | null }[] } }).data;
      const groups = data.groups.filter((group) => group.parentId === null);
      expect(groups.length).toBeGreaterThanOrEqual(6);
      for (const group of groups) {
        expect(group.values.participation, group.name).not.toBeNull();
        expect(group.values.participation!, group.name).toBeGreaterThan(20);
        expect(group.values.participation!, group.name).toBeLessThanOrEqual(100);
      }
      // Groups take part at their own rates.
      expect(new Set(groups.map((group) => Math.round(group.values.participation! / 10))).size).toBeGreaterThan(2);
      expect(data.bands.find((band) => band.metric === 'participation')!.band!.n).toBeGreaterThanOrEqual(groups.length);
    } finally {
      await app.close();
    }
  }, 300_000);

  const scalar = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(database.db)).rows[0]!.n);

  it('writes consistent rows: principle ids of the right lists, parents that match, child rows of the same organisation', async () => {
    for (const organizationId of [firstStart!.organizationId, small.organizationId]) {
      const columns: Array<[string, string]> = [
        ['gender_id', 'genders'],
        ['age_id', 'ages'],
        ['education_id', 'educations'],
        ['disability_id', 'disabilities'],
        ['sexual_orientation_id', 'sexual-orientations'],
        ['position_level_id', 'position-levels'],
        ['position_type_id', 'position-types'],
        ['country_birth_id', 'countries'],
        ['state_id', 'states'],
        ['worldview_id', 'worldviews'],
        ['branch_id', 'branches'],
        ['denomination_id', 'denominations'],
      ];
      for (const [column, list] of columns) {
        const wrong = await scalar(sql<{ n: number }>`
          select count(*) as n from responses r join lookup_principles p on p.id = r.${sql.ref(column)}
          where r.organization_id = ${organizationId} and p.list <> ${list}`);
        expect(wrong, column).toBe(0);
      }
      // Each answer hangs under the one it depends on.
      for (const [child, parent] of [
        ['state_id', 'country_birth_id'],
        ['branch_id', 'worldview_id'],
        ['denomination_id', 'branch_id'],
        ['position_type_id', 'position_level_id'],
      ]) {
        const orphans = await scalar(sql<{ n: number }>`
          select count(*) as n from responses r join lookup_principles p on p.id = r.${sql.ref(child!)}
          where r.organization_id = ${organizationId} and p.code <> 'prefer_not' and p.parent_id is distinct from r.${sql.ref(parent!)}`);
        expect(orphans, child).toBe(0);
      }
      for (const [table, column, list] of [
        ['response_ancestry', 'country_id', 'countries'],
        ['response_languages', 'language_id', 'languages'],
        ['response_heritages', 'ethnicity_id', 'ethnicities'],
      ] as const) {
        const foreign = await scalar(sql<{ n: number }>`
          select count(*) as n from ${sql.table(table)} c join responses r on r.id = c.response_id
          where (c.organization_id = ${organizationId} or r.organization_id = ${organizationId}) and c.organization_id <> r.organization_id`);
        expect(foreign, table).toBe(0);
        const wrongList = await scalar(sql<{ n: number }>`
          select count(*) as n from ${sql.table(table)} c join lookup_principles p on p.id = c.${sql.ref(column)}
          where c.organization_id = ${organizationId} and p.list <> ${list}`);
        expect(wrongList, table).toBe(0);
        const rows = await scalar(sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where organization_id = ${organizationId}`);
        expect(rows, table).toBeGreaterThan(0);
      }
      // The birth year is the chosen ages item's year.
      const years = await scalar(sql<{ n: number }>`
        select count(*) as n from responses r join lookup_principles p on p.id = r.age_id
        where r.organization_id = ${organizationId} and ((p.code = 'prefer_not') <> (r.birth_year is null) or (p.code <> 'prefer_not' and p.code <> r.birth_year::text))`);
      expect(years).toBe(0);
    }
  });

  it('keeps anonymous responses free of any person, and names only where the link let people give one', async () => {
    for (const organizationId of [firstStart!.organizationId, small.organizationId]) {
      const rows = await database.db
        .selectFrom('responses as r')
        .innerJoin('survey_tokens as t', 't.id', 'r.token_id')
        .select(['r.anonymous', 'r.first_name', 'r.last_name', 'r.email', 'r.invitation_id', 't.anonymity'])
        .where('r.organization_id', '=', organizationId)
        .execute();
      for (const row of rows) {
        if (row.anonymous) expect([row.first_name, row.last_name, row.email, row.invitation_id]).toEqual([null, null, null, null]);
        else {
          expect(row.anonymity).toBe(0);
          expect(row.first_name).toBeTruthy();
          expect(row.last_name).toBeTruthy();
        }
      }
      expect(rows.some((row) => !row.anonymous)).toBe(true);
      expect(rows.filter((row) => row.anonymous).length).toBeGreaterThan(rows.length / 2);
    }
  });

  it('files every response under its group: group_id is the department itself or its parent, in the same organisation', async () => {
    for (const organizationId of [firstStart!.organizationId, small.organizationId]) {
      const wrong = await scalar(sql<{ n: number }>`
        select count(*) as n from responses r
        join departments d on d.id = r.department_id
        join departments g on g.id = r.group_id
        where r.organization_id = ${organizationId}
          and (g.parent_id is not null or coalesce(d.parent_id, d.id) <> g.id or d.organization_id <> r.organization_id or g.organization_id <> r.organization_id)`);
      expect(wrong).toBe(0);
      const missing = await scalar(sql<{ n: number }>`
        select count(*) as n from responses where organization_id = ${organizationId} and (department_id is null or group_id is null or token_id is null)`);
      expect(missing).toBe(0);
      const groups = await database.db.selectFrom('departments').select(['id', 'parent_id']).where('organization_id', '=', organizationId).execute();
      const top = groups.filter((group) => group.parent_id === null);
      expect(top.length).toBeGreaterThanOrEqual(6);
      expect(top.length).toBeLessThanOrEqual(8);
      for (const group of top) {
        const subs = groups.filter((sub) => sub.parent_id === group.id).length;
        expect(subs).toBeGreaterThanOrEqual(1);
        expect(subs).toBeLessThanOrEqual(4);
      }
    }
  });

  it('writes group links whose seats match their responses: one round open now, some expired, one switched off', async () => {
    for (const organizationId of [firstStart!.organizationId, small.organizationId]) {
      const links = await database.db.selectFrom('survey_tokens').selectAll().where('organization_id', '=', organizationId).execute();
      const groups = await database.db.selectFrom('departments').select('id').where('organization_id', '=', organizationId).where('parent_id', 'is', null).execute();
      const now = new Date();
      // Every link is a group's, so participation (responses against seats) is known per group.
      expect(links.filter((link) => link.department_id === null)).toEqual([]);
      const open = links.filter((link) => link.active && link.expires_at > now && link.starts_at <= now);
      expect(new Set(open.map((link) => link.department_id))).toEqual(new Set(groups.map((group) => group.id)));
      expect(new Set(open.map((link) => link.starts_at.getTime())).size).toBe(1);
      // Each group's people answer a round at the group's own rate.
      const rates = new Set(links.filter((link) => link.expires_at <= now && link.used > 20).map((link) => Math.round((link.used / link.capacity) * 10)));
      if (organizationId === firstStart!.organizationId) expect(rates.size).toBeGreaterThan(1);
      expect(links.filter((link) => link.expires_at <= now).length).toBeGreaterThanOrEqual(1);
      expect(links.filter((link) => !link.active && link.expires_at > now)).toHaveLength(1);
      for (const link of links) {
        const counted = await database.db
          .selectFrom('responses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .select((eb) => eb.fn.min('submitted_at').as('first'))
          .select((eb) => eb.fn.max('submitted_at').as('last'))
          .where('token_id', '=', link.id)
          .executeTakeFirstOrThrow();
        expect(Number(counted.n), link.alias).toBe(link.used);
        expect(link.used).toBeLessThanOrEqual(link.capacity);
        if (link.used > 0) {
          expect(new Date(counted.first as unknown as string).getTime()).toBeGreaterThanOrEqual(link.starts_at.getTime() - 1000);
          expect(new Date(counted.last as unknown as string).getTime()).toBeLessThanOrEqual(Math.min(link.expires_at.getTime(), now.getTime()));
        }
      }
      const organization = await database.db.selectFrom('organizations').select('seat_capacity').where('id', '=', organizationId).executeTakeFirstOrThrow();
      const promised = links.reduce((total, link) => total + (link.active && link.expires_at > now ? link.capacity : link.used), 0);
      expect(organization.seat_capacity).toBeGreaterThanOrEqual(promised);
      // Responses spread over about 18 months.
      const span = links.reduce((range, link) => ({ from: Math.min(range.from, link.starts_at.getTime()), to: Math.max(range.to, link.starts_at.getTime()) }), { from: Infinity, to: -Infinity });
      expect((span.to - span.from) / 86_400_000).toBeGreaterThan(450);
    }
  });

  it('gives the assignees accounts in the groups they run', async () => {
    const rows = await database.db
      .selectFrom('users as u')
      .leftJoin('departments as d', 'd.assignee_id', 'u.id')
      .select(['u.role', 'u.department_id', 'd.id as runs'])
      .where('u.organization_id', '=', small.organizationId)
      .execute();
    expect(rows.filter((row) => row.role === 'admin')).toHaveLength(1);
    const assignees = rows.filter((row) => row.role !== 'admin');
    expect(assignees.length).toBeGreaterThanOrEqual(3);
    for (const row of assignees) expect(row.runs).toBe(row.department_id);
  });

  it('fills every topic for most respondents', async () => {
    const columns = ['gender_id', 'age_id', 'education_id', 'disability_id', 'sexual_orientation_id', 'position_level_id', 'position_type_id', 'country_birth_id', 'state_id', 'worldview_id', 'branch_id', 'denomination_id'];
    for (const column of columns) {
      const answered = await scalar(sql<{ n: number }>`
        select count(*) as n from responses r join lookup_principles p on p.id = r.${sql.ref(column)}
        where r.organization_id = ${firstStart!.organizationId} and p.code <> 'prefer_not'`);
      expect(answered / DEFAULT_DEMO_RESPONSES, column).toBeGreaterThan(0.8);
    }
    const withHeritage = await scalar(sql<{ n: number }>`select count(distinct response_id) as n from response_heritages where organization_id = ${firstStart!.organizationId}`);
    expect(withHeritage / DEFAULT_DEMO_RESPONSES).toBeGreaterThan(0.95);
    const withCultures = await scalar(sql<{ n: number }>`select count(distinct response_id) as n from response_cultures where organization_id = ${firstStart!.organizationId}`);
    expect(withCultures / DEFAULT_DEMO_RESPONSES).toBeGreaterThan(0.7);
    const withAppearance = await scalar(sql<{ n: number }>`select count(appearance_id) as n from responses where organization_id = ${firstStart!.organizationId}`);
    expect(withAppearance / DEFAULT_DEMO_RESPONSES).toBeGreaterThan(0.85);
    const withParents = await scalar(sql<{ n: number }>`select count(distinct response_id) as n from response_ancestry where organization_id = ${firstStart!.organizationId} and relation in ('mother', 'father')`);
    expect(withParents / DEFAULT_DEMO_RESPONSES).toBeGreaterThan(0.95);
  });

  it('follows the census in the written data too (Australia-born share)', async () => {
    const bornHere = await scalar(sql<{ n: number }>`
      select count(*) as n from responses r join lookup_principles p on p.id = r.country_birth_id
      where r.organization_id = ${firstStart!.organizationId} and p.code = 'AU'`);
    // 66.9% of those who stated a country (94.5%): 70.8%, give or take four standard errors of 2,000 draws.
    expect(bornHere / DEFAULT_DEMO_RESPONSES).toBeGreaterThan(0.708 - 0.041);
    expect(bornHere / DEFAULT_DEMO_RESPONSES).toBeLessThan(0.708 + 0.041);
  });

  it('deletes a demo organisation with everything it holds', async () => {
    await deleteDemoOrganization(database.db, small.organizationId);
    for (const table of ['responses', 'response_ancestry', 'response_languages', 'response_heritages', 'departments', 'survey_tokens', 'users'] as const) {
      const left = await scalar(sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where organization_id = ${small.organizationId}`);
      expect(left, table).toBe(0);
    }
  });
});
