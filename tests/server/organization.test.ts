import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/contracts/auth';
import { Messages } from '../../domain/contracts/envelope';
import { DATE_RANGES_MAX, dateRangeValueError, OrganizationMessages } from '../../domain/contracts/organization';
import type { OpenDatabase } from '../../server/db/connect';
import { DEFAULT_TIERS } from '../../server/services/organization/registration';
import { get, insertOrganization, insertUser, passwordHash, patch, post, signIn } from './helpers/accounts';
import { closeTestApp, openTestApp } from './helpers/testApp';

let database: OpenDatabase;
let app: FastifyInstance;

interface Tenant {
  readonly organizationId: string;
  readonly tokens: Map<Role, string>;
}

const ROLES: readonly Role[] = ['admin', 'second_admin', 'staff'];
let a: Tenant;
let b: Tenant;

const tenant = async (): Promise<Tenant> => {
  const organizationId = await insertOrganization(database.db);
  const tokens = new Map<Role, string>();
  for (const role of ROLES) tokens.set(role, await signIn(app, (await insertUser(database.db, { organizationId, role })).email));
  return { organizationId, tokens };
};

const token = (who: Tenant, role: Role): string => who.tokens.get(role)!;

beforeAll(async () => {
  ({ database, app } = await openTestApp());
  await passwordHash();
  a = await tenant();
  b = await tenant();
});

afterAll(() => closeTestApp({ app, database }));

const auditActions = async (organizationId: string): Promise<string[]> =>
  (await database.db.selectFrom('audit_log').select('action').where('organization_id', '=', organizationId).orderBy('id').execute()).map((row) => row.action);

/** Every read endpoint of the area, as one value: what a member of the organisation sees. */
const readAll = async (who: Tenant) => {
  const tokenOf = token(who, 'staff');
  const information = await get(app, '/api/organization/information', { token: tokenOf });
  const tiers = await get(app, '/api/organization/tires', { token: tokenOf });
  const ranges = await get(app, '/api/organization/setting/date-range', { token: tokenOf });
  for (const response of [information, tiers, ranges]) expect(response.statusCode, response.body).toBe(200);
  return { information: information.json(), tiers: tiers.json(), ranges: ranges.json() };
};

describe('GET /api/organization/information', () => {
  it('answers the caller organisation to every role', async () => {
    const row = await database.db.selectFrom('organizations').selectAll().where('id', '=', a.organizationId).executeTakeFirstOrThrow();
    for (const role of ROLES) {
      const response = await get(app, '/api/organization/information', { token: token(a, role) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 200,
        data: {
          id: a.organizationId,
          name: row.name,
          country: 'AU',
          industry: null,
          seat_capacity: 1000,
          package_expires_at: row.package_expires_at!.toISOString(),
          view_as_consent: row.view_as_consent,
          details: null,
          logo_url: null,
          survey_locale: null,
        },
      });
    }
  });

  it('answers null when the package has no end date, and needs a session', async () => {
    const user = await insertUser(database.db, { organization: { packageExpiresAt: null } });
    const response = await get(app, '/api/organization/information', { token: await signIn(app, user.email) });
    expect(response.json().data.package_expires_at).toBeNull();
    const anonymous = await get(app, '/api/organization/information');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: 401, message: Messages.sessionExpired });
  });
});

describe('tiers', () => {
  it('answers the default names for an organisation without stored tiers', async () => {
    const response = await get(app, '/api/organization/tires', { token: token(b, 'staff') });
    expect(response.json()).toEqual({ status: 200, data: DEFAULT_TIERS.map((tier) => ({ ...tier })) });
  });

  it('lets the administrator rename, trimmed, in one transaction, audited', async () => {
    const own = await tenant();
    const { organizationId } = own;
    const adminToken = token(own, 'admin');
    const response = await patch(app, '/api/organization/rename-tiers', { tiers: [{ level: 2, name: '  Regions ' }, { level: 3, name: 'Teams' }] }, { token: adminToken });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      { level: 1, name: 'Organisation' },
      { level: 2, name: 'Regions' },
      { level: 3, name: 'Teams' },
    ]);
    const again = await patch(app, '/api/organization/rename-tiers', { tiers: [{ level: 1, name: 'Company' }, { level: 2, name: 'Divisions' }] }, { token: adminToken });
    expect(again.json().data).toEqual([
      { level: 1, name: 'Company' },
      { level: 2, name: 'Divisions' },
      { level: 3, name: 'Teams' },
    ]);
    const read = await get(app, '/api/organization/tires', { token: adminToken });
    expect(read.json().data).toEqual(again.json().data);
    expect((await auditActions(organizationId)).filter((action) => action === 'organization.tiers_renamed')).toHaveLength(2);
  });

  it('refuses everyone but the administrator', async () => {
    for (const role of ['second_admin', 'staff'] as const) {
      const response = await patch(app, '/api/organization/rename-tiers', { tiers: [{ level: 2, name: 'Nope' }] }, { token: token(a, role) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status: 403, message: OrganizationMessages.onlyAdministrator });
    }
    const tiers = await get(app, '/api/organization/tires', { token: token(a, 'staff') });
    expect(tiers.json().data.map((tier: { name: string }) => tier.name)).not.toContain('Nope');
  });

  it('validates levels and names, changing nothing when one entry is wrong', async () => {
    const adminToken = token(a, 'admin');
    const before = await get(app, '/api/organization/tires', { token: adminToken });
    const cases: [unknown, Record<string, string[]>, string][] = [
      [{ tiers: [] }, { tiers: [OrganizationMessages.cannotRenameTiers] }, OrganizationMessages.cannotRenameTiers],
      [{ tiers: [1, 2, 3, 1].map((level) => ({ level, name: 'X' })) }, { tiers: [OrganizationMessages.cannotRenameTiers] }, OrganizationMessages.cannotRenameTiers],
      [{ tiers: [{ level: 2, name: 'Fine' }, { level: 4, name: 'Four' }] }, { 'tiers.1.level': [OrganizationMessages.tierLevel] }, Messages.invalidData],
      [{ tiers: [{ level: 1.5, name: 'Half' }] }, { 'tiers.0.level': [OrganizationMessages.tierLevel] }, Messages.invalidData],
      [{ tiers: [{ level: 2, name: 'A' }, { level: 2, name: 'B' }] }, { 'tiers.1.level': [OrganizationMessages.tierLevelRepeated] }, Messages.invalidData],
      [{ tiers: [{ level: 2, name: 'Fine' }, { level: 3, name: '   ' }] }, { 'tiers.1.name': [OrganizationMessages.tierName] }, Messages.invalidData],
      [{ tiers: [{ level: 3, name: 'x'.repeat(61) }] }, { 'tiers.0.name': [OrganizationMessages.tierName] }, Messages.invalidData],
    ];
    for (const [body, errors, message] of cases) {
      const response = await patch(app, '/api/organization/rename-tiers', body, { token: adminToken });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json()).toEqual({ status: 422, message, errors });
    }
    const decoding = await patch(app, '/api/organization/rename-tiers', { tiers: [{ level: 2 }] }, { token: adminToken });
    expect(decoding.statusCode).toBe(422);
    expect(decoding.json().errors).toHaveProperty(['tiers.0.name']);
    const sixty = await patch(app, '/api/organization/rename-tiers', { tiers: [{ level: 3, name: 'y'.repeat(60) }] }, { token: adminToken });
    expect(sixty.statusCode).toBe(200);
    const after = await get(app, '/api/organization/tires', { token: adminToken });
    expect(after.json().data).toEqual([...before.json().data.slice(0, 2), { level: 3, name: 'y'.repeat(60) }]);
  });
});

describe('date ranges', () => {
  it('starts empty, saves with server ids for admin and second admin, and keeps known ids', async () => {
    const own = await tenant();
    expect((await get(app, '/api/organization/setting/date-range', { token: token(own, 'staff') })).json()).toEqual({ status: 200, data: [] });
    const saved = await post(
      app,
      '/api/organization/setting/date-range',
      { ranges: [{ label: ' FY 2023 ', type: 'between', value: '2023-07-01..2024-06-30' }, { id: 'client-made', label: 'Since launch', type: 'since', value: '2022-02-28' }] },
      { token: token(own, 'admin') },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const ranges = saved.json().data as { id: string; label: string; type: string; value: string }[];
    expect(ranges.map(({ label, type, value }) => ({ label, type, value }))).toEqual([
      { label: 'FY 2023', type: 'between', value: '2023-07-01..2024-06-30' },
      { label: 'Since launch', type: 'since', value: '2022-02-28' },
    ]);
    expect(ranges[1]!.id).not.toBe('client-made');
    expect(new Set(ranges.map((range) => range.id)).size).toBe(2);

    const edited = await post(
      app,
      '/api/organization/setting/date-range',
      { ranges: [{ ...ranges[0]!, label: 'Financial year 2023' }, { label: 'One day', type: 'between', value: '2024-02-29..2024-02-29' }] },
      { token: token(own, 'second_admin') },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data[0]).toEqual({ ...ranges[0], label: 'Financial year 2023' });
    expect(edited.json().data[1].id).not.toBe(ranges[1]!.id);
    const read = await get(app, '/api/organization/setting/date-range', { token: token(own, 'staff') });
    expect(read.json().data).toEqual(edited.json().data);
    expect(await auditActions(own.organizationId)).toContain('organization.date_ranges_saved');

    const cleared = await post(app, '/api/organization/setting/date-range', { ranges: [] }, { token: token(own, 'admin') });
    expect(cleared.json()).toEqual({ status: 200, data: [] });
  });

  it('refuses staff', async () => {
    const response = await post(app, '/api/organization/setting/date-range', { ranges: [] }, { token: token(a, 'staff') });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 403, message: OrganizationMessages.onlyAdministrator });
  });

  it('validates labels, real dates, order and the number of ranges', async () => {
    const range = (label: string, type: string, value: string) => ({ label, type, value });
    const cases: [unknown[], Record<string, string[]>][] = [
      [[range('', 'since', '2024-01-01')], { 'ranges.0.label': [OrganizationMessages.rangeLabel] }],
      [[range('x'.repeat(61), 'since', '2024-01-01')], { 'ranges.0.label': [OrganizationMessages.rangeLabel] }],
      [[range('Ok', 'since', '2023-02-29')], { 'ranges.0.value': [OrganizationMessages.rangeDate] }],
      [[range('Ok', 'since', '2024-1-01')], { 'ranges.0.value': [OrganizationMessages.rangeDate] }],
      [[range('Ok', 'between', '2024-01-01')], { 'ranges.0.value': [OrganizationMessages.rangeBetweenFormat] }],
      [[range('Ok', 'between', '2024-01-01..2024-13-01')], { 'ranges.0.value': [OrganizationMessages.rangeDate] }],
      [[range('Ok', 'since', '2024-01-01'), range('Later', 'between', '2024-05-02..2024-05-01')], { 'ranges.1.value': [OrganizationMessages.rangeOrder] }],
      [Array.from({ length: DATE_RANGES_MAX + 1 }, (_, i) => range(`R${i}`, 'since', '2024-01-01')), { ranges: [OrganizationMessages.tooManyRanges] }],
    ];
    for (const [ranges, errors] of cases) {
      const response = await post(app, '/api/organization/setting/date-range', { ranges }, { token: token(a, 'admin') });
      expect(response.statusCode, JSON.stringify(ranges)).toBe(422);
      expect(response.json()).toEqual({ status: 422, message: Messages.invalidData, errors });
    }
    const badType = await post(app, '/api/organization/setting/date-range', { ranges: [range('Ok', 'fixed', '2024-01-01')] }, { token: token(a, 'admin') });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors).toHaveProperty(['ranges.0.type']);
    const twenty = Array.from({ length: DATE_RANGES_MAX }, (_, i) => range(`R${i}`, 'since', '2024-01-01'));
    expect((await post(app, '/api/organization/setting/date-range', { ranges: twenty }, { token: token(a, 'admin') })).statusCode).toBe(200);
  });

  it('checks one value with the same rules', async () => {
    const check = async (query: string) => {
      const response = await get(app, `/api/organization/setting/date-range/check?${query}`, { token: token(a, 'staff') });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    expect(await check('value=2024-01-01..2024-12-31')).toEqual({ valid: true });
    expect(await check('value=2024-01-01')).toEqual({ valid: true });
    expect(await check('value=2024-12-31..2024-01-01')).toEqual({ valid: false, message: OrganizationMessages.rangeOrder });
    expect(await check('value=2023-02-29')).toEqual({ valid: false, message: OrganizationMessages.rangeDate });
    expect(await check('value=2024-01-01&type=between')).toEqual({ valid: false, message: OrganizationMessages.rangeBetweenFormat });
    expect(await check('value=hello')).toEqual({ valid: false, message: OrganizationMessages.rangeDate });
    const missing = await get(app, '/api/organization/setting/date-range/check', { token: token(a, 'staff') });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ status: 422, message: Messages.invalidData, errors: { value: [Messages.fieldRequired('value')] } });
  });

  it('agrees with the save endpoint on any value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('between' as const, 'since' as const), fc.oneof(fc.string({ maxLength: 25 }), fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))), async (type, value) => {
        const checked = await get(app, `/api/organization/setting/date-range/check?type=${type}&value=${encodeURIComponent(value)}`, { token: token(b, 'admin') });
        expect(checked.statusCode).toBeLessThan(500);
        if (checked.statusCode !== 200) return; // e.g. a NUL character: refused before any rule
        const saved = await post(app, '/api/organization/setting/date-range', { ranges: [{ label: 'L', type, value }] }, { token: token(b, 'admin') });
        expect(saved.statusCode === 200).toBe(checked.json().data.valid);
        expect(checked.json().data.valid).toBe(dateRangeValueError(type, value.trim()) === undefined);
      }),
      { numRuns: 25 },
    );
  });
});

describe('PATCH /api/organization/setting/update', () => {
  it('updates name and industry for admin and second admin, audited', async () => {
    const own = await tenant();
    const renamed = await patch(app, '/api/organization/setting/update', { name: '  Acme Pty Ltd ', industry: 'Mining' }, { token: token(own, 'admin') });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: own.organizationId, name: 'Acme Pty Ltd', industry: 'Mining' });
    const cleared = await patch(app, '/api/organization/setting/update', { industry: '' }, { token: token(own, 'second_admin') });
    expect(cleared.json().data).toMatchObject({ name: 'Acme Pty Ltd', industry: null });
    const unchanged = await patch(app, '/api/organization/setting/update', {}, { token: token(own, 'admin') });
    expect(unchanged.json().data).toEqual(cleared.json().data);
    expect((await get(app, '/api/organization/information', { token: token(own, 'staff') })).json().data).toEqual(cleared.json().data);
    expect((await auditActions(own.organizationId)).filter((action) => action === 'organization.updated')).toHaveLength(2);
  });

  it('refuses staff and invalid fields', async () => {
    const refused = await patch(app, '/api/organization/setting/update', { name: 'Mine now' }, { token: token(a, 'staff') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 403, message: OrganizationMessages.onlyAdministrator });
    const invalid = await patch(app, '/api/organization/setting/update', { name: '  ', industry: 'i'.repeat(256) }, { token: token(a, 'admin') });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({
      status: 422,
      message: Messages.invalidData,
      errors: { name: [OrganizationMessages.organizationNameRequired], industry: [OrganizationMessages.industryTooLong] },
    });
    const long = await patch(app, '/api/organization/setting/update', { name: 'n'.repeat(256) }, { token: token(a, 'admin') });
    expect(long.json().errors).toEqual({ name: [OrganizationMessages.organizationNameTooLong] });
    const wrongType = await patch(app, '/api/organization/setting/update', { name: 5 }, { token: token(a, 'admin') });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors).toHaveProperty('name');
  });
});

describe('the survey language (PATCH /api/organization/setting/update)', () => {
  it('is the product default until chosen, takes a product language, goes back to null, and refuses an unknown one', async () => {
    const own = await tenant();
    const information = async () => (await get(app, '/api/organization/information', { token: token(own, 'staff') })).json().data;
    expect((await information()).survey_locale).toBeNull();
    const chosen = await patch(app, '/api/organization/setting/update', { survey_locale: 'fr' }, { token: token(own, 'second_admin') });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data.survey_locale).toBe('fr');
    expect(await information()).toMatchObject({ survey_locale: 'fr' });
    const unknown = await patch(app, '/api/organization/setting/update', { survey_locale: 'tlh' }, { token: token(own, 'admin') });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ survey_locale: ['The survey language field is invalid'] });
    expect((await information()).survey_locale).toBe('fr');
    const cleared = await patch(app, '/api/organization/setting/update', { survey_locale: null }, { token: token(own, 'admin') });
    expect(cleared.json().data.survey_locale).toBeNull();
    const refused = await patch(app, '/api/organization/setting/update', { survey_locale: 'ar' }, { token: token(own, 'staff') });
    expect(refused.statusCode).toBe(403);
  });
});

describe('POST /api/organization/toggle-view-as-consent', () => {
  it('flips the consent for the administrator only, audited', async () => {
    const own = await tenant();
    const first = await post(app, '/api/organization/toggle-view-as-consent', {}, { token: token(own, 'admin') });
    expect(first.json()).toEqual({ status: 200, data: { view_as_consent: true } });
    expect((await get(app, '/api/organization/information', { token: token(own, 'staff') })).json().data.view_as_consent).toBe(true);
    const second = await post(app, '/api/organization/toggle-view-as-consent', {}, { token: token(own, 'admin') });
    expect(second.json().data).toEqual({ view_as_consent: false });
    for (const role of ['second_admin', 'staff'] as const) {
      const refused = await post(app, '/api/organization/toggle-view-as-consent', {}, { token: token(own, role) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 403, message: OrganizationMessages.onlyAdministrator });
    }
    expect((await auditActions(own.organizationId)).filter((action) => action === 'organization.view_as_consent_changed')).toHaveLength(2);
  });
});

describe('tenant isolation', () => {
  it("never shows or changes B's data when A writes", async () => {
    const label = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,20}$/);
    const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    const range = fc.oneof(
      fc.record({ label, type: fc.constant('since' as const), value: day }),
      fc.tuple(label, day, day).map(([l, x, y]) => ({ label: l, type: 'between' as const, value: x <= y ? `${x}..${y}` : `${y}..${x}` })),
    );
    const write = fc.oneof(
      fc.record({ kind: fc.constant('tiers' as const), tiers: fc.uniqueArray(fc.record({ level: fc.constantFrom(1, 2, 3), name: label }), { minLength: 1, maxLength: 3, selector: (t) => t.level }) }),
      fc.record({ kind: fc.constant('ranges' as const), ranges: fc.array(range, { maxLength: 4 }) }),
      fc.record({ kind: fc.constant('setting' as const), name: label }),
      fc.constant({ kind: 'consent' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 3 }), async (writes) => {
        const before = await readAll(b);
        for (const change of writes) {
          const adminA = token(a, 'admin');
          const response =
            change.kind === 'tiers'
              ? await patch(app, '/api/organization/rename-tiers', { tiers: change.tiers }, { token: adminA })
              : change.kind === 'ranges'
                ? await post(app, '/api/organization/setting/date-range', { ranges: change.ranges }, { token: adminA })
                : change.kind === 'setting'
                  ? await patch(app, '/api/organization/setting/update', { name: change.name }, { token: adminA })
                  : await post(app, '/api/organization/toggle-view-as-consent', {}, { token: adminA });
          expect(response.statusCode, response.body).toBe(200);
          expect(response.body).not.toContain(b.organizationId);
        }
        const after = await readAll(b);
        expect(after).toEqual(before);
        expect(after.information.data.id).toBe(b.organizationId);
        // A's reads reflect A's writes and never B's organisation.
        const mine = await readAll(a);
        expect(mine.information.data.id).toBe(a.organizationId);
      }),
      { numRuns: 8 },
    );
  });

  it("cannot reuse another organisation's date-range ids", async () => {
    const theirs = await post(app, '/api/organization/setting/date-range', { ranges: [{ label: 'B only', type: 'since', value: '2020-01-01' }] }, { token: token(b, 'admin') });
    const theirId = theirs.json().data[0].id as string;
    const mine = await post(app, '/api/organization/setting/date-range', { ranges: [{ id: theirId, label: 'A', type: 'since', value: '2021-01-01' }] }, { token: token(a, 'admin') });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data[0].id).not.toBe(theirId);
    expect((await get(app, '/api/organization/setting/date-range', { token: token(b, 'staff') })).json().data).toEqual(theirs.json().data);
  });
});

describe('robustness', () => {
  it('never answers 500 to random bodies and queries on the organisation endpoints', async () => {
    const endpoints: [string, string][] = [
      ['PATCH', '/api/organization/rename-tiers'],
      ['POST', '/api/organization/setting/date-range'],
      ['PATCH', '/api/organization/setting/update'],
      ['POST', '/api/organization/toggle-view-as-consent'],
      ['GET', '/api/organization/setting/date-range/check'],
      ['GET', '/api/organization/information'],
      ['GET', '/api/organization/tires'],
    ];
    const text = fc.string({ maxLength: 30 });
    const fields = fc.constantFrom('tiers', 'ranges', 'name', 'industry', 'level', 'label', 'type', 'value', 'id');
    const leaf = fc.oneof(text, fc.boolean(), fc.constant(null), fc.integer(), fc.double());
    const item = fc.dictionary(fields, leaf, { maxKeys: 4 });
    const value = fc.oneof(leaf, fc.array(item, { maxLength: 3 }), item);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.constantFrom(...ROLES),
        fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.dictionary(fields, value, { maxKeys: 4 })),
        text,
        async ([method, url], role, payload, query) => {
          const response = await app.inject({
            method: method as 'GET' | 'POST' | 'PATCH',
            url: method === 'GET' ? `${url}?value=${encodeURIComponent(query)}&type=${encodeURIComponent(query)}` : url,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token(a, role)}` },
            ...(method === 'GET' ? {} : { payload: JSON.stringify(payload) }),
          });
          expect(response.statusCode, `${method} ${url} ${response.body}`).toBeLessThan(500);
          expect(response.body).not.toContain(b.organizationId);
        },
      ),
      { numRuns: 60 },
    );
  });
});
