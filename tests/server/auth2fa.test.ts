import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthMessages } from '../../domain/contracts/auth';
import type { OpenDatabase } from '../../server/db/connect';
import type { MailMessage } from '../../server/services/mail';
import { freshAddress, insertUser, PASSWORD, passwordHash, post, signIn, type TestUser } from './helpers/accounts';
import { closeTestApp, openTestApp } from './helpers/testApp';
import { testConfig } from './helpers/testConfig';

let database: OpenDatabase;
let app: FastifyInstance;
let messages: MailMessage[];

beforeAll(async () => {
  ({ database, app, mail: messages } = await openTestApp({ config: testConfig({ loginMaxFailures: 20 }) }));
  await passwordHash();
});

afterAll(() => closeTestApp({ app, database }));

beforeEach(() => {
  messages.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

const codeIn = (message: MailMessage | undefined): string => {
  const match = /\b(\d{6})\b/.exec(message?.text ?? '');
  expect(match, message?.text).not.toBeNull();
  return match![1]!;
};

const totpCode = (secret: string, timestamp = Date.now()): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const userRow = (id: string) => database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const actions = async (actor: string) =>
  (await database.db.selectFrom('audit_log').select('action').where('actor', '=', actor).orderBy('id').execute()).map((row) => row.action);

/** Turns email 2FA on through the API: send a toggle code, confirm it. */
const enableEmail2fa = async (user: TestUser): Promise<void> => {
  const token = await signIn(app, user.email);
  const sent = await post(app, '/api/user/update/send-2fa-code', {}, { token });
  expect(sent.statusCode).toBe(200);
  const toggled = await post(app, '/api/user/update/toggle-2fa', { method: 'email', code: codeIn(messages.at(-1)) }, { token });
  expect(toggled.json()).toEqual({ status: 200, data: { two_factor: 'email' } });
  messages.length = 0;
};

/** Turns TOTP on through the API; answers the secret and the session token. */
const enableTotp = async (user: TestUser): Promise<{ secret: string; token: string }> => {
  const token = await signIn(app, user.email);
  const started = await post(app, '/api/user/update/get-token', {}, { token });
  expect(started.statusCode).toBe(200);
  const { secret } = started.json().data as { secret: string };
  const toggled = await post(app, '/api/user/update/toggle-2fa', { method: 'totp', code: totpCode(secret) }, { token });
  expect(toggled.json()).toEqual({ status: 200, data: { two_factor: 'totp' } });
  return { secret, token };
};

describe('email codes', () => {
  it('asks for the emailed code at login, then signs in with it once', async () => {
    const user = await insertUser(database.db);
    await enableEmail2fa(user);
    const address = freshAddress();
    const first = await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address });
    expect(first.statusCode).toBe(200);
    const { data } = first.json();
    expect(Object.keys(data).sort()).toEqual(['expired_time', 'password_expired', 'two_factor']);
    expect(data).toMatchObject({ password_expired: false, two_factor: 'email' });
    const minutes = (Date.parse(data.expired_time) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.to).toBe(user.email);
    const code = codeIn(messages[0]);

    const wrong = await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code: wrongCode(code) }, { address });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ status: 422, message: AuthMessages.invalidCode, errors: { code: [AuthMessages.invalidCode] } });

    const badPassword = await post(app, '/api/login-2fa', { email: user.email, password: 'Wrong-password1', code }, { address });
    expect(badPassword.json().message).toBe(AuthMessages.invalidCredentials);

    const right = await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code }, { address });
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ password_expired: false, user: { id: user.id, two_factor: 'email' } });
    expect(typeof right.json().data.access_token).toBe('string');

    const reused = await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code }, { address });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(AuthMessages.invalidCode);
    expect(await actions(user.id)).toContain('auth.two_factor_changed');
  });

  it('allows 5 tries per code, refuses an expired code, and counts wrong codes toward the lockout', async () => {
    const user = await insertUser(database.db);
    await enableEmail2fa(user);
    await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() });
    const code = codeIn(messages.at(-1));
    for (let i = 0; i < 5; i += 1) {
      expect((await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code: wrongCode(code) }, { address: freshAddress() })).statusCode).toBe(422);
    }
    expect((await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code }, { address: freshAddress() })).statusCode).toBe(422);
    const failures = await database.db.selectFrom('login_failures').select('id').where('email_lower', '=', user.email.toLowerCase()).execute();
    expect(failures.length).toBeGreaterThanOrEqual(6);

    await database.db.deleteFrom('login_failures').where('email_lower', '=', user.email.toLowerCase()).execute();
    await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() });
    const fresh = codeIn(messages.at(-1));
    await database.db.updateTable('login_challenges').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', user.id).execute();
    expect((await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code: fresh }, { address: freshAddress() })).statusCode).toBe(422);
  });

  it('makes an older login code stop working once a newer one is sent', async () => {
    const user = await insertUser(database.db);
    await enableEmail2fa(user);
    await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() });
    const older = codeIn(messages.at(-1));
    await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() });
    const newer = codeIn(messages.at(-1));
    if (older !== newer) {
      expect((await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code: older }, { address: freshAddress() })).statusCode).toBe(422);
    }
    expect((await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code: newer }, { address: freshAddress() })).statusCode).toBe(200);
  });

  it('turns email 2FA off with a toggle code, refusing a wrong one', async () => {
    const user = await insertUser(database.db);
    await enableEmail2fa(user);
    await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() });
    const login = await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code: codeIn(messages.at(-1)) }, { address: freshAddress() });
    const token = login.json().data.access_token as string;
    const sent = await post(app, '/api/user/update/send-2fa-code', {}, { token });
    expect(Date.parse(sent.json().data.expired_time)).toBeGreaterThan(Date.now());
    const code = codeIn(messages.at(-1));
    const wrong = await post(app, '/api/user/update/toggle-2fa', { method: 'off', code: wrongCode(code) }, { token });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [AuthMessages.invalidCode] });
    const off = await post(app, '/api/user/update/toggle-2fa', { method: 'off', code }, { token });
    expect(off.json()).toEqual({ status: 200, data: { two_factor: 'off' } });
    expect((await userRow(user.id)).two_factor).toBe('off');
    await signIn(app, user.email);
  });

  it('needs a session for the 2FA settings', async () => {
    for (const url of ['/api/user/update/get-token', '/api/user/update/send-2fa-code', '/api/user/update/toggle-2fa']) {
      expect((await post(app, url, { method: 'off', code: '123456' })).statusCode).toBe(401);
    }
  });
});

describe('authenticator apps (TOTP)', () => {
  it('starts with a pending secret and an otpauth URI, active only once a code confirms it', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    const started = await post(app, '/api/user/update/get-token', {}, { token });
    const { secret, uri } = started.json().data as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.searchParams.get('issuer')).toBe('Commonweave');
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(parsed.searchParams.get('digits')).toBe('6');
    expect(parsed.searchParams.get('period')).toBe('30');
    expect(await userRow(user.id)).toMatchObject({ two_factor: 'off', totp_secret: null, totp_pending_secret: secret });

    const wrong = await post(app, '/api/user/update/toggle-2fa', { method: 'totp', code: wrongCode(totpCode(secret)) }, { token });
    expect(wrong.statusCode).toBe(422);
    expect((await userRow(user.id)).two_factor).toBe('off');

    const right = await post(app, '/api/user/update/toggle-2fa', { method: 'totp', code: totpCode(secret) }, { token });
    expect(right.json()).toEqual({ status: 200, data: { two_factor: 'totp' } });
    expect(await userRow(user.id)).toMatchObject({ two_factor: 'totp', totp_secret: secret, totp_pending_secret: null });
    expect(await actions(user.id)).toEqual(expect.arrayContaining(['auth.two_factor_setup_started', 'auth.two_factor_changed']));
  });

  it('refuses turning TOTP on without a pending secret', async () => {
    const user = await insertUser(database.db);
    const token = await signIn(app, user.email);
    const response = await post(app, '/api/user/update/toggle-2fa', { method: 'totp', code: '123456' }, { token });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(AuthMessages.invalidCode);
  });

  it('signs in with a code from the app and refuses the same code twice', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await insertUser(database.db);
    const { secret } = await enableTotp(user);

    const first = await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() });
    expect(first.json()).toEqual({ status: 200, data: { password_expired: false, two_factor: 'totp' } });
    expect(messages).toHaveLength(0);

    // The code that turned TOTP on cannot sign in: a code counts once.
    const sameStep = await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code: totpCode(secret) }, { address: freshAddress() });
    expect(sameStep.statusCode).toBe(422);
    expect(sameStep.json().message).toBe(AuthMessages.invalidCode);

    vi.setSystemTime(Date.now() + 30_000);
    const code = totpCode(secret);
    const signedIn = await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code }, { address: freshAddress() });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.user.two_factor).toBe('totp');
    const replay = await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code }, { address: freshAddress() });
    expect(replay.statusCode).toBe(422);

    // An older code (previous step, still inside the drift window) is refused too.
    vi.setSystemTime(Date.now() + 30_000);
    const older = totpCode(secret, Date.now() - 30_000);
    expect((await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code: older }, { address: freshAddress() })).statusCode).toBe(422);
    expect((await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code: totpCode(secret) }, { address: freshAddress() })).statusCode).toBe(200);
  });

  it('turns TOTP off with a current app code', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await insertUser(database.db);
    const { secret, token } = await enableTotp(user);
    vi.setSystemTime(Date.now() + 30_000);
    const off = await post(app, '/api/user/update/toggle-2fa', { method: 'off', code: totpCode(secret) }, { token });
    expect(off.json()).toEqual({ status: 200, data: { two_factor: 'off' } });
    expect(await userRow(user.id)).toMatchObject({ two_factor: 'off', totp_secret: null, totp_last_step: null });
    await signIn(app, user.email);
  });
});

describe('password change with 2FA on', () => {
  const change = { current_password: PASSWORD, password: 'Newer-pass123', password_confirmation: 'Newer-pass123' };

  it('sends /user/update-password to the 2FA variant, which needs the code', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await insertUser(database.db);
    const { secret, token } = await enableTotp(user);
    const plain = await post(app, '/api/user/update-password', change, { token });
    expect(plain.statusCode).toBe(422);
    expect(plain.json()).toEqual({ status: 422, message: AuthMessages.twoFactorCodeRequired, errors: { code: [AuthMessages.twoFactorCodeRequired] } });

    const wrong = await post(app, '/api/user/update-password-2fa', { ...change, code: '000000' === totpCode(secret) ? '111111' : '000000' }, { token });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(AuthMessages.invalidCode);

    vi.setSystemTime(Date.now() + 30_000);
    const changed = await post(app, '/api/user/update-password-2fa', { ...change, code: totpCode(secret) }, { token });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = changed.json().data.access_token as string;
    expect((await post(app, '/api/check-access-token', {}, { token })).statusCode).toBe(401);
    expect((await post(app, '/api/check-access-token', {}, { token: fresh })).statusCode).toBe(200);
    expect(await actions(user.id)).toContain('auth.password_changed');
  });

  it('accepts an emailed toggle code when email 2FA is on', async () => {
    const user = await insertUser(database.db);
    await enableEmail2fa(user);
    await post(app, '/api/login', { email: user.email, password: PASSWORD }, { address: freshAddress() });
    const login = await post(app, '/api/login-2fa', { email: user.email, password: PASSWORD, code: codeIn(messages.at(-1)) }, { address: freshAddress() });
    const token = login.json().data.access_token as string;
    await post(app, '/api/user/update/send-2fa-code', {}, { token });
    const changed = await post(app, '/api/user/update-password-2fa', { ...change, code: codeIn(messages.at(-1)) }, { token });
    expect(changed.statusCode, changed.body).toBe(200);
  });
});

describe('POST /api/login-profile (confirm it is you)', () => {
  const check = (token: string) => post(app, '/api/check-access-token', {}, { token });

  it('with the password answers a fresh session and ends the one it was called with', async () => {
    const user = await insertUser(database.db, { passwordHash: await passwordHash() });
    const token = await signIn(app, user.email);
    const again = await post(app, '/api/login-profile', { password: PASSWORD }, { token, address: freshAddress() });
    expect(again.statusCode, again.body).toBe(200);
    const fresh = again.json().data.access_token as string;
    expect(fresh).not.toBe(token);
    expect(again.json().data.user.email).toBe(user.email);
    expect((await check(token)).statusCode).toBe(401);
    expect((await check(fresh)).statusCode).toBe(200);
    expect(await actions(user.id)).toContain('auth.signed_in');
  });

  it('refuses a wrong password with the sign-in message and keeps the session', async () => {
    const user = await insertUser(database.db, { passwordHash: await passwordHash() });
    const token = await signIn(app, user.email);
    const wrong = await post(app, '/api/login-profile', { password: 'Wrong-Pass-1' }, { token, address: freshAddress() });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(AuthMessages.invalidCredentials);
    expect((await check(token)).statusCode).toBe(200);
    expect((await post(app, '/api/login-profile', { password: PASSWORD })).statusCode).toBe(401);
  });

  it('with an authenticator asks for the code first, then takes it', async () => {
    const user = await insertUser(database.db, { passwordHash: await passwordHash() });
    const { secret, token } = await enableTotp(user);
    const first = await post(app, '/api/login-profile', { password: PASSWORD }, { token, address: freshAddress() });
    expect(first.json()).toEqual({ status: 200, data: { password_expired: false, two_factor: 'totp' } });
    expect((await check(token)).statusCode).toBe(200);
    const bad = await post(app, '/api/login-profile', { password: PASSWORD, code: wrongCode(totpCode(secret, Date.now() + 30_000)) }, { token, address: freshAddress() });
    expect(bad.statusCode).toBe(422);
    const good = await post(app, '/api/login-profile', { password: PASSWORD, code: totpCode(secret, Date.now() + 30_000) }, { token, address: freshAddress() });
    expect(good.statusCode, good.body).toBe(200);
    expect(typeof good.json().data.access_token).toBe('string');
    expect((await check(token)).statusCode).toBe(401);
  });
});
