import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/contracts/auth';
import { Messages } from '../../domain/contracts/envelope';
import { ServerMessages } from '../../domain/contracts/errors';
import { DETAILS_MAX, GroupMessages, LOGO_MAX_BYTES, LogoMessages } from '../../domain/contracts/groups';
import { OrganizationMessages } from '../../domain/contracts/organization';
import type { OpenDatabase } from '../../server/db/connect';
import { bearer, expectNoSecrets, get, passwordHash, post, signedInOrganization } from './helpers/accounts';
import { closeTestApp, openTestApp } from './helpers/testApp';

let database: OpenDatabase;
let app: FastifyInstance;

// 1x1 images, each checked to decode in Chromium.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <a xlink:href="javascript:alert(3)"><rect width="10" height="10" fill="#8E26D9" onclick="alert(4)"/></a>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
  <text x="1" y="8">A &amp; B &lt; C</text>
</svg>`;

const ROLES: readonly Role[] = ['admin', 'second_admin', 'sub_admin', 'group_assignee', 'staff'];

const tenant = () => signedInOrganization(app, database.db, ROLES);

beforeAll(async () => {
  ({ database, app } = await openTestApp());
  await passwordHash();
});

afterAll(() => closeTestApp({ app, database }));

interface FilePart {
  readonly field?: string;
  readonly content: Buffer | string;
  readonly filename?: string;
  readonly type?: string;
}

/** The form exactly as a browser's FormData sends it (Node's fetch encoder). */
const form = async (fields: Record<string, string | readonly string[]>, files: readonly FilePart[] = []) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of typeof value === 'string' ? [value] : value) data.append(name, one);
  for (const file of files) {
    data.append(file.field ?? 'logo', new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)], { type: file.type ?? 'application/octet-stream' }), file.filename ?? 'logo.bin');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
};

const update = async (token: string, fields: Record<string, string | readonly string[]>, files: readonly FilePart[] = []): Promise<LightMyRequestResponse> => {
  const { payload, contentType } = await form(fields, files);
  const response = await app.inject({ method: 'POST', url: '/api/organization/update', payload, headers: { ...bearer(token), 'content-type': contentType } });
  expectNoSecrets(response);
  return response;
};

const fetchLogo = (token: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/organization/logo', headers: { ...bearer(token), ...headers } });

const organizationRow = (id: string) => database.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const storedLogo = (id: string) => database.db.selectFrom('organization_logos').selectAll().where('organization_id', '=', id).executeTakeFirst();

const expectLogoRefused = (response: LightMyRequestResponse, message: string): void => {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toEqual({ status: 422, message, errors: { logo: [message] } });
};

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

describe('POST /api/organization/update', () => {
  it('stores name, details and a PNG; the information and the logo route answer them; audited', async () => {
    const own = await tenant();
    const token = own.tokens.get('admin')!;
    const response = await update(token, { name: '  Analytical Engines ', details: ' We build engines. ' }, [{ content: PNG, filename: 'logo.png', type: 'image/png' }]);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ id: own.organizationId, name: 'Analytical Engines', details: 'We build engines.' });
    expect(data.logo_url).toMatch(/^\/api\/organization\/logo\?v=[0-9a-f]{16}$/);
    for (const role of ROLES) {
      const information = await get(app, '/api/organization/information', { token: own.tokens.get(role)! });
      expect(information.json().data, role).toEqual(data);
    }

    const logo = await fetchLogo(own.tokens.get('staff')!);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['content-security-policy']).toBe(SVG_CSP);
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    const etag = logo.headers.etag as string;
    expect((await fetchLogo(token, { 'if-none-match': etag })).statusCode).toBe(304);

    const audits = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('organization_id', '=', own.organizationId)
      .where('action', '=', 'organization.updated')
      .execute();
    expect(audits.map((row) => row.details)).toEqual([{ fields: ['name', 'details', 'logo'], logo: { type: 'image/png', bytes: PNG.length } }]);
    expect(audits[0]!.actor).toBe((await database.db.selectFrom('users').select('id').where('organization_id', '=', own.organizationId).where('role', '=', 'admin').executeTakeFirstOrThrow()).id);
  });

  it('tells JPEG and WebP by their content, not by the name or declared type', async () => {
    const own = await tenant();
    const token = own.tokens.get('second_admin')!;
    const urls = new Set<string>();
    for (const [content, type] of [
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      const response = await update(token, { name: 'Engines' }, [{ content, filename: 'notes.txt', type: 'text/plain' }]);
      expect(response.statusCode, response.body).toBe(200);
      urls.add(response.json().data.logo_url);
      const logo = await fetchLogo(token);
      expect(logo.headers['content-type']).toBe(type);
      expect(logo.rawPayload.equals(content)).toBe(true);
      expect((await storedLogo(own.organizationId))!.content_type).toBe(type);
    }
    // A new logo, a new address: no cache serves the old one.
    expect(urls.size).toBe(2);
  });

  it('sanitises an SVG: no script, handler, script URL or foreign object; still well-formed SVG', async () => {
    const own = await tenant();
    const token = own.tokens.get('admin')!;
    const response = await update(token, { name: 'Engines' }, [{ content: HOSTILE_SVG, filename: 'logo.svg', type: 'image/svg+xml' }]);
    expect(response.statusCode, response.body).toBe(200);
    const logo = await fetchLogo(token);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['content-security-policy']).toBe(SVG_CSP);
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    const svg = logo.body;
    for (const banned of ['<script', 'alert', 'onload', 'onclick', 'javascript:', 'foreignObject', '<!DOCTYPE']) expect(svg).not.toContain(banned);
    const { window } = new JSDOM('');
    const parsed = new window.DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(parsed.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(parsed.documentElement.localName).toBe('svg');
    expect(parsed.documentElement.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(parsed.documentElement.getAttribute('viewBox')).toBe('0 0 10 10');
    expect(parsed.getElementsByTagName('rect')[0]!.getAttribute('fill')).toBe('#8E26D9');
    expect(parsed.getElementsByTagName('text')[0]!.textContent).toBe('A & B < C');
  });

  it('refuses what is not PNG, JPEG, WebP or SVG, whatever its name says', async () => {
    const own = await tenant();
    const token = own.tokens.get('admin')!;
    const refused: FilePart[] = [
      { content: 'Just some text, not an image.', filename: 'logo.txt', type: 'text/plain' },
      { content: 'Just some text, not an image.', filename: 'logo.png', type: 'image/png' },
      { content: GIF, filename: 'logo.gif', type: 'image/gif' },
      { content: '<html><body><script>alert(1)</script></body></html>', filename: 'logo.svg', type: 'image/svg+xml' },
      { content: '<svg><rect/></svg>', filename: 'logo.svg', type: 'image/svg+xml' },
      { content: Buffer.from([0xff, 0xfe, 0x00, 0x3c, 0x80, 0x81]), filename: 'logo.svg', type: 'image/svg+xml' },
      { content: Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), filename: 'logo.pdf', type: 'application/pdf' },
    ];
    for (const file of refused) expectLogoRefused(await update(token, { name: 'Engines' }, [file]), LogoMessages.formatNotSupported);
    expectLogoRefused(await update(token, { name: 'Engines' }, [{ content: '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>' }]), LogoMessages.svgNotWellFormed);
    expectLogoRefused(await update(token, { name: 'Engines' }, [{ content: '' }]), LogoMessages.empty);
    expect(await storedLogo(own.organizationId)).toBeUndefined();
    expect((await organizationRow(own.organizationId)).name).toBe('Test organisation');
  });

  it('takes a logo of exactly 1 MB and refuses one byte more', async () => {
    const own = await tenant();
    const token = own.tokens.get('admin')!;
    const exact = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES - PNG.length)]);
    expect((await update(token, { name: 'Engines' }, [{ content: exact }])).statusCode).toBe(200);
    const hash = (await organizationRow(own.organizationId)).logo_hash;
    expectLogoRefused(await update(token, { name: 'Bigger' }, [{ content: Buffer.concat([exact, Buffer.from([0])]) }]), LogoMessages.tooLarge);
    // The refused update changed nothing.
    const row = await organizationRow(own.organizationId);
    expect([row.name, row.logo_hash]).toEqual(['Engines', hash]);
    expect((await storedLogo(own.organizationId))!.content.length).toBe(LOGO_MAX_BYTES);
  });

  it('does not expand nested entities of a document type', async () => {
    const own = await tenant();
    let entities = '<!ENTITY l0 "lollollollollollollollollollol">';
    for (let level = 1; level < 9; level += 1) entities += `<!ENTITY l${level} "${`&l${level - 1};`.repeat(10)}">`;
    const bomb = `<?xml version="1.0"?><!DOCTYPE svg [${entities}]><svg xmlns="http://www.w3.org/2000/svg"><text>&l8;</text></svg>`;
    const response = await update(own.tokens.get('admin')!, { name: 'Engines' }, [{ content: bomb }]);
    // The parser replaces one level only: the inner references stay as text.
    expect(response.statusCode, response.body).toBe(200);
    const stored = Buffer.from((await storedLogo(own.organizationId))!.content).toString('utf8');
    expect(stored.length).toBeLessThan(1_000);
    expect(stored).not.toContain('lollol');
    expect(stored).not.toContain('<!DOCTYPE');
  });

  it('refuses a form with too many fields', async () => {
    const own = await tenant();
    const fields = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`extra${index}`, 'x']));
    const response = await update(own.tokens.get('admin')!, { name: 'Engines', ...fields });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ status: 422, message: LogoMessages.tooManyFields });
    expect((await organizationRow(own.organizationId)).name).toBe('Test organisation');
  });

  it('takes one file, in the logo field', async () => {
    const own = await tenant();
    const token = own.tokens.get('admin')!;
    expectLogoRefused(await update(token, { name: 'Engines' }, [{ content: PNG }, { content: PNG }]), LogoMessages.oneFile);
    expectLogoRefused(await update(token, { name: 'Engines' }, [{ content: PNG, field: 'picture' }]), LogoMessages.oneFile);
    expect(await storedLogo(own.organizationId)).toBeUndefined();
  });

  it('checks name and details with the settings wording; nothing is written when refused', async () => {
    const own = await tenant();
    const token = own.tokens.get('admin')!;
    const errorsOf = async (fields: Record<string, string | readonly string[]>, files: readonly FilePart[] = []) => {
      const response = await update(token, fields, files);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe(Messages.invalidData);
      return response.json().errors;
    };
    expect(await errorsOf({})).toEqual({ name: [OrganizationMessages.organizationNameRequired] });
    expect(await errorsOf({ name: '   ' })).toEqual({ name: [OrganizationMessages.organizationNameRequired] });
    expect(await errorsOf({ name: 'x'.repeat(256) })).toEqual({ name: [OrganizationMessages.organizationNameTooLong] });
    expect(await errorsOf({ name: 'Engines', details: 'é'.repeat(DETAILS_MAX + 1) })).toEqual({ details: [GroupMessages.detailsTooLong] });
    // Far beyond the field size limit: still the same sentence.
    expect(await errorsOf({ name: 'Engines', details: 'x'.repeat(DETAILS_MAX * 10) })).toEqual({ details: [GroupMessages.detailsTooLong] });
    expect(await errorsOf({ name: '', details: 'x'.repeat(DETAILS_MAX + 1) }, [{ content: 'text' }])).toEqual({
      name: [OrganizationMessages.organizationNameRequired],
      details: [GroupMessages.detailsTooLong],
      logo: [LogoMessages.formatNotSupported],
    });
    expect(await errorsOf({ name: ['One', 'Two'] })).toEqual({ name: [ServerMessages.fieldInvalid('name')] });
    const row = await organizationRow(own.organizationId);
    expect([row.name, row.details, row.logo_hash]).toEqual(['Test organisation', null, null]);
    expect(await storedLogo(own.organizationId)).toBeUndefined();

    // 2000 characters (of two bytes each) are fine; absent details stay; empty details clear.
    const full = 'é'.repeat(DETAILS_MAX);
    expect((await update(token, { name: 'Engines', details: full })).json().data.details).toBe(full);
    expect((await update(token, { name: 'Engines 2' })).json().data.details).toBe(full);
    expect((await update(token, { name: 'Engines 3', details: '' })).json().data.details).toBeNull();
  });

  it('accepts the text fields as JSON too, keeping the logo', async () => {
    const own = await tenant();
    const token = own.tokens.get('admin')!;
    const withLogo = await update(token, { name: 'Engines' }, [{ content: PNG }]);
    const response = await post(app, '/api/organization/update', { name: 'Renamed', details: 'Plain JSON' }, { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Renamed', details: 'Plain JSON', logo_url: withLogo.json().data.logo_url });
  });

  it('refuses everyone but the administrator and the second administrator, before reading the upload', async () => {
    const own = await tenant();
    for (const role of ['sub_admin', 'group_assignee', 'staff'] as const) {
      for (const response of [
        await update(own.tokens.get(role)!, { name: 'Mine now' }, [{ content: PNG }]),
        await post(app, '/api/organization/update', { name: 'Mine now' }, { token: own.tokens.get(role)! }),
      ]) {
        expect(response.statusCode, role).toBe(403);
        expect(response.json()).toEqual({ status: 403, message: OrganizationMessages.onlyAdministrator });
      }
    }
    const { payload, contentType } = await form({ name: 'x' }, [{ content: PNG }]);
    const unauthenticated = await app.inject({ method: 'POST', url: '/api/organization/update', payload, headers: { 'content-type': contentType } });
    expect(unauthenticated.statusCode).toBe(401);
    expect((await organizationRow(own.organizationId)).name).toBe('Test organisation');
    expect(await storedLogo(own.organizationId)).toBeUndefined();
  });

  it('answers a broken form with 400, not 500', async () => {
    const own = await tenant();
    const headers = { ...bearer(own.tokens.get('admin')!), 'content-type': 'multipart/form-data; boundary=XYZ' };
    const cut = await app.inject({ method: 'POST', url: '/api/organization/update', headers, payload: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nEng' });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ status: 400, message: ServerMessages.badRequest });
    const noBoundary = await app.inject({ method: 'POST', url: '/api/organization/update', headers: { ...headers, 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect(noBoundary.statusCode).toBe(400);
  });

  it('takes multipart nowhere else', async () => {
    const own = await tenant();
    const { payload, contentType } = await form({ name: 'Engines' });
    const response = await app.inject({ method: 'PATCH', url: '/api/organization/setting/update', payload, headers: { ...bearer(own.tokens.get('admin')!), 'content-type': contentType } });
    expect(response.statusCode).toBe(415);
  });
});

describe('GET /api/organization/logo', () => {
  it('answers 404 without a logo, 401 without a session, and never another organisation’s logo', async () => {
    const a = await tenant();
    const b = await tenant();
    expect((await update(a.tokens.get('admin')!, { name: 'A' }, [{ content: PNG }])).statusCode).toBe(200);
    const none = await fetchLogo(b.tokens.get('admin')!);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ status: 404, message: LogoMessages.noLogo });
    expect((await get(app, '/api/organization/information', { token: b.tokens.get('admin')! })).json().data.logo_url).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/organization/logo' })).statusCode).toBe(401);

    expect((await update(b.tokens.get('admin')!, { name: 'B' }, [{ content: JPEG }])).statusCode).toBe(200);
    expect((await fetchLogo(a.tokens.get('staff')!)).rawPayload.equals(PNG)).toBe(true);
    expect((await fetchLogo(b.tokens.get('staff')!)).rawPayload.equals(JPEG)).toBe(true);
  });

  it('serves the logo to an <img> by the token cookie, and only the logo', async () => {
    const own = await tenant();
    const token = own.tokens.get('admin')!;
    expect((await update(token, { name: 'Cookie Org' }, [{ content: PNG }])).statusCode).toBe(200);
    const byCookie = await app.inject({ method: 'GET', url: '/api/organization/logo', cookies: { token } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.rawPayload.equals(PNG)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/organization/logo', cookies: { token: 'not-a-token' } })).statusCode).toBe(401);
    // Everything else still wants the bearer header.
    expect((await app.inject({ method: 'GET', url: '/api/organization/information', cookies: { token } })).statusCode).toBe(401);
  });
});
