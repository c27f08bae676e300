import { createPublicKey, verify } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateMessages, parseCode } from '../../domain/contracts/certificates';
import type { OpenDatabase } from '../../server/db/connect';
import { createDemoOrganization, DEMO_PASSWORD, type DemoSignIn } from '../../server/demo/index';
import { bearer, insertUser, signIn } from './helpers/accounts';
import { flatten, fontNamesOf, structureOf } from './helpers/taggedPdf';
import { closeTestApp, openTestApp } from './helpers/testApp';
import { testConfig } from './helpers/testConfig';

const config = testConfig();
let database: OpenDatabase;
let app: FastifyInstance;
let demo: DemoSignIn;
let admin: string;
let otherAdmin: string;
let staff: string;

beforeAll(async () => {
  ({ database, app } = await openTestApp({ config, database: { lookups: true } }));
  demo = (await createDemoOrganization(database.db, { seed: 'certificates', responses: 120, organizationName: 'Certified Co.', argon2: config.argon2, singleTransaction: false, batchSize: 120 }))!;
  await database.db.updateTable('organizations').set({ seat_capacity: 200 }).where('id', '=', demo.organizationId).execute();
  admin = await signIn(app, demo.adminEmail, DEMO_PASSWORD);
  const other = await insertUser(database.db, { role: 'admin' });
  otherAdmin = await signIn(app, other.email);
  const member = await insertUser(database.db, { organizationId: demo.organizationId, role: 'staff' });
  staff = await signIn(app, member.email);
});

afterAll(() => closeTestApp({ app, database }));

const verifyCode = (code: string) => app.inject({ method: 'GET', url: `/api/certificate/verify?code=${encodeURIComponent(code)}` });
const issue = (token: string) => app.inject({ method: 'POST', url: '/api/certificate/issue', headers: bearer(token), payload: {} });
const revoke = (token: string, id: string) => app.inject({ method: 'POST', url: '/api/certificate/revoke', headers: bearer(token), payload: { id } });

describe('certificates', () => {
  let code: string;

  it('an administrator issues one with the released figures; anyone verifies it without signing in', async () => {
    const response = await issue(admin);
    expect(response.statusCode).toBe(200);
    const issued = response.json<{ data: { code: string; certificate: { respondents: number; organization: string; participation: number; seats: number } } }>().data;
    code = issued.code;
    const released = (await app.inject({ method: 'GET', url: '/api/home/total-registered', headers: bearer(admin) })).json<{ data: { count: number } }>().data.count;
    expect(issued.certificate).toMatchObject({ organization: 'Certified Co.', respondents: released, seats: 200 });
    expect(issued.certificate.participation).toBeCloseTo((released / 200) * 100, 1);

    const verified = await verifyCode(code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ status: 'valid', revokedAt: null, certificate: { organization: 'Certified Co.', respondents: released } });
  });

  it('an administrator downloads it as a one-page PDF naming the organisation; other organisations and bad ids are refused', async () => {
    const id = parseCode(code)!.payload.id;
    const response = await app.inject({ method: 'GET', url: `/api/certificate/pdf?id=${id}`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="certificate-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Certificate: Certified Co.');
    expect((await app.inject({ method: 'GET', url: `/api/certificate/pdf?id=${id}`, headers: bearer(otherAdmin) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/certificate/pdf?id=${id}`, headers: bearer(staff) })).statusCode).toBe(403);
    const missing = await app.inject({ method: 'GET', url: '/api/certificate/pdf', headers: bearer(admin) });
    expect(missing.statusCode).toBe(422);
  });

  it('can be checked offline with the public key at the well-known address', async () => {
    const response = await app.inject({ method: 'GET', url: '/.well-known/certificate-key.pem' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('BEGIN PUBLIC KEY');
    const key = createPublicKey(response.body);
    expect(key.asymmetricKeyType).toBe('ed25519');
    const [signed, signature] = code.split('.') as [string, string];
    expect(verify(null, Buffer.from(signed), key, Buffer.from(signature, 'base64url'))).toBe(true);
  });

  it('an altered, forged or malformed code is unknown and says nothing of what it claims', async () => {
    const parsed = parseCode(code)!;
    const inflated = Buffer.from(JSON.stringify({ ...parsed.payload, respondents: parsed.payload.respondents + 500 })).toString('base64url');
    const flipped = parsed.signature.startsWith('A') ? `B${parsed.signature.slice(1)}` : `A${parsed.signature.slice(1)}`;
    for (const bad of [`${inflated}.${parsed.signature}`, `${parsed.signed}.${flipped}`, 'nonsense', 'a.b', `${parsed.signed}.`, '%%%.%%%']) {
      const response = await verifyCode(bad);
      expect(response.statusCode, bad).toBe(200);
      expect(response.json().data, bad).toEqual({ status: 'unknown', certificate: null, revokedAt: null });
    }
    const missing = await app.inject({ method: 'GET', url: '/api/certificate/verify' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ code: [certificateMessages.codeRequired] });
  });

  it('revocation is for the organisation’s administrators only, audited, and shown by verification', async () => {
    const id = parseCode(code)!.payload.id;
    expect((await revoke(staff, id)).statusCode).toBe(403);
    expect((await revoke(otherAdmin, id)).statusCode).toBe(404);
    expect((await revoke(admin, 'not-a-uuid')).statusCode).toBe(404);
    const response = await revoke(admin, id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.revokedAt).toMatch(/^\d{4}-/);
    expect((await revoke(admin, id)).json()).toEqual({ status: 409, message: certificateMessages.alreadyRevoked });
    const verified = (await verifyCode(code)).json().data;
    expect(verified.status).toBe('revoked');
    expect(verified.revokedAt).toMatch(/^\d{4}-/);
    const audits = await database.db.selectFrom('audit_log').select(['action', 'actor']).where('organization_id', '=', demo.organizationId).where('action', 'like', 'certificate.%').orderBy('id').execute();
    expect(audits.map((row) => row.action)).toEqual(['certificate.issued', 'certificate.revoked']);
    const list = (await app.inject({ method: 'GET', url: '/api/certificate/list', headers: bearer(admin) })).json().data;
    expect(list).toHaveLength(1);
    expect(list[0].revokedAt).not.toBeNull();
  });

  it('is refused when the criteria do not hold, and to staff', async () => {
    await database.db.updateTable('organizations').set({ seat_capacity: 100_000 }).where('id', '=', demo.organizationId).execute();
    const refused = await issue(admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(certificateMessages.notEarned(20, 30));
    await database.db.updateTable('organizations').set({ seat_capacity: 200 }).where('id', '=', demo.organizationId).execute();
    expect((await issue(staff)).statusCode).toBe(403);
  });

  it('draws an organisation named in Arabic or Chinese as written, in the downloading administrator’s account language', async () => {
    const cases = [
      { name: 'مؤسسة التنوع الثقافي', locale: 'ar', lang: 'ar', heading: 'شهادة مشاركة', font: 'NotoSansArabic' },
      { name: '多元文化协会', locale: 'zh', lang: 'zh-Hans', heading: '参与证书', font: 'NotoSansSC' },
    ];
    try {
      for (const { name, locale, lang, heading, font } of cases) {
        await database.db.updateTable('organizations').set({ name }).where('id', '=', demo.organizationId).execute();
        await database.db.updateTable('users').set({ locale_id: locale }).where('email', '=', demo.adminEmail).execute();
        const issued = await issue(admin);
        expect(issued.statusCode).toBe(200);
        const id = parseCode(issued.json().data.code)!.payload.id;
        // Asked for from a French screen, it is still worded in the account's language.
        const response = await app.inject({ method: 'GET', url: `/api/certificate/pdf?id=${id}`, headers: { ...bearer(admin), 'x-locale': 'fr' } });
        expect(response.statusCode).toBe(200);
        const pdf = await PDFDocument.load(response.rawPayload);
        expect(pdf.getPageCount()).toBe(1);
        expect(pdf.getTitle()).toContain(name);
        expect(pdf.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe(lang);
        const elements = flatten(structureOf(pdf));
        expect(elements.find((element) => element.role === 'H1')?.text).toBe(heading);
        expect(elements.filter((element) => element.role === 'H2').map((element) => element.text)).toContain(name);
        const texts = elements.map((element) => element.text ?? '').join('\n');
        expect(texts).not.toContain('?');
        expect(texts).not.toMatch(/people answered|Issued on/);
        // The name is drawn with the script's own face, embedded as a subset (pdf-lib names it "NotoSansArabic-Bold-1234"), not a standard font that cannot encode it.
        expect(fontNamesOf(pdf, 0).some((face) => face.startsWith(`${font}-`))).toBe(true);
      }
    } finally {
      await database.db.updateTable('organizations').set({ name: 'Certified Co.' }).where('id', '=', demo.organizationId).execute();
      await database.db.updateTable('users').set({ locale_id: null }).where('email', '=', demo.adminEmail).execute();
    }
  });
});
