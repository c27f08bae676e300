import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_TEXTS, mailTexts } from '../../domain/i18n/mails';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { createCapturingMailer, type MailMessage } from '../../server/services/mail';
import { freshAddress, insertUser, passwordHash, signIn, uniqueEmail } from './helpers/accounts';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

let database: OpenDatabase;
let app: FastifyInstance;
let messages: MailMessage[];

beforeAll(async () => {
  database = await createTestDatabase();
  const capturing = createCapturingMailer();
  messages = capturing.messages;
  app = await buildApp(testConfig(), { db: database.db, dbKind: database.kind, mailer: capturing.mailer });
  await passwordHash();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

beforeEach(() => {
  messages.length = 0;
});

const userIn = async (locale: string | null, options: Parameters<typeof insertUser>[1] = {}) => {
  const user = await insertUser(database.db, { email: uniqueEmail('mail-language'), ...options });
  await database.db.updateTable('users').set({ locale_id: locale }).where('id', '=', user.id).execute();
  return user;
};

const requestReset = (email: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/reset-password-request', payload: { email }, headers, remoteAddress: freshAddress() });

/** The reset mail of one address, once the route has sent it in the background. */
const resetMailTo = async (email: string): Promise<MailMessage> => {
  await expect.poll(() => messages.some((m) => m.to === email)).toBe(true);
  return messages.find((m) => m.to === email)!;
};

describe('mails in the recipient language', () => {
  it('has the same mails in every language, each keeping its link and code', () => {
    for (const [code, words] of Object.entries(MAIL_TEXTS)) {
      expect(words.resetBody('https://x.test/r?token=T1'), code).toContain('https://x.test/r?token=T1');
      expect(words.signInBody('123456'), code).toContain('123456');
      expect(words.securityBody('654321'), code).toContain('654321');
      expect(words.surveyBody('Acme', 'https://x.test/s'), code).toContain('https://x.test/s');
      expect(words.accountBody('Ada', 'Acme', { kind: 'group_assignee', department: 'Sales' }, 'https://x.test/a'), code).toMatch(/Sales[^]*https:\/\/x\.test\/a/);
      expect(words.closing(7), code).toContain('7');
    }
  });

  it('picks the first language it writes in, by code or by its language, and English otherwise', () => {
    expect(mailTexts('fr')).toBe(MAIL_TEXTS.fr);
    expect(mailTexts(null, 'es-MX')).toBe(MAIL_TEXTS.es);
    expect(mailTexts('xx', 'AR')).toBe(MAIL_TEXTS.ar);
    expect(mailTexts('de', undefined, '')).toBe(MAIL_TEXTS.en);
    expect(mailTexts()).toBe(MAIL_TEXTS.en);
  });

  it('writes a French user reset mail in French, whatever language the request came in', async () => {
    const user = await userIn('fr');
    expect((await requestReset(user.email, { 'x-locale': 'es' })).statusCode).toBe(200);
    const mail = await resetMailTo(user.email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Diversity Atlas');
    expect(mail.text).toContain('Choisissez-le ici dans les 60 minutes');
    expect(mail.text).toContain(mail.link!);
  });

  it('writes the reset mail of a user without a setting in the request language, else in English', async () => {
    const spanish = await userIn(null);
    await requestReset(spanish.email, { 'x-locale': 'es' });
    expect((await resetMailTo(spanish.email)).subject).toBe(MAIL_TEXTS.es!.resetSubject);
    const english = await userIn(null);
    await requestReset(english.email, { 'x-locale': 'tlh' });
    expect((await resetMailTo(english.email)).subject).toBe('Reset your Diversity Atlas password');
  });

  it('sends the sign-in code of an Arabic user in Arabic, the code on its own line', async () => {
    const user = await userIn('ar');
    await database.db.updateTable('users').set({ two_factor: 'email' }).where('id', '=', user.id).execute();
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'Correct-Horse1' }, remoteAddress: freshAddress() });
    expect(response.statusCode, response.body).toBe(200);
    const mail = messages.find((m) => m.to === user.email)!;
    expect(mail.subject).toBe(MAIL_TEXTS.ar!.signInSubject);
    expect(mail.text).toMatch(/\n\d{6}\n/);
  });

  it('writes an invitation in the inviting administrator language', async () => {
    const admin = await userIn('fr');
    const token = await signIn(app, admin.email);
    const invitee = { email: uniqueEmail('invitee'), first_name: 'Noor', last_name: 'Haddad' };
    const response = await app.inject({ method: 'POST', url: '/api/invite-sub-admin', payload: invitee, headers: { authorization: `Bearer ${token}`, 'x-locale': 'zh' }, remoteAddress: freshAddress() });
    expect(response.statusCode, response.body).toBe(200);
    const mail = messages.find((m) => m.to === invitee.email)!;
    expect(mail.subject).toMatch(/^Vous êtes invité·e à rejoindre /);
    expect(mail.text).toMatch(/^Bonjour Noor,\n\nAda Lovelace \(.+\) vous invite à rejoindre .+ comme sous-administrateur·rice\./);
  });

  it('follows the request language for an invitation when the administrator has no setting', async () => {
    const admin = await userIn(null);
    const token = await signIn(app, admin.email);
    const invitee = { email: uniqueEmail('invitee'), first_name: 'Li', last_name: 'Wang' };
    const response = await app.inject({ method: 'POST', url: '/api/invite-sub-admin', payload: invitee, headers: { authorization: `Bearer ${token}`, 'x-locale': 'zh' }, remoteAddress: freshAddress() });
    expect(response.statusCode, response.body).toBe(200);
    const mail = messages.find((m) => m.to === invitee.email)!;
    expect(mail.subject).toBe(MAIL_TEXTS.zh!.accountSubject((await database.db.selectFrom('organizations').select('name').where('id', '=', admin.organizationId).executeTakeFirstOrThrow()).name));
    expect(mail.text.startsWith('Li，您好：')).toBe(true);
  });
});
