import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_TEXTS, mailTexts } from '../../domain/i18n/mails';
import { buildApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/connect';
import { createCapturingMailer, type MailMessage } from '../../server/services/mail';
import { sendPackageReminders } from '../../server/services/packages';
import { freshAddress, insertOrganization, insertUser, passwordHash, signIn, uniqueEmail } from './helpers/accounts';
import { type IdOf, insertDepartment, insertLink, insertSurveyInvitation, lookupIds, submit, surveyBody, validQuestions } from './helpers/surveyResponses';
import ExcelJS from 'exceljs';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { encodePayload } from '../../domain/contracts/certificates';
import { signText, signingKeys } from '../../server/services/certificates/keys';
import { translator } from '../../server/services/exports/words';
import { bearer } from './helpers/accounts';
import { flatten, structureOf } from './helpers/taggedPdf';
import { closeTestApp, openTestApp } from './helpers/testApp';
import { testConfig } from './helpers/testConfig';

let database: OpenDatabase;
let app: FastifyInstance;
let messages: MailMessage[];
let idOf: IdOf;

beforeAll(async () => {
  // The lookup lists: a participant's answers are checked against them.
  ({ database, app, mail: messages } = await openTestApp({ database: { lookups: true } }));
  idOf = lookupIds(database.db);
  await passwordHash();
});

afterAll(() => closeTestApp({ app, database }));

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
      expect(words.welcomeBody('Acme', 'https://x.test/login'), code).toMatch(/Acme[^]*https:\/\/x\.test\/login/);
      expect(words.linkSubject('Acme', 'Survey S'), code).toMatch(/Acme[^]*Survey S|Survey S[^]*Acme/);
      expect(words.linkOpen('https://x.test/?token=L'), code).toContain('https://x.test/?token=L');
      expect(words.linkUntil('2031-01-02 03:04:05 UTC'), code).toContain('2031-01-02 03:04:05 UTC');
      expect(words.linkBody('Acme', 'S', true), code).not.toBe(words.linkBody('Acme', 'S', false));
      expect(words.answersSubject('Acme', true), code).not.toBe(words.answersSubject('Acme', false));
      expect(words.answersLinks('https://x.test/e', 'https://x.test/d', 7), code).toMatch(/https:\/\/x\.test\/e[^]*https:\/\/x\.test\/d[^]*7/);
      for (const days of [1, 2, 7, 30]) expect(words.reminderSubject(days), code).toContain(String(days === 1 || days === 2 ? '' : days));
      expect(words.reminderBody('Acme', words.day(new Date(Date.UTC(2031, 2, 15)))), code).toMatch(/Acme[^]*2031/);
      const request = words.requestBody({ from: 'Ada <ada@x.test>', organization: 'Acme', organizationId: 'ORG-1', seats: 500, months: null, note: '', promised: 10, capacity: 20, answers: 3, status: 'active', endsAt: null });
      expect(request, code).toMatch(/ada@x\.test[^]*500[^]*npm run org -- extend ORG-1/);
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
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Commonweave');
    expect(mail.text).toContain('Choisissez-le ici dans les 60 minutes');
    expect(mail.text).toContain(mail.link!);
  });

  it('writes the reset mail of a user without a setting in the request language, else in English', async () => {
    const spanish = await userIn(null);
    await requestReset(spanish.email, { 'x-locale': 'es' });
    expect((await resetMailTo(spanish.email)).subject).toBe(MAIL_TEXTS.es!.resetSubject);
    const english = await userIn(null);
    await requestReset(english.email, { 'x-locale': 'tlh' });
    expect((await resetMailTo(english.email)).subject).toBe('Reset your Commonweave password');
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

describe('the remaining mails in the recipient language', () => {
  const organizationName = async (organizationId: string) =>
    (await database.db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow()).name;

  it('welcomes a new administrator in the language they registered in', async () => {
    const email = uniqueEmail('head');
    const body = { organization_name: 'Acme Pty Ltd', country: 'AU', industry: null, first_name: 'Chloé', last_name: 'Martin', email, password: 'Correct-Horse1', password_confirmation: 'Correct-Horse1', agree: true };
    const response = await app.inject({ method: 'POST', url: '/api/head-register', payload: body, headers: { 'x-locale': 'fr' }, remoteAddress: freshAddress() });
    expect(response.statusCode, response.body).toBe(200);
    const mail = messages.find((m) => m.to === email)!;
    expect(mail.subject).toBe('Bienvenue sur Commonweave');
    expect(mail.text).toBe(`Bonjour Chloé,\n\nAcme Pty Ltd est inscrite sur Commonweave et vous en êtes l'administrateur·rice.\nConnectez-vous sur ${mail.link} avec cette adresse e-mail.\n`);
  });

  it('emails a survey link in the sender language, else in the request language', async () => {
    const admin = await userIn('es');
    const link = await insertLink(database.db, admin.organizationId, { anonymity: 1 });
    const token = await signIn(app, admin.email);
    const send = (to: string, headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/survey/manipulation-email', payload: { token_id: link.id, emails: [to], message: 'Por favor.' }, headers: { authorization: `Bearer ${token}`, ...headers } });
    const first = uniqueEmail('link');
    expect((await send(first, { 'x-locale': 'zh' })).statusCode).toBe(200);
    await expect.poll(() => messages.some((m) => m.to === first)).toBe(true);
    const spanish = messages.find((m) => m.to === first)!;
    expect(spanish.subject).toMatch(new RegExp(`^${await organizationName(admin.organizationId)} le invita a responder la encuesta «.+»$`));
    expect(spanish.text).toMatch(/^Hola:\n\n.+ Lleva de 3 a 5 minutos\. Sus respuestas son anónimas: la encuesta no pide su nombre\.\n\nUn mensaje de Ada Lovelace:\n\nPor favor\.\n\nAbra la encuesta: \S+\nEl enlace funciona hasta el \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\.\n$/);

    await database.db.updateTable('users').set({ locale_id: null }).where('id', '=', admin.id).execute();
    const second = uniqueEmail('link');
    expect((await send(second, { 'x-locale': 'ar' })).statusCode).toBe(200);
    await expect.poll(() => messages.some((m) => m.to === second)).toBe(true);
    const arabic = messages.find((m) => m.to === second)!;
    expect(arabic.text).toContain(`افتح الاستبيان من هنا:\n${arabic.link}\n`);
  });

  it('sends a participant the edit links in the language they answered in', async () => {
    const organizationId = await insertOrganization(database.db);
    const group = await insertDepartment(database.db, organizationId, 'Research', { capacity: 5 });
    const link = await insertLink(database.db, organizationId, { anonymity: 0 });
    const email = uniqueEmail('participant');
    const invitation = await insertSurveyInvitation(database.db, link, email);
    const questions = { ...(await validQuestions(idOf)), '3': group };
    const body = surveyBody(link.token, questions, { 'first-name': 'Li', 'last-name': 'Wang', 'stay-anonymous': 0, invitation });
    const response = await app.inject({ method: 'POST', url: '/api/diversity-survey', payload: body, headers: { 'x-locale': 'zh' } });
    expect(response.statusCode, response.body).toBe(200);
    await expect.poll(() => messages.some((m) => m.to === email)).toBe(true);
    const mail = messages.find((m) => m.to === email)!;
    expect(mail.subject).toBe(`您对${await organizationName(organizationId)}文化多样性调查的回答`);
    expect(mail.text.startsWith('Li，您好：\n\n感谢您回答')).toBe(true);
    expect(mail.text).toContain(`如需修改回答，请打开：${mail.link}\n`);
    expect(mail.text).toContain('有效期 7 天');
    // Without a language the participant reads English, as before.
    const english = uniqueEmail('participant');
    const another = await insertSurveyInvitation(database.db, link, english);
    expect((await submit(app, surveyBody(link.token, questions, { 'first-name': 'Grace', 'last-name': 'Hopper', 'stay-anonymous': 0, invitation: another }))).statusCode).toBe(200);
    await expect.poll(() => messages.some((m) => m.to === english)).toBe(true);
    expect(messages.find((m) => m.to === english)!.text.startsWith('Hello Grace,\n\nThank you for answering the cultural diversity survey of ')).toBe(true);
  });

  it('reminds each administrator of the package end in their own language', async () => {
    const end = new Date(Date.UTC(2033, 6, 20, 12));
    const organizationId = await insertOrganization(database.db, { packageExpiresAt: end });
    const french = await insertUser(database.db, { organizationId, email: uniqueEmail('fr-admin') });
    const arabic = await insertUser(database.db, { organizationId, role: 'second_admin', email: uniqueEmail('ar-admin') });
    await database.db.updateTable('users').set({ locale_id: 'fr' }).where('id', '=', french.id).execute();
    await database.db.updateTable('users').set({ locale_id: 'ar' }).where('id', '=', arabic.id).execute();
    const capture = createCapturingMailer();
    await sendPackageReminders(database.db, capture.mailer, 'https://riverbend.example.org', new Date(end.getTime() - 7 * 86_400_000));
    const mine = capture.messages.filter((m) => m.organizationId === organizationId);
    const toFrench = mine.find((m) => m.to === french.email)!;
    expect(toFrench.subject).toBe('Votre forfait Commonweave se termine dans 7 jours');
    expect(toFrench.text).toContain('se termine le 20 juillet 2033 (UTC)');
    const toArabic = mine.find((m) => m.to === arabic.email)!;
    expect(toArabic.subject).toBe('تنتهي باقة Commonweave الخاصة بك خلال 7 أيام');
    expect(toArabic.text).toContain(MAIL_TEXTS.ar!.day(end));
  });

  it('writes an administrator request to the operator in OPERATOR_LOCALE', async () => {
    const capture = createCapturingMailer();
    const spanishOperator = await buildApp(testConfig({ operatorEmail: 'operador@riverbend.example.org', operatorLocale: 'es' }), { db: database.db, dbKind: database.kind, mailer: capture.mailer });
    try {
      const admin = await userIn('fr');
      const token = await signIn(spanishOperator, admin.email);
      const response = await spanishOperator.inject({ method: 'POST', url: '/api/organization/package/request', payload: { seats: 500, months: null, message: 'Crecemos.' }, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode, response.body).toBe(200);
      const mail = capture.messages.find((m) => m.to === 'operador@riverbend.example.org')!;
      expect(mail.subject).toBe(`Solicitud de paquete de ${await organizationName(admin.organizationId)}`);
      expect(mail.text).toContain('Plazas deseadas en total: 500.');
      expect(mail.text).toContain('Meses más: sin cambios.');
      expect(mail.text).toContain(`npm run org -- extend ${admin.organizationId}`);
    } finally {
      await spanishOperator.close();
    }
  });
});

/**
 * Issue 27: after the header switch (Arabic, then French) a person whose account is English got
 * a French invitation and certificate. The screen's language (X-Locale) is not the account's:
 * what leaves the server follows the account (docs/languages.md, "Whose language").
 */
describe('the account language over the screen language', () => {
  const invite = async (token: string, screen: string) => {
    const invitee = { email: uniqueEmail('invitee'), first_name: 'Noor', last_name: 'Haddad' };
    const response = await app.inject({ method: 'POST', url: '/api/invite-sub-admin', payload: invitee, headers: { ...bearer(token), 'x-locale': screen }, remoteAddress: freshAddress() });
    expect(response.statusCode, response.body).toBe(200);
    await expect.poll(() => messages.some((m) => m.to === invitee.email)).toBe(true);
    return messages.find((m) => m.to === invitee.email)!;
  };

  it('writes the invitation of an English account in English, whatever the screen shows', async () => {
    const admin = await userIn('au');
    const token = await signIn(app, admin.email);
    for (const screen of ['fr', 'ar']) {
      const mail = await invite(token, screen);
      expect(mail.subject).toBe(MAIL_TEXTS.en!.accountSubject((await database.db.selectFrom('organizations').select('name').where('id', '=', admin.organizationId).executeTakeFirstOrThrow()).name));
      expect(mail.text.startsWith('Hello Noor,')).toBe(true);
    }
  });

  it('writes the reset mail of an English account in English when asked from a French page', async () => {
    const user = await userIn('au');
    await requestReset(user.email, { 'x-locale': 'fr' });
    expect((await resetMailTo(user.email)).subject).toBe('Reset your Commonweave password');
  });

  /** A certificate of the admin's organisation, stored as issuing stores it (issuing needs released figures). */
  const storedCertificate = async (organizationId: string, issuedBy: string): Promise<string> => {
    const id = crypto.randomUUID();
    const payload = encodePayload({ v: 1, id, organization: 'Acme', respondents: 40, seats: 80, participation: 50, issuedAt: '2031-05-06T07:08:09.000Z' });
    const signature = signText(await signingKeys(database.db, testConfig().certificateSigningKey), payload);
    await database.db.insertInto('certificates').values({ id, organization_id: organizationId, payload, signature, issued_by: issuedBy, issued_at: new Date() }).execute();
    return id;
  };

  const certificateOf = async (token: string, id: string, screen: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/certificate/pdf?id=${id}`, headers: { ...bearer(token), 'x-locale': screen } });
    expect(response.statusCode, response.body).toBe(200);
    const pdf = await PDFDocument.load(response.rawPayload);
    return {
      lang: pdf.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText(),
      heading: flatten(structureOf(pdf)).find((element) => element.role === 'H1')?.text,
    };
  };

  it('words a certificate PDF in the account language of the administrator who downloads it', async () => {
    const english = await userIn('au');
    const arabic = await userIn('ar', { organizationId: english.organizationId, role: 'second_admin' });
    const unset = await userIn(null, { organizationId: english.organizationId, role: 'second_admin' });
    // Issued by the Arabic administrator: the English one still reads English.
    const id = await storedCertificate(english.organizationId, arabic.id);
    expect(await certificateOf(await signIn(app, english.email), id, 'fr')).toEqual({ lang: 'en-AU', heading: translator('en')('certificate_pdf_heading') });
    expect(await certificateOf(await signIn(app, arabic.email), id, 'fr')).toEqual({ lang: 'ar', heading: translator('ar')('certificate_pdf_heading') });
    // Without an account language, the page's.
    expect(await certificateOf(await signIn(app, unset.email), id, 'es')).toEqual({ lang: 'es', heading: translator('es')('certificate_pdf_heading') });
  });

  const coverSheetName = async (token: string, screen: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/general/export-excel', headers: { ...bearer(token), 'x-locale': screen }, payload: { page: 'worldviews' } });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return workbook.worksheets[0]!.name;
  };

  const reportLanguage = async (token: string, screen: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/general/export-report', headers: { ...bearer(token), 'x-locale': screen }, payload: { title: 'x', pages: [{ page: 'home', cards: [] }] } });
    expect(response.statusCode, response.body).toBe(200);
    return (await PDFDocument.load(response.rawPayload)).catalog.lookup(PDFName.of('Lang'), PDFString).decodeText();
  };

  it('exports a spreadsheet and a PDF report in the account language, else the screen language', async () => {
    const french = await userIn('fr');
    const frenchToken = await signIn(app, french.email);
    expect(await coverSheetName(frenchToken, 'ar')).toBe(translator('fr')('export_cover_page'));
    expect(await reportLanguage(frenchToken, 'ar')).toBe('fr');

    const english = await userIn('en');
    const englishToken = await signIn(app, english.email);
    expect(await coverSheetName(englishToken, 'fr')).toBe(translator('en')('export_cover_page'));
    expect(await reportLanguage(englishToken, 'fr')).toBe('en');

    const unset = await userIn(null);
    const unsetToken = await signIn(app, unset.email);
    expect(await coverSheetName(unsetToken, 'zh')).toBe(translator('zh')('export_cover_page'));
    expect(await reportLanguage(unsetToken, 'zh')).toBe('zh-Hans');
    expect(translator('zh')('export_cover_page')).not.toBe(translator('en')('export_cover_page'));
  });
});
