import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { insertOrganization } from './helpers/accounts';
import { insertCampaign, type ReceivedMail, startTestSmtp, type TestSmtp } from './helpers/campaigns';
import { insertDepartment, insertLink } from './helpers/surveyResponses';
import { type ServerProcess, startServerProcess, stopServerProcess } from './helpers/serverProcess';
import { createTestDatabase, type TestDatabase } from './helpers/testDatabase';

/**
 * Campaign mail from several server processes over one PostgreSQL database (issue 29): each
 * mail goes exactly once whichever process claims it, and a process killed in the middle of a
 * batch loses nothing: once its leases run out another process sends the rest. Only meaningful
 * on a PostgreSQL server (PGlite is one process's folder), like twoProcesses.test.ts.
 */

/** Resolves once `done` holds, looking again whenever the SMTP server or the database may have moved on (no fixed wait decides). */
const until = async (done: () => Promise<boolean> | boolean, what: string, limitMs = 120_000): Promise<void> => {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.skipIf(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '')('campaign mail from several server processes over one PostgreSQL database', () => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let organizationId: string;
  let groupId: string;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // A little slow, so that a batch is still going when a process is killed.
    smtp = await startTestSmtp({ acceptDelayMs: 15 });
    organizationId = await insertOrganization(database.db, { packageExpiresAt: null });
    await database.db.updateTable('organizations').set({ seat_capacity: 100_000 }).where('id', '=', organizationId).execute();
    groupId = await insertDepartment(database.db, organizationId, 'Depot');
  });

  afterAll(async () => {
    await Promise.all(processes.map(stopServerProcess));
    await smtp?.close();
    await database?.close();
  });

  const start = async (): Promise<ServerProcess> => {
    const server = await startServerProcess({ DATABASE_URL: database.url!, SMTP_URL: smtp.url, MAIL_PER_MINUTE: '100000', APP_URL: 'https://riverbend.example.org' });
    processes.push(server);
    return server;
  };

  const campaignOf = async (prefix: string, count: number) => {
    const link = await insertLink(database.db, organizationId, { capacity: 100_000, expiresAt: new Date(Date.now() + 90 * 86_400_000) });
    const emails = Array.from({ length: count }, (_, i) => `${prefix}.${i}@staff.example.org`);
    const fixture = await insertCampaign(database.db, { organizationId, linkId: link.id, groupId, recipients: emails.map((email) => ({ email })), sendAt: new Date() });
    return { ...fixture, emails };
  };

  const mailsOf = (emails: readonly string[]): Map<string, ReceivedMail[]> => {
    const wanted = new Set(emails);
    const byRecipient = new Map<string, ReceivedMail[]>();
    for (const mail of smtp.received) if (wanted.has(mail.to)) byRecipient.set(mail.to, [...(byRecipient.get(mail.to) ?? []), mail]);
    return byRecipient;
  };

  const queuedOf = async (campaignId: string): Promise<number> =>
    Number(
      (
        await database.db
          .selectFrom('campaign_messages')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('campaign_id', '=', campaignId)
          .where('state', '=', 'queued')
          .executeTakeFirstOrThrow()
      ).n,
    );

  const sentOf = async (campaignId: string): Promise<number> =>
    Number(
      (
        await database.db
          .selectFrom('campaign_messages')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('campaign_id', '=', campaignId)
          .where('state', '=', 'sent')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('two processes send each of 300 invitations exactly once', async () => {
    const first = await start();
    const second = await start();
    const campaign = await campaignOf('both', 300);
    await until(async () => (await sentOf(campaign.campaignId)) === 300, 'every invitation sent');
    const received = mailsOf(campaign.emails);
    expect(received.size).toBe(300);
    for (const email of campaign.emails) expect(received.get(email), email).toHaveLength(1);
    expect(new Set([...received.values()].flat().map((mail) => mail.headers.get('message-id'))).size).toBe(300);
    // The step's job ran once: its recipients were queued once.
    const job = await database.db.selectFrom('jobs').select(['done_at', 'attempts']).where('key', '=', `campaign:${campaign.campaignId}:step:0`).executeTakeFirstOrThrow();
    expect(job.done_at).not.toBeNull();
    expect(job.attempts).toBe(0);
    await Promise.all([stopServerProcess(first), stopServerProcess(second)]);
  }, 240_000);

  it('a process killed in the middle of a batch: the other sends the rest, every recipient has one invitation by Message-ID', async () => {
    const doomed = await start();
    const campaign = await campaignOf('killed', 200);
    await until(() => (mailsOf(campaign.emails).size >= 40), 'the doomed process to be sending');
    doomed.child.kill('SIGKILL');
    await new Promise<void>((resolve) => (doomed.child.exitCode !== null || doomed.child.signalCode !== null ? resolve() : doomed.child.once('exit', () => resolve())));
    const sentBeforeKill = await sentOf(campaign.campaignId);
    expect(sentBeforeKill).toBeLessThan(200);

    // The dead process's leases run out (ten minutes; here at once).
    await sql`update campaign_messages set next_attempt_at = now(), locked_until = null where campaign_id = ${campaign.campaignId} and state = 'queued'`.execute(database.db);
    await start();
    await until(async () => (await queuedOf(campaign.campaignId)) === 0, 'the survivor to send the rest');

    expect(await sentOf(campaign.campaignId)).toBe(200);
    const received = mailsOf(campaign.emails);
    expect(received.size).toBe(200);
    let resent = 0;
    for (const email of campaign.emails) {
      const ids = new Set(received.get(email)!.map((mail) => mail.headers.get('message-id')));
      // A mail the SMTP server took just before the kill, not yet marked sent, goes again with the same Message-ID (sender.ts).
      expect(ids.size, email).toBe(1);
      resent += received.get(email)!.length - 1;
    }
    // At most the mails in flight in the dead process (its SMTP concurrency).
    expect(resent).toBeLessThanOrEqual(4);
  }, 240_000);
});
