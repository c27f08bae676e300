import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../domain/contracts/envelope';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { expectedMigration } from '../../server/db/migrate';
import { decodeBackup } from '../../server/services/operator/backupFile';
import { runOrgCommand } from '../../server/services/operator/orgCommand';
import { OperatorError } from '../../server/services/operator/organizations';
import { insertUser, passwordHash, PASSWORD } from './helpers/accounts';
import { createTestDatabase } from './helpers/testDatabase';
import { TEST_OPERATOR_TOKEN, testConfig } from './helpers/testConfig';

let database: OpenDatabase;
let app: FastifyInstance;
const NOW = new Date('2026-11-25T10:00:00Z');
const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

const org = (...args: string[]) => runOrgCommand(database.db, args, NOW);
const refusal = async (...args: string[]): Promise<string> => {
  try {
    await org(...args);
  } catch (error) {
    expect(error).toBeInstanceOf(OperatorError);
    return (error as Error).message;
  }
  throw new Error(`npm run org -- ${args.join(' ')} was not refused`);
};

const organizationNamed = async (name: string, options: { seats?: number } = {}) => {
  const admin = await insertUser(database.db, { role: 'admin' });
  await database.db.updateTable('organizations').set({ name, seat_capacity: options.seats ?? 100 }).where('id', '=', admin.organizationId).execute();
  return admin;
};

const auditOf = (organizationId: string) =>
  database.db.selectFrom('audit_log').select(['action', 'actor', 'details']).where('organization_id', '=', organizationId).where('action', 'like', 'operator.%').orderBy('id').execute();

beforeAll(async () => {
  database = await createTestDatabase();
  await passwordHash();
  app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, database });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('npm run org', () => {
  it('lists organisations with their package, seats and responses, and shows one in detail', async () => {
    const admin = await organizationNamed('Harbour Council');
    const list = await org('list');
    expect(list.split('\n')[0]).toMatch(/^Id\s+Name\s+Status\s+Package ends\s+Seats\s+Responses$/);
    expect(list).toMatch(new RegExp(`${admin.organizationId}\\s+Harbour Council\\s+active\\s+\\d{4}-\\d\\d-\\d\\d\\s+100\\s+0`));
    const shown = await org('show', 'harbour council');
    expect(shown).toContain(`Harbour Council (${admin.organizationId})`);
    expect(shown).toMatch(/seats\s+100 \(live links hold back 0; 0 live links\)/);
    expect(shown).toMatch(/members\s+admin 1/);
    expect(await org('show', admin.organizationId.toUpperCase())).toContain('Harbour Council');
  });

  it('extends a package to the end of a day, audited, and refuses past or impossible days', async () => {
    const admin = await organizationNamed('Riverside School');
    expect(await org('extend', 'Riverside School', '--until', '2027-06-30')).toBe('Riverside School: the package now runs to the end of 2027-06-30 (UTC).');
    const row = await database.db.selectFrom('organizations').select('package_expires_at').where('id', '=', admin.organizationId).executeTakeFirstOrThrow();
    expect(row.package_expires_at?.toISOString()).toBe('2027-07-01T00:00:00.000Z');
    expect(await auditOf(admin.organizationId)).toEqual([
      { action: 'operator.package_extended', actor: null, details: expect.objectContaining({ to: '2027-07-01T00:00:00.000Z' }) },
    ]);
    expect(await refusal('extend', 'Riverside School', '--until', '2026-11-24')).toMatch(/in the past/);
    expect(await refusal('extend', 'Riverside School', '--until', '2027-02-30')).toMatch(/calendar day written YYYY-MM-DD/);
    expect(await refusal('extend', 'Riverside School', '--until', 'soon')).toMatch(/calendar day/);
    expect(await refusal('extend', 'Riverside School')).toMatch(/needs --until/);
    // Today still counts: the package then ends at midnight tonight.
    expect(await org('extend', 'Riverside School', '--until', '2026-11-25')).toContain('end of 2026-11-25');
  });

  it('sets seats, never below what live links hold back', async () => {
    const admin = await organizationNamed('Seaside Club');
    const survey = await database.db.selectFrom('surveys').select('id').executeTakeFirstOrThrow();
    await database.db
      .insertInto('survey_tokens')
      .values({
        organization_id: admin.organizationId,
        survey_id: survey.id,
        department_id: null,
        alias: 'spring',
        token: `seaside-${Date.now()}`,
        capacity: 40,
        used: 3,
        active: true,
        starts_at: new Date('2026-11-01T00:00:00Z'),
        expires_at: new Date('2026-12-01T00:00:00Z'),
      } as never)
      .execute();
    expect(await org('seats', 'Seaside Club', '250')).toBe('Seaside Club: seat capacity 250.');
    expect(await refusal('seats', 'Seaside Club', '39')).toMatch(/hold back 40 seats/);
    expect(await refusal('seats', 'Seaside Club', '1.5')).toMatch(/whole number from 0/);
    expect(await refusal('seats', 'Seaside Club', 'lots')).toMatch(/whole number from 0/);
    expect(await refusal('seats', 'Seaside Club', '-5')).toMatch(/Unknown option '-5'[\s\S]*Usage: npm run org/);
    expect(await refusal('seats', 'Seaside Club', '99999999999')).toMatch(/whole number from 0/);
    expect(await refusal('seats', 'Seaside Club')).toMatch(/an organisation and a number/);
    expect((await auditOf(admin.organizationId)).map((entry) => entry.details)).toEqual([expect.objectContaining({ from: 100, to: 250 })]);
  });

  it('suspends an organisation so that its members cannot sign in, and resumes it', async () => {
    const admin = await organizationNamed('Hilltop Games');
    const signIn = () => app.inject({ method: 'POST', url: '/api/login', payload: { email: admin.email, password: PASSWORD } });
    expect((await signIn()).statusCode).toBe(200);
    expect(await org('suspend', 'Hilltop Games')).toMatch(/suspended/);
    const refused = await signIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account is no longer valid. Please contact us to renew your package.');
    expect(await refusal('suspend', 'Hilltop Games')).toMatch(/already suspended/);
    expect(await org('list')).toMatch(/Hilltop Games\s+suspended/);
    expect(await org('resume', 'Hilltop Games')).toMatch(/active again/);
    expect((await signIn()).statusCode).toBe(200);
    expect((await auditOf(admin.organizationId)).map((entry) => entry.action)).toEqual(['operator.suspended', 'operator.resumed']);
  });

  it('refuses unknown and ambiguous organisations and unknown commands, changing nothing', async () => {
    await organizationNamed('Twin Name');
    await organizationNamed('Twin Name');
    expect(await refusal('show', 'Twin Name')).toMatch(/names 2 organisations; use an id/);
    expect(await refusal('suspend', 'Nobody Here')).toMatch(/No organisation "Nobody Here"/);
    expect(await refusal('show', '00000000-0000-4000-8000-000000000000')).toMatch(/No organisation/);
    expect(await refusal('show')).toMatch(/takes one organisation/);
    expect(await refusal('frobnicate')).toMatch(/Unknown command "frobnicate"/);
    expect(await refusal('list', '--until', '2027-01-01')).toMatch(/--until belongs to extend/);
    expect(await refusal('list', '--colour')).toMatch(/Unknown option/);
    expect(await org('--help')).toContain('Usage: npm run org');
  });
});

describe('readiness, metrics and backups over HTTP', () => {
  it('says ready when the database answers and its schema is the code’s', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ready: true, database: database.kind, migration: { applied: expectedMigration(), expected: expectedMigration() } });
  });

  it('serves Prometheus metrics to the operator only', async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'POST', url: '/api/diversity-survey', payload: {} });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-some-length' } })).statusCode).toBe(404);
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: operator });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/);
    expect(text).toMatch(/survey_submits_total\{outcome="refused"\} [1-9]/);
    expect(text).toMatch(/database_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/mail_outbox_unsent \d+/);
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).not.toMatch(/token|@/i);
  });

  it('gives the operator a whole, checked backup of the embedded database while it serves, and explains pg_dump on PostgreSQL', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/operator/backup' })).json()).toEqual({ status: 404, message: Messages.notFound });
    const response = await app.inject({ method: 'POST', url: '/api/operator/backup', headers: operator });
    if (database.kind === 'pglite') {
      expect(response.statusCode).toBe(200);
      const { header, payload } = decodeBackup(response.rawPayload);
      expect(header.migration).toBe(expectedMigration());
      expect(payload.length).toBeGreaterThan(1000);
    } else {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/pg_dump/);
    }
  });
});
