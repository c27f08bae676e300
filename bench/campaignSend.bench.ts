import { performance } from 'node:perf_hooks';
import { createTransport } from 'nodemailer';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedReferenceData } from '../server/db/seeds/referenceData';
import { createWorker } from '../server/services/jobs/worker';
import { createMailer, deliverThrough } from '../server/services/mail';
import { insertOrganization } from '../tests/server/helpers/accounts';
import { insertCampaign, startTestSmtp } from '../tests/server/helpers/campaigns';
import { insertDepartment, insertLink } from '../tests/server/helpers/surveyResponses';
import { testConfig } from '../tests/server/helpers/testConfig';

const MAILS = Number(process.env.BENCH_CAMPAIGN_MAILS ?? 10_000);
// High enough that the throttle never waits: the bench measures the sender, not the limit.
const PER_MINUTE = 600_000;
const CONCURRENCY = 4;
const APP_URL = 'https://bench.example.org';

const perSecond = (count: number, ms: number) => (count / (ms / 1000)).toFixed(0);

/**
 * Campaign sending (issue 29): BENCH_CAMPAIGN_MAILS invitations (default 10,000) through a local
 * SMTP server, from the queued step to every row marked sent (the step's expansion, a personal
 * invitation and an unsubscribe token per mail, the outbox, the throttle's claims), against its
 * baseline in the same run: the same number of bare nodemailer sends of a message of the same
 * size over as many pooled SMTP connections as the mailer keeps (4). Prints mails per second of both, the
 * ratio, and the rate against MAIL_PER_MINUTE.
 */
export const runCampaignSendBench = async (): Promise<void> => {
  console.log(`\nCampaign sending (${MAILS.toLocaleString('en-AU')} invitations, PGlite in memory, local SMTP server)`);
  const smtp = await startTestSmtp();
  const database = await openDatabase({ memory: true });
  try {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    const organizationId = await insertOrganization(database.db, { packageExpiresAt: null });
    await database.db.updateTable('organizations').set({ seat_capacity: MAILS * 2 }).where('id', '=', organizationId).execute();
    const groupId = await insertDepartment(database.db, organizationId, 'Everyone');
    const link = await insertLink(database.db, organizationId, { capacity: MAILS * 2, expiresAt: new Date(Date.now() + 90 * 86_400_000) });
    const emails = Array.from({ length: MAILS }, (_, i) => `person${i}@staff.example.org`);
    await insertCampaign(database.db, { organizationId, linkId: link.id, groupId, recipients: emails.map((email) => ({ email, firstName: `First${i(email)}` })), sendAt: new Date() });

    // Baseline: bare sends, CONCURRENCY at a time, of a text as long as an invitation's.
    const transport = createTransport({ url: smtp.url, pool: true, maxConnections: CONCURRENCY });
    const text = `Hello First1,\n\n${'x'.repeat(600)}\n`;
    let next = 0;
    const baselineStart = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < MAILS) {
          const index = next++;
          await transport.sendMail({ from: 'bench@example.org', to: `baseline${index}@staff.example.org`, subject: 'Baseline', text });
        }
      }),
    );
    const baselineMs = performance.now() - baselineStart;
    transport.close();

    const config = testConfig({ appUrl: APP_URL, smtpUrl: smtp.url, mailPerMinute: PER_MINUTE });
    const mailer = createMailer(config, database.db);
    const worker = createWorker({
      db: database.db,
      deliver: deliverThrough(mailer),
      appUrl: APP_URL,
      mailPerMinute: PER_MINUTE,
      mailBatchSize: 200,
      mailConcurrency: CONCURRENCY,
    });
    const start = performance.now();
    let sent = 0;
    for (;;) {
      const round = await worker.runOnce();
      sent += round.mails.sent;
      if (round.jobs === 0 && round.mails.claimed === 0) break;
    }
    const campaignMs = performance.now() - start;
    mailer.close?.();
    const received = smtp.received.filter((mail) => mail.to.startsWith('person')).length;
    if (sent !== MAILS || received !== MAILS) throw new Error(`sent ${sent}, received ${received}, expected ${MAILS}`);

    console.log(`  baseline (bare nodemailer sends over ${CONCURRENCY} pooled connections): ${baselineMs.toFixed(0)} ms, ${perSecond(MAILS, baselineMs)} mails/s`);
    console.log(
      `  campaign (step queued, invitations made, sent, recorded): ${campaignMs.toFixed(0)} ms, ${perSecond(MAILS, campaignMs)} mails/s, ` +
        `ratio ${(campaignMs / baselineMs).toFixed(2)} to the baseline; ${((MAILS / (campaignMs / 60_000)) | 0).toLocaleString('en-AU')} mails a minute ` +
        `against MAIL_PER_MINUTE ${PER_MINUTE.toLocaleString('en-AU')} (the default ${(120).toLocaleString('en-AU')} would take ${(MAILS / 120).toFixed(0)} minutes)`,
    );
  } finally {
    await database.close();
    await smtp.close();
  }
};

/** The number in an address, for a first name that differs per person. */
const i = (email: string): string => /\d+/.exec(email)?.[0] ?? '';

if (import.meta.url === `file://${process.argv[1]}`) await runCampaignSendBench();
