import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenDatabase } from '../../server/db/connect';
import { createCapturingMailer, createMailer } from '../../server/services/mail';
import { createTestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

interface Received {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
}

let database: OpenDatabase;
let smtp: SMTPServer;
let smtpPort: number;
const received: Received[] = [];

const listenSmtp = (server: SMTPServer): Promise<number> =>
  new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });

/** A port nothing listens on: bound, read, released. */
const closedPort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  smtpPort = await listenSmtp(smtp);
});

afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await database?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Enough quoted-printable decoding to read an ASCII body. */
const quotedPrintable = (raw: string): string =>
  raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const outboxRow = (to: string) =>
  database.db.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('mailer with SMTP', () => {
  it('delivers the message to the SMTP server and marks the outbox row sent', async () => {
    const config = testConfig({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailFrom: 'Riverbend <no-reply@riverbend.test>' });
    const mailer = createMailer(config, database.db);
    await mailer.send({
      organizationId: null,
      to: 'ada@example.test',
      subject: 'Reset your password',
      text: 'Open this link to choose a new password: http://localhost/password/reset?token=abc',
      link: 'http://localhost/password/reset?token=abc',
    });

    const message = received.find((entry) => entry.to.includes('ada@example.test'));
    expect(message).toBeDefined();
    expect(message!.from).toBe('no-reply@riverbend.test');
    expect(message!.raw).toMatch(/^Subject: Reset your password\r$/m);
    expect(message!.raw).toMatch(/^To: ada@example\.test\r$/m);
    expect(message!.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(quotedPrintable(message!.raw)).toContain('Open this link to choose a new password: http://localhost/password/reset?token=abc');

    const row = await outboxRow('ada@example.test');
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeNull();
    expect(row.subject).toBe('Reset your password');
    expect(row.link).toBe('http://localhost/password/reset?token=abc');
  });

  it('keeps a line break in the subject from starting another header', async () => {
    const mailer = createMailer(testConfig({ smtpUrl: `smtp://127.0.0.1:${smtpPort}` }), database.db);
    await mailer.send({ organizationId: null, to: 'eve@example.test', subject: 'Hello\r\nBcc: victim@example.test', text: 'x' });
    const message = received.find((entry) => entry.to.includes('eve@example.test'));
    expect(message!.to).toEqual(['eve@example.test']);
    expect(message!.raw).not.toMatch(/^Bcc:/m);
    expect((await outboxRow('eve@example.test')).subject).toBe('Hello Bcc: victim@example.test');
  });

  it('records the failure and does not throw when the SMTP server is down', async () => {
    const port = await closedPort();
    const mailer = createMailer(testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` }), database.db);
    await expect(
      mailer.send({ organizationId: null, to: 'bob@example.test', subject: 'Your code', text: 'Code: 123456' }),
    ).resolves.toBeUndefined();

    const row = await outboxRow('bob@example.test');
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(received.some((entry) => entry.to.includes('bob@example.test'))).toBe(false);
  });
});

describe('mailer without SMTP', () => {
  it('keeps the message unsent in the outbox, quietly under NODE_ENV=test', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const mailer = createMailer(testConfig({ smtpUrl: undefined }), database.db);
    const organizationId = '6f1c1f7e-2a53-4c8e-9d1e-3b0f6f6a1e11';
    await mailer.send({ organizationId, to: 'cy@example.test', subject: 'Activate', text: 'Welcome', link: 'http://localhost/a?t=1' });

    const row = await outboxRow('cy@example.test');
    expect(row).toMatchObject({ organization_id: organizationId, subject: 'Activate', text_body: 'Welcome', link: 'http://localhost/a?t=1' });
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(0);
    expect(row.last_error).toBeNull();
    expect(row.created_at).toBeInstanceOf(Date);
    expect(log).not.toHaveBeenCalled();
  });

  it('prints one line with the subject and link outside tests', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.stubEnv('NODE_ENV', 'development');
    try {
      const mailer = createMailer(testConfig({ smtpUrl: undefined }), database.db);
      await mailer.send({ organizationId: null, to: 'dee@example.test', subject: 'Reset', text: 'body', link: 'http://localhost/r?t=2' });
      await mailer.send({ organizationId: null, to: 'dee@example.test', subject: 'No link', text: 'body' });
    } finally {
      vi.unstubAllEnvs();
    }
    expect(log.mock.calls).toEqual([['[mail] to dee@example.test: Reset http://localhost/r?t=2'], ['[mail] to dee@example.test: No link']]);
  });
});

describe('capturing mailer', () => {
  it('keeps messages in memory', async () => {
    const { mailer, messages } = createCapturingMailer();
    await mailer.send({ organizationId: null, to: 'x@example.test', subject: 'S', text: 'T', link: 'http://l' });
    expect(messages).toEqual([{ organizationId: null, to: 'x@example.test', subject: 'S', text: 'T', link: 'http://l' }]);
  });
});
