import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/contracts/auth';
import { CENSUS_FILE_MAX_BYTES, type CensusTableLoaded, CensusUploadMessages, type MutualityCountryEntry } from '../../domain/contracts/mutuality';
import { OrganizationMessages } from '../../domain/contracts/organization';
import type { OpenDatabase } from '../../server/db/connect';
import { runCensusLoad } from '../../server/services/operator/censusCli';
import { censusDatasetsFor } from '../../server/services/mutuality/stored';
import { bearer, signedInOrganization } from './helpers/accounts';
import { closeTestApp, openTestApp } from './helpers/testApp';

/**
 * Loading an office's census table: the administrator's upload (POST /mutuality/census-upload,
 * multipart) for their organisation, and the operator's command for everyone.
 */

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'census');

let database: OpenDatabase;
let app: FastifyInstance;

const ROLES: readonly Role[] = ['admin', 'second_admin', 'sub_admin', 'group_assignee', 'staff'];

const tenant = () => signedInOrganization(app, database.db, ROLES);

beforeAll(async () => {
  ({ database, app } = await openTestApp({ database: { lookups: true } }));
});

afterAll(() => closeTestApp({ app, database }));

interface FilePart {
  readonly name: string;
  readonly content: Buffer;
  readonly field?: string;
}

/** The form as a browser's FormData sends it. */
const upload = async (token: string | undefined, fields: Record<string, string>, files: readonly FilePart[]): Promise<LightMyRequestResponse> => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) data.append(file.field ?? 'file', new Blob([new Uint8Array(file.content)], { type: 'text/csv' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return app.inject({
    method: 'POST',
    url: '/api/mutuality/census-upload',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...(token === undefined ? {} : bearer(token)), 'content-type': request.headers.get('content-type')! },
  });
};

const fixture = (name: string): FilePart => ({ name, content: readFileSync(join(FIXTURES, name)) });

const countriesOf = async (token: string): Promise<Map<string, MutualityCountryEntry>> => {
  const response = await app.inject({ method: 'GET', url: '/api/mutuality/countries-list', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return new Map((response.json().data as MutualityCountryEntry[]).map((entry) => [entry.code, entry]));
};

const storedRows = (organizationId: string | null) =>
  (organizationId === null ? database.db.selectFrom('census_tables').selectAll().where('organization_id', 'is', null) : database.db.selectFrom('census_tables').selectAll().where('organization_id', '=', organizationId)).execute();

const expectRefused = (response: LightMyRequestResponse, status: number, field: string | null, message: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ status, message, ...(field === null ? {} : { errors: { [field]: [message] } }) });
};

describe('POST /mutuality/census-upload', () => {
  it('stores an administrator’s table for their organisation only, with its provenance and the report of what did not map', async () => {
    const own = await tenant();
    const other = await tenant();
    const response = await upload(own.tokens.get('admin'), { office: 'acs' }, [fixture('ACSDT5Y2022.C16001-Data.csv')]);
    expect(response.statusCode, response.body).toBe(200);
    const loaded = response.json().data as CensusTableLoaded;
    expect(loaded).toMatchObject({ country: 'US', pillar: 'language', office: 'acs', publisher: 'U.S. Census Bureau', table: 'C16001', year: 2022, rows: 6, mapped: 5, items: 5 });
    expect(loaded.unmapped).toEqual([{ code: 'C16001_010E', name: 'Other Indo-European languages', count: 5_000_000 }]);
    expect(loaded.files[0]).toMatchObject({ name: 'ACSDT5Y2022.C16001-Data.csv', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const [row] = await storedRows(own.organizationId);
    expect(row).toMatchObject({ country: 'US', pillar: 'language', office: 'acs', table_id: 'C16001', year: 2022 });
    // The United States had CLDR's language estimate only: now its census, for this organisation.
    expect((await countriesOf(own.tokens.get('staff')!)).get('US')).toMatchObject({ dataset: 'United States 2022 census', year: 2022, pillars: ['language'] });
    expect((await countriesOf(other.tokens.get('admin')!)).get('US')).toMatchObject({ year: null });
    const seen = (await censusDatasetsFor(database.db, own.organizationId)).get('US')!;
    expect(seen.pillars[0]!.source).toMatchObject({ kind: 'census', table: 'C16001: Language spoken at home for the population 5 years and over', publisher: 'U.S. Census Bureau' });
    // Not missing any more; the other gaps stay said.
    expect(seen.missing.map((gap) => gap.pillar)).not.toContain('language');
    expect(seen.missing.map((gap) => gap.pillar)).toContain('worldview');

    // A second upload of the pillar replaces the first; a table of responses needs the people.
    expectRefused(await upload(own.tokens.get('second_admin'), { office: 'acs' }, [fixture('ACSDT5Y2022.B05006-Data.csv')]), 422, 'population', CensusUploadMessages.populationNeeded);
    const withPeople = await upload(own.tokens.get('second_admin'), { office: 'acs', population: '331,000,000' }, [fixture('ACSDT5Y2022.B05006-Data.csv')]);
    expect(withPeople.statusCode, withPeople.body).toBe(200);
    expect((await upload(own.tokens.get('admin'), { office: 'acs' }, [fixture('ACSDT5Y2022.C16001-Data.csv')])).statusCode).toBe(200);
    expect((await storedRows(own.organizationId)).map((each) => each.pillar).sort()).toEqual(['country', 'language']);
    expect((await countriesOf(own.tokens.get('admin')!)).get('US')).toMatchObject({ pillars: ['country', 'language'] });
  });

  it('takes several parts of one table', async () => {
    const own = await tenant();
    const response = await upload(own.tokens.get('admin'), { office: 'abs' }, [fixture('2021Census_G09G_AUS_AUS.csv'), fixture('2021Census_G09H_AUS_AUS.csv')]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ table: 'G09', files: [{ name: '2021Census_G09G_AUS_AUS.csv' }, { name: '2021Census_G09H_AUS_AUS.csv' }] });
    const mixed = await upload(own.tokens.get('admin'), { office: 'abs' }, [fixture('2021Census_G09G_AUS_AUS.csv'), fixture('2021Census_G14_AUS_AUS.csv')]);
    expectRefused(mixed, 422, 'file', CensusUploadMessages.mixedTables);
  });

  it('refuses anyone but an administrator before reading the file, and nobody signed in', async () => {
    const own = await tenant();
    for (const role of ['sub_admin', 'group_assignee', 'staff'] as const) {
      expectRefused(await upload(own.tokens.get(role), { office: 'ons' }, [fixture('census2021-ts030-ctry.csv')]), 403, null, OrganizationMessages.onlyAdministrator);
    }
    expect((await upload(undefined, { office: 'ons' }, [fixture('census2021-ts030-ctry.csv')])).statusCode).toBe(401);
    expect(await storedRows(own.organizationId)).toEqual([]);
  });

  it('refuses a malformed file, a wrong layout, a missing office or file and a file too large, each with its sentence', async () => {
    const own = await tenant();
    const admin = own.tokens.get('admin');
    expectRefused(await upload(admin, { office: 'abs' }, [fixture('not-a-table.csv')]), 422, 'file', CensusUploadMessages.notCsv('not-a-table.csv'));
    expectRefused(await upload(admin, { office: 'ons' }, [{ name: 'TS030.xlsx', content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]) }]), 422, 'file', CensusUploadMessages.notCsv('TS030.xlsx'));
    expectRefused(
      await upload(admin, { office: 'statcan', table: 'religion' }, [fixture('census2021-ts030-ctry.csv')]),
      422,
      'file',
      CensusUploadMessages.notLayout('Statistics Canada Census Profile', 'census2021-ts030-ctry.csv'),
    );
    expectRefused(await upload(admin, { office: 'statcan' }, [fixture('98-401-X2021001_English_CSV_data.csv')]), 422, 'file', CensusUploadMessages.whichTable('place-of-birth, language-home, religion, ethnic-origin'));
    expectRefused(await upload(admin, { office: 'eurostat' }, [fixture('census2021-ts030-ctry.csv')]), 422, 'office', CensusUploadMessages.officeRequired);
    expectRefused(await upload(admin, { office: 'ons' }, []), 422, 'file', CensusUploadMessages.fileRequired);
    expectRefused(await upload(admin, { office: 'ons', year: 'last year' }, [fixture('census2021-ts030-ctry.csv')]), 422, 'year', CensusUploadMessages.yearInvalid);
    expectRefused(await upload(admin, { office: 'ons' }, [{ name: 'huge.csv', content: Buffer.alloc(CENSUS_FILE_MAX_BYTES + 1, 0x41) }]), 422, 'file', CensusUploadMessages.tooLarge);
    expect(await storedRows(own.organizationId)).toEqual([]);
  });
});

describe('npm run census:load -- --office … --file …', () => {
  it('stores an office’s table for every organisation, which an administrator’s own upload still overrides for theirs', async () => {
    const path = join(FIXTURES, 'census2021-ts030-ctry.csv');
    const dry = await runCensusLoad(['--office', 'ons', '--file', path, '--dry-run'], database.db);
    expect(dry).toContain('Office for National Statistics TS030 (2021), Religion: 9 categories, 8 mapped onto worldview as 8 items, 1 not stated.');
    expect(dry).toContain('Every category mapped.');
    expect(await storedRows(null)).toEqual([]);

    const said = await runCensusLoad(['--office', 'ons', '--file', path], database.db);
    expect(said).toContain('Stored for every organisation: England and Wales 2021, worldview.');
    const everyone = (await censusDatasetsFor(database.db, null)).get('GB')!;
    expect(everyone.pillars.find((entry) => entry.pillar.pillar === 'worldview')!.source).toMatchObject({ table: 'TS030: Religion', publisher: 'Office for National Statistics' });

    const own = await tenant();
    const response = await upload(own.tokens.get('admin'), { office: 'ons', table: 'TS030', year: '2021' }, [{ name: 'religion.csv', content: readFileSync(path) }]);
    expect(response.statusCode, response.body).toBe(200);
    const theirs = (await censusDatasetsFor(database.db, own.organizationId)).get('GB')!;
    expect(theirs.pillars.find((entry) => entry.pillar.pillar === 'worldview')!.source.readFrom).toMatch(/^The office's file religion\.csv/);

    await expect(runCensusLoad(['--office', 'eurostat', '--file', path], database.db)).rejects.toThrow(/--office abs\|ons\|statcan\|acs\|statsnz/);
    await expect(runCensusLoad(['--office', 'abs', '--file', join(FIXTURES, 'not-a-table.csv')], database.db)).rejects.toThrow(CensusUploadMessages.notCsv('not-a-table.csv'));
  });
});
