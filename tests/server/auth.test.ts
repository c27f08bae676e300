import { createHash } from 'node:crypto';
import { parseOptions } from '@node-rs/argon2';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthMessages } from '../../domain/contracts/auth';
import { Messages } from '../../domain/contracts/envelope';
import { buildApp } from '../../server/app';
import type { ServerConfig } from '../../server/config';
import type { OpenDatabase } from '../../server/db/connect';
import { hashPassword } from '../../server/services/auth/passwords';
import { createCapturingMailer, type MailMessage } from '../../server/services/mail';
import {
  bearer,
  expectNoSecrets,
  freshAddress,
  get,
  insertUser,
  PASSWORD,
  passwordHash,
  post,
  signIn,
  uniqueEmail,
} from './helpers/accounts';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

let database: OpenDatabase;
let app: FastifyInstance;
let messages: MailMessage[];
const apps: FastifyInstance[] = [];

const MAX_FAILURES = 3;

const appWith = async (overrides: Partial<ServerConfig> = {}): Promise<{ app: FastifyInstance; messages: MailMessage[] }> => {
  const capturing = createCapturingMailer();
  const built = await buildApp(testConfig({ loginMaxFailures: MAX_FAILURES, ...overrides }), {
    db: database.db,
    dbKind: database.kind,
    mailer: capturing.mailer,
  });
  apps.push(built);
  return { app: built, messages: capturing.messages };
};

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, messages } = await appWith());
  await passwordHash();
});

afterAll(async () => {
  await Promise.all(apps.map((each) => each.close()));
  await database?.close();
});

beforeEach(() => {
  messages.length = 0;
});

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const auditActions = async (actor: string) =>
  (await database.db.selectFrom('audit_log').select(['action', 'address', 'details']).where('actor', '=', actor).orderBy('id').execute());

const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  organization_name: 'Acme Pty Ltd',
  country: 'AU',
  industry: null,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: uniqueEmail('head'),
  password: PASSWORD,
  password_confirmation: PASSWORD,
  agree: true,
  ...overrides,
});

describe('POST /api/head-register', () => {
  it('creates the organisation, its default tiers and its administrator, mails a welcome and audits', async () => {
    const body = validRegistration({ industry: 'Education' });
    const response = await post(app, '/api/head-register', body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 200, data: { email: body.email } });

    const user = await database.db.selectFrom('users').selectAll().where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'admin', first_name: 'Grace', last_name: 'Hopper', active: true, two_factor: 'off' });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const options = parseOptions(user.password_hash!);
    expect(options.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(options.timeCost).toBeGreaterThanOrEqual(2);
    expect(options.parallelism).toBe(1);

    const organization = await database.db.selectFrom('organizations').selectAll().where('id', '=', user.organization_id).executeTakeFirstOrThrow();
    expect(organization).toMatchObject({ name: 'Acme Pty Ltd', country: 'AU', industry: 'Education', active: true, seat_capacity: 1000 });
    const days = (organization.package_expires_at!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    const tiers = await database.db.selectFrom('tiers').select(['level', 'name']).where('organization_id', '=', organization.id).orderBy('level').execute();
    expect(tiers).toEqual([
      { level: 1, name: 'Organisation' },
      { level: 2, name: 'Tier 2 groups' },
      { level: 3, name: 'Tier 3 sub-groups' },
    ]);

    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ organizationId: organization.id, to: body.email });
    expect((await auditActions(user.id)).map((entry) => entry.action)).toEqual(['organization.registered']);
  });

  it('gives every field its message in one 422', async () => {
    const response = await post(app, '/api/head-register', {
      organization_name: ' ',
      country: '',
      industry: null,
      first_name: '',
      last_name: '\t',
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'different',
      agree: false,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 422,
      message: Messages.invalidData,
      errors: {
        organization_name: [Messages.fieldRequired('organization name')],
        country: [Messages.fieldRequired('country')],
        first_name: [Messages.fieldRequired('first name')],
        last_name: [Messages.fieldRequired('last name')],
        email: [AuthMessages.invalidEmail],
        password: [AuthMessages.invalidPassword],
        password_confirmation: [AuthMessages.passwordsDiffer],
        agree: [AuthMessages.mustAgree],
      },
    });
    expect(messages).toHaveLength(0);
  });

  it.each([
    ['abcdefgh1', 'no uppercase letter'],
    ['ABCDEFGH1', 'no lowercase letter'],
    ['Abcdefghi', 'no digit'],
    ['Abcde1', 'too short'],
  ])('refuses the password %s (%s)', async (password) => {
    const response = await post(app, '/api/head-register', validRegistration({ password, password_confirmation: password }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ password: [AuthMessages.invalidPassword] });
  });

  it('enforces a configured password rule', async () => {
    const { app: strict } = await appWith({ passwordRegex: '^.{20,}$' });
    const response = await post(strict, '/api/head-register', validRegistration());
    expect(response.json().errors).toEqual({ password: [AuthMessages.invalidPassword] });
  });

  it('refuses a used email, whatever its letter case', async () => {
    const first = validRegistration();
    expect((await post(app, '/api/head-register', first)).statusCode).toBe(200);
    const response = await post(app, '/api/head-register', validRegistration({ email: first.email.toUpperCase() }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ status: 422, message: Messages.invalidData, errors: { email: [AuthMessages.emailTaken] } });
  });

  it('answers 422 naming missing fields', async () => {
    const response = await post(app, '/api/head-register', {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.agree).toEqual([Messages.fieldRequired('agree')]);
  });
});

describe('GET /api/check-email-existence', () => {
  it('says whether an account uses the email, in any letter case', async () => {
    const user = await insertUser(database.db);
    const known = await get(app, `/api/check-email-existence?email=${encodeURIComponent(user.email.toUpperCase())}`);
    expect(known.json()).toEqual({ status: 200, data: { exists: true } });
    const unknown = await get(app, `/api/check-email-existence?email=${encodeURIComponent(uniqueEmail())}`);
    expect(unknown.json()).toEqual({ status: 200, data: { exists: false } });
  });

  it('refuses an invalid email', async () => {
    const response = await get(app, '/api/check-email-existence?email=nope');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [AuthMessages.invalidEmail] });
  });

  it('is limited to 20 calls a minute per address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i += 1) {
      expect((await get(app, '/api/check-email-existence?email=a@example.org', { address })).statusCode).toBe(200);
    }
    const limited = await get(app, '/api/check-email-existence?email=a@example.org', { address });
    expect(limited.statusCode).toBe(429);
    expect((await get(app, '/api/check-email-existence?email=a@example.org', { address: freshAddress() })).statusCode).toBe(200);
  });
});

describe('POST /api/login', () => {
  it('signs in: user, a fresh token stored only as its hash, audited', async () => {
    const user = await insertUser(database.db, { role: 'sub_admin' });
    const address = freshAddress();
    const response = await post(app, '/api/login', { email: user.email.toUpperCase(), password: PASSWORD }, { address });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.password_expired).toBe(false);
    expect(data.user).toEqual({
      id: user.id,
      email: user.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      role: 'sub_admin',
      organization_id: user.organizationId,
      locale_id: null,
      two_factor: 'off',
      setting: { banners: expect.any(Object) },
    });
    expect(Buffer.from(data.access_token, 'base64url')).toHaveLength(32);
    const sessions = await database.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ token_hash: sha256(data.access_token), kind: 'primary', restricted: false, address, organization_id: user.organizationId });

    const second = await signIn(app, user.email);
    expect(second).not.toBe(data.access_token);
    const audits = await auditActions(user.id);
    expect(audits.at(-1)).toMatchObject({ action: 'auth.signed_in' });
    expect(audits[0]).toMatchObject({ action: 'auth.signed_in', address, details: { method: 'password', password_expired: false } });
  });

  it('answers an unknown email and a wrong password the same way, and audits both', async () => {
    const user = await insertUser(database.db);
    const unknownEmail = uniqueEmail('nobody');
    const wrong = await post(app, '/api/login', { email: user.email, password: 'Wrong-password1' }, { address: freshAddress() });
    const unknown = await post(app, '/api/login', { email: unknownEmail, password: PASSWORD }, { address: freshAddress() });
    const expected = { status: 422, message: AuthMessages.invalidCredentials, errors: { email: [AuthMessages.invalidCredentials] } };
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(expected);
    expect(unknown.json()).toEqual(expected);
    expect((await auditActions(user.id)).map((entry) => [entry.action, entry.details])).toEqual([['auth.sign_in_failed', { reason: 'invalid_credentials' }]]);
    expect((await auditActions(unknownEmail)).map((entry) => entry.action)).toEqual(['auth.sign_in_failed']);
  });

  it('takes about as long for an unknown email as for a wrong password', async () => {
    const user = await insertUser(database.db);
    const time = async (email: string) => {
      const start = performance.now();
      await post(app, '/api/login', { email, password: 'Wrong-password1' }, { address: freshAddress() });
      return performance.now() - start;
    };
    await time(uniqueEmail()); // warms the dummy hash
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time(user.email));
      unknown.push(await time(uniqueEmail()));
    }
    // Both do one argon2 verification (tens of ms); without the dummy, unknown would take ~1 ms.
    // The fastest of each is compared: load from other test files only ever adds time.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) / 4);
  });

  it('tells an inactive user so only after a correct password', async () => {
    const user = await insertUser(database.db, { active: false });
    const wrong = await post(app, '/api/login', { email: user.email, password: 'Wrong-password1' }, { address: freshAddress() });
    expect(wrong.json().message).toBe(AuthMessages.invalidCredentials);
    const right = await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() });
    expect(right.statusCode).toBe(422);
    expect(right.json()).toEqual({ status: 422, message: AuthMessages.userNotActive, errors: { email: [AuthMessages.userNotActive] } });
  });

  it.each([
    ['an expired package (staff)', { packageExpiresAt: new Date(Date.now() - 1000) }, 'staff'],
    ['an expired package (sub-administrator)', { packageExpiresAt: new Date(Date.now() - 1000) }, 'sub_admin'],
    ['an inactive organisation', { active: false }, 'admin'],
  ] as const)('answers 403 for %s', async (_name, organization, role) => {
    const user = await insertUser(database.db, { organization, role });
    const response = await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 403, message: AuthMessages.noActivePackage });
    expect(await database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('lets in an organisation without an end date', async () => {
    const user = await insertUser(database.db, { organization: { packageExpiresAt: null } });
    await signIn(app, user.email);
  });

  it('gives a session restricted to the password change when the password has expired', async () => {
    const user = await insertUser(database.db, { passwordChangedAt: new Date(Date.now() - 181 * 86_400_000) });
    const response = await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.password_expired).toBe(true);
    const token = data.access_token as string;

    expect((await post(app, '/api/check-access-token', {}, { token })).statusCode).toBe(200);
    for (const url of ['/api/user/permissions', '/api/user/setting']) {
      const refused = await get(app, url, { token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 403, message: AuthMessages.passwordExpired });
    }

    const changed = await post(app, '/api/user/update-password', { current_password: PASSWORD, password: 'Brand-new-pass2', password_confirmation: 'Brand-new-pass2' }, { token });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = changed.json().data.access_token as string;
    expect((await get(app, '/api/user/permissions', { token: fresh })).statusCode).toBe(200);
    expect((await post(app, '/api/check-access-token', {}, { token })).statusCode).toBe(401);
    const again = await post(app, '/api/login', { email: user.email, password: 'Brand-new-pass2' }, { address: freshAddress() });
    expect(again.json().data.password_expired).toBe(false);
  });

  it('never expires passwords when the expiry is 0 days', async () => {
    const { app: noExpiry } = await appWith({ passwordExpiryDays: 0 });
    const user = await insertUser(database.db, { passwordChangedAt: new Date(Date.now() - 3000 * 86_400_000) });
    const response = await post(noExpiry, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() });
    expect(response.json().data.password_expired).toBe(false);
  });

  it('rehashes a password whose hash is weaker than the configuration', async () => {
    const weak = await hashPassword({ memoryKib: 8192, timeCost: 1 }, PASSWORD);
    const user = await insertUser(database.db, { passwordHash: weak });
    await signIn(app, user.email);
    const row = await database.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).not.toBe(weak);
    expect(parseOptions(row.password_hash!)).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await signIn(app, user.email);
  });

  it('answers 422 for empty credentials without counting them', async () => {
    const response = await post(app, '/api/login', { email: '', password: '' }, { address: freshAddress() });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [Messages.fieldRequired('email')], password: [Messages.fieldRequired('password')] });
  });
});

describe('lockout', () => {
  const fail = (email: string, address: string) => post(app, '/api/login', { email, password: 'Wrong-password1' }, { address });

  it('locks a known email after the configured failures, even with the right password, and unlocks after the period', async () => {
    const user = await insertUser(database.db);
    for (let i = 0; i < MAX_FAILURES; i += 1) expect((await fail(user.email, freshAddress())).statusCode).toBe(422);
    const locked = await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: 429, message: AuthMessages.tooManyAttempts });
    expect((await auditActions(user.id)).at(-1)).toMatchObject({ action: 'auth.sign_in_failed', details: { reason: 'locked_out' } });

    await database.db
      .updateTable('login_failures')
      .set({ at: new Date(Date.now() - 16 * 60_000) })
      .where('email_lower', '=', user.email.toLowerCase())
      .execute();
    await signIn(app, user.email);
  });

  it('locks an unknown email the same way', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < MAX_FAILURES; i += 1) expect((await fail(email, freshAddress())).statusCode).toBe(422);
    const locked = await post(app, '/api/login', { email, password: PASSWORD }, { address: freshAddress() });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(AuthMessages.tooManyAttempts);
  });

  it('follows the configured lockout period', async () => {
    const { app: shortLock } = await appWith({ loginLockoutMinutes: 1 });
    const user = await insertUser(database.db);
    for (let i = 0; i < MAX_FAILURES; i += 1) await fail(user.email, freshAddress());
    expect((await post(shortLock, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() })).statusCode).toBe(429);
    await database.db
      .updateTable('login_failures')
      .set({ at: new Date(Date.now() - 2 * 60_000) })
      .where('email_lower', '=', user.email.toLowerCase())
      .execute();
    // Two minutes later: still locked for 15 minutes by default, free with a 1-minute lockout.
    expect((await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() })).statusCode).toBe(429);
    await signIn(shortLock, user.email);
  });

  it('clears the failures of an email at a successful sign-in', async () => {
    const user = await insertUser(database.db);
    for (let i = 0; i < MAX_FAILURES - 1; i += 1) await fail(user.email, freshAddress());
    await signIn(app, user.email);
    for (let i = 0; i < MAX_FAILURES - 1; i += 1) await fail(user.email, freshAddress());
    await signIn(app, user.email);
  });

  it('locks an address after four times the per-account limit, across emails', async () => {
    const address = freshAddress();
    for (let i = 0; i < 4 * MAX_FAILURES; i += 1) expect((await fail(uniqueEmail('spray'), address)).statusCode).toBe(422);
    const user = await insertUser(database.db);
    const locked = await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address });
    expect(locked.statusCode).toBe(429);
    await signIn(app, user.email, PASSWORD, freshAddress());
  });
});

describe('sessions', () => {
  it('answers 401 with the SPEC message without a token, with a wrong one, or a malformed header', async () => {
    for (const headers of [{}, bearer('not-a-token'), { authorization: 'Basic abc' }, bearer('x'.repeat(5000))]) {
      const response = await app.inject({ method: 'POST', url: '/api/check-access-token', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 401, message: Messages.sessionExpired });
    }
  });

  it('checks the session: user, organization, and the empty parts', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    const response = await post(app, '/api/check-access-token', {}, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      user: expect.objectContaining({ id: user.id, email: user.email }),
      cohort: null,
      organization: { id: user.organizationId, name: 'Test organisation', country: 'AU', industry: null },
      filter: null,
      industries: [],
      primary_departments: [],
    });
  });

  it('logs out: the token stops working, the logout is audited, a second logout still answers 200', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    const other = await signIn(app, user.email);
    const response = await post(app, '/api/logout', {}, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, data: null });
    expect((await post(app, '/api/check-access-token', {}, { token })).statusCode).toBe(401);
    expect((await post(app, '/api/check-access-token', {}, { token: other })).statusCode).toBe(200);
    expect((await auditActions(user.id)).some((entry) => entry.action === 'auth.signed_out')).toBe(true);
    expect((await post(app, '/api/logout', {}, { token })).statusCode).toBe(200);
  });

  it('never fails a logout, whatever is sent', async () => {
    for (const headers of [{}, bearer('garbage'), { authorization: 'Bearer' }, bearer('y'.repeat(10_000))]) {
      const response = await app.inject({ method: 'POST', url: '/api/logout', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 200, data: null });
    }
  });

  it('expires a session idle for more than 30 minutes', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    await database.db.updateTable('sessions').set({ last_seen_at: new Date(Date.now() - 31 * 60_000) }).where('token_hash', '=', sha256(token)).execute();
    const response = await post(app, '/api/check-access-token', {}, { token });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(Messages.sessionExpired);
  });

  it('keeps an active session alive by refreshing last_seen_at (at most once a minute)', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    const lastSeen = async () =>
      (await database.db.selectFrom('sessions').select('last_seen_at').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow()).last_seen_at.getTime();
    const issued = await lastSeen();
    await post(app, '/api/check-access-token', {}, { token });
    expect(await lastSeen()).toBe(issued);

    await database.db.updateTable('sessions').set({ last_seen_at: new Date(Date.now() - 29 * 60_000) }).where('token_hash', '=', sha256(token)).execute();
    expect((await post(app, '/api/check-access-token', {}, { token })).statusCode).toBe(200);
    expect(Date.now() - (await lastSeen())).toBeLessThan(10_000);
  });

  it('refuses the session of a user made inactive, and 403s once the package ends', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    await database.db.updateTable('organizations').set({ package_expires_at: new Date(Date.now() - 1000) }).where('id', '=', user.organizationId).execute();
    const expired = await get(app, '/api/user/permissions', { token });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(AuthMessages.noActivePackage);
    await database.db.updateTable('users').set({ active: false }).where('id', '=', user.id).execute();
    expect((await get(app, '/api/user/permissions', { token })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  const requestReset = (email: string) => post(app, '/api/reset-password-request', { email }, { address: freshAddress() });
  const tokenFrom = (message: MailMessage) => new URL(message.link!).searchParams.get('token')!;

  it('answers the same for an unknown and a known email; only the known one gets a link', async () => {
    const unknown = await requestReset(uniqueEmail());
    expect(messages).toHaveLength(0);
    const user = await insertUser(database.db);
    const known = await requestReset(user.email.toUpperCase());
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ status: 200, data: null, message: AuthMessages.resetRequested });
    expect(messages).toHaveLength(1);
    expect(messages[0]!.to).toBe(user.email);
    expect(messages[0]!.link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/password\/reset\?token=[\w-]{43}$/);
    expect(messages[0]!.text).toContain(messages[0]!.link);
    const stored = await database.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256(tokenFrom(messages[0]!)));
  });

  it('sends nothing to an inactive user and refuses an invalid email', async () => {
    const user = await insertUser(database.db, { active: false });
    expect((await requestReset(user.email)).statusCode).toBe(200);
    expect(messages).toHaveLength(0);
    const invalid = await requestReset('nope');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ email: [AuthMessages.invalidEmail] });
  });

  it('changes the password once with the link, revokes every session and audits', async () => {
    const user = await insertUser(database.db);
    const session = await signIn(app, user.email);
    await requestReset(user.email);
    const token = tokenFrom(messages[0]!);

    const check = await post(app, '/api/check-reset-password-token', { token });
    expect(check.json()).toEqual({ status: 200, data: { email: user.email } });

    const weak = await post(app, '/api/change-password', { token, password: 'weak', password_confirmation: 'other' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toEqual({ password: [AuthMessages.invalidPassword], password_confirmation: [AuthMessages.passwordsDiffer] });

    const changed = await post(app, '/api/change-password', { token, password: 'Reset-pass123', password_confirmation: 'Reset-pass123' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ status: 200, data: null });
    expect((await post(app, '/api/check-access-token', {}, { token: session })).statusCode).toBe(401);
    expect((await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() })).statusCode).toBe(422);
    await signIn(app, user.email, 'Reset-pass123');

    const reused = await post(app, '/api/change-password', { token, password: 'Other-pass123', password_confirmation: 'Other-pass123' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ status: 422, message: AuthMessages.tokenNoLongerValid, errors: { token: [AuthMessages.tokenNoLongerValid] } });
    expect((await post(app, '/api/check-reset-password-token', { token })).json().message).toBe(AuthMessages.tokenNoLongerValid);
    expect((await auditActions(user.id)).map((entry) => entry.action)).toContain('auth.password_reset');
  });

  it('refuses an expired link, an unknown one, and an older link once a newer was sent', async () => {
    const user = await insertUser(database.db);
    await requestReset(user.email);
    const older = tokenFrom(messages[0]!);
    await requestReset(user.email);
    const newer = tokenFrom(messages[1]!);
    expect((await post(app, '/api/check-reset-password-token', { token: older })).statusCode).toBe(422);
    expect((await post(app, '/api/check-reset-password-token', { token: newer })).statusCode).toBe(200);

    await database.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', sha256(newer)).execute();
    const expired = await post(app, '/api/change-password', { token: newer, password: 'Reset-pass123', password_confirmation: 'Reset-pass123' });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(AuthMessages.tokenNoLongerValid);
    expect((await post(app, '/api/check-reset-password-token', { token: 'made-up' })).statusCode).toBe(422);
    expect((await post(app, '/api/check-reset-password-token', { token: '' })).statusCode).toBe(422);
  });

  it('gives a link valid for 60 minutes', async () => {
    const user = await insertUser(database.db);
    await requestReset(user.email);
    const row = await database.db.selectFrom('password_resets').select('expires_at').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const minutes = (row.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });
});

describe('robustness', () => {
  it('never answers 500 to random bodies on the new endpoints, signed in or not', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    const endpoints: [string, string][] = [
      ['POST', '/api/head-register'],
      ['GET', '/api/check-email-existence'],
      ['POST', '/api/login'],
      ['POST', '/api/login-2fa'],
      ['POST', '/api/logout'],
      ['POST', '/api/check-access-token'],
      ['POST', '/api/reset-password-request'],
      ['POST', '/api/check-reset-password-token'],
      ['POST', '/api/change-password'],
      ['GET', '/api/user/permissions'],
      ['GET', '/api/user/setting'],
      ['POST', '/api/user/setting'],
      ['PATCH', '/api/user/update'],
      ['POST', '/api/user/update/toggle-2fa'],
    ];
    const text = fc.string({ maxLength: 40 });
    const fieldNames = fc.constantFrom('email', 'password', 'password_confirmation', 'code', 'token', 'organization_name', 'agree', 'banners', 'first_name', 'locale_id', 'method');
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.dictionary(fieldNames, fc.oneof(text, fc.boolean(), fc.constant(null), fc.integer(), fc.dictionary(text, text, { maxKeys: 2 })), { maxKeys: 6 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), body, fc.boolean(), async ([method, url], payload, signedIn) => {
        const response = await app.inject({
          method: method as 'GET' | 'POST' | 'PATCH',
          url,
          // Signed in, logout would end the session the other calls use.
          headers: { 'content-type': 'application/json', ...(signedIn && url !== '/api/logout' ? bearer(token) : {}) },
          remoteAddress: freshAddress(),
          ...(method === 'GET' ? { query: { email: typeof payload === 'string' ? payload : 'x' } } : { payload: JSON.stringify(payload) }),
        });
        expect(response.statusCode, `${method} ${url} ${response.body}`).toBeLessThan(500);
        expectNoSecrets(response);
      }),
      { numRuns: 150 },
    );
    // The session survived all of that.
    expect((await post(app, '/api/check-access-token', {}, { token })).statusCode).toBe(200);
  });

  it('keeps no token in clear in the database', async () => {
    const rows = await sql<{ count: number }>`select count(*)::int as count from sessions where length(token_hash) <> 64`.execute(database.db);
    expect(rows.rows[0]!.count).toBe(0);
  });
});
