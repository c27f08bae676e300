import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CampaignMessages } from '../../domain/contracts/campaigns';
import type { AnswerValue } from '../../domain/contracts/survey';
import { DateTime } from 'luxon';
import { buildApp } from '../../server/app';
import { dayIn, zoneOf } from '../../server/services/calendar/catalogue';
import { MAX_MAIL_ATTEMPTS } from '../../server/services/campaigns/sending/sender';
import { claimDueJobs, completeJob, failJob, retryDelayMs } from '../../server/services/jobs/queue';
import { createWorker, type Worker } from '../../server/services/jobs/worker';
import { deliverThrough } from '../../server/services/mail';
import { insertOrganization } from './helpers/accounts';
import { type CampaignFixture, insertCampaign, linkTokensOf, type ReceivedMail, scheduleCampaignJob, startTestSmtp, type TestSmtp, unsubscribeTokenOf } from './helpers/campaigns';
import { insertDepartment, insertLink, lookupIds, submit, surveyBody, validQuestions } from './helpers/surveyResponses';
import { createTestDatabase, type TestDatabase } from './helpers/testDatabase';
import { testConfig } from './helpers/testConfig';

/**
 * The campaign sender (issue 29) on one server: steps become queued mails, mails go through a
 * real SMTP server at most MAIL_PER_MINUTE a minute, temporary refusals are tried again, a
 * permanent one marks the address, reminders go only to those who have not answered, and one
 * click unsubscribes. The worker runs round by round on a clock the test moves.
 */

const APP_URL = 'https://riverbend.example.org';
const PER_MINUTE = 30;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let database: TestDatabase;
let smtp: TestSmtp;
let app: FastifyInstance;
let worker: Worker;
let organizationId: string;
let groupId: string;
let questions: Record<string, AnswerValue>;
/** The worker's clock: only moves forward, an hour at the start of each test so that the throttle's minute starts empty. */
let clock = Date.now();
let addressCounter = 0;
/** Temporary refusals still to give, by address. */
const temporaryRefusals = new Map<string, number>();

const address = (prefix: string) => `${prefix}.${(addressCounter += 1)}@staff.example.org`;

beforeAll(async () => {
  database = await createTestDatabase({ lookups: true });
  smtp = await startTestSmtp({
    refuse: (to) => {
      if (to.startsWith('refused.')) return 550;
      const left = temporaryRefusals.get(to) ?? 0;
      if (left > 0) {
        temporaryRefusals.set(to, left - 1);
        return 451;
      }
      return undefined;
    },
  });
  app = await buildApp(testConfig({ appUrl: APP_URL, smtpUrl: smtp.url, mailPerMinute: PER_MINUTE }), { db: database.db, dbKind: database.kind });
  worker = createWorker({ db: database.db, deliver: deliverThrough(app.mailer), appUrl: APP_URL, mailPerMinute: PER_MINUTE, mailBatchSize: 100, now: () => new Date(clock) });
  organizationId = await insertOrganization(database.db, { packageExpiresAt: null });
  await database.db.updateTable('organizations').set({ seat_capacity: 100_000, name: 'Riverbend Council' }).where('id', '=', organizationId).execute();
  groupId = await insertDepartment(database.db, organizationId, 'Parks');
  questions = { ...(await validQuestions(lookupIds(database.db))), '3': groupId };
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

beforeEach(() => {
  clock += HOUR;
});

const newCampaign = async (recipients: Parameters<typeof insertCampaign>[1]['recipients'], reminderDays: number[] = []): Promise<CampaignFixture & { linkToken: string }> => {
  const link = await insertLink(database.db, organizationId, { capacity: 10_000, expiresAt: new Date(clock + 90 * 24 * HOUR) });
  const fixture = await insertCampaign(database.db, { organizationId, linkId: link.id, groupId, recipients, sendAt: new Date(clock), reminderDays });
  return { ...fixture, linkToken: link.token };
};

const mailsTo = (email: string): ReceivedMail[] => smtp.received.filter((mail) => mail.to === email);

const messageStates = async (campaignId: string) =>
  database.db.selectFrom('campaign_messages').select(['person_id', 'step', 'state', 'attempts']).where('campaign_id', '=', campaignId).orderBy('id').execute();

/** Runs rounds at the current clock until one does nothing (the throttle or an empty queue). */
const drain = async () => {
  for (;;) {
    const round = await worker.runOnce();
    if (round.jobs === 0 && round.mails.claimed === 0) return;
  }
};

describe('throttling', () => {
  it(`sends at most MAIL_PER_MINUTE (${PER_MINUTE}) mails in any minute, the rest in the next`, async () => {
    const emails = Array.from({ length: 50 }, () => address('throttle'));
    const campaign = await newCampaign(emails.map((email) => ({ email })));
    const before = smtp.received.length;

    const first = await worker.runOnce();
    expect(first.jobs).toBeGreaterThanOrEqual(1);
    expect(first.mails.sent).toBe(PER_MINUTE);
    await drain();
    expect(smtp.received.length - before).toBe(PER_MINUTE);

    clock += 30_000;
    await drain();
    expect(smtp.received.length - before).toBe(PER_MINUTE);

    clock += 31_000;
    await drain();
    expect(smtp.received.length - before).toBe(50);
    expect((await messageStates(campaign.campaignId)).every((row) => row.state === 'sent')).toBe(true);
    for (const email of emails) expect(mailsTo(email)).toHaveLength(1);
  });

  it('writes each mail with List-Unsubscribe, one-click, and a Message-ID of its campaign, person and step', async () => {
    const email = address('headers');
    const campaign = await newCampaign([{ email, firstName: 'Noor' }]);
    await drain();
    const [mail] = mailsTo(email);
    expect(mail).toBeDefined();
    expect(mail!.headers.get('list-unsubscribe')).toMatch(new RegExp(`^<${APP_URL}/api/unsubscribe\\?token=[A-Za-z0-9_-]+>$`));
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers.get('message-id')).toBe(`<campaign.${campaign.campaignId}.${campaign.personIds[0]}.0@riverbend.example.org>`);
    expect(mail!.headers.get('subject')).toMatch(/^Riverbend Council invites you to take the /);
    expect(mail!.text).toContain('Hello Noor,');
    expect(mail!.text).toContain(`${APP_URL}/?token=${encodeURIComponent(campaign.linkToken)}&invitation=`);
    expect(mail!.text).toContain(`${APP_URL}/api/unsubscribe?token=`);
  });

  it('writes in the recipient language', async () => {
    const email = address('french');
    await newCampaign([{ email, language: 'fr', firstName: 'Chloé' }]);
    await drain();
    const [mail] = mailsTo(email);
    expect(mail!.text).toContain('Bonjour Chloé,');
    expect(mail!.text).toContain('Pour ne plus recevoir ces invitations et rappels');
  });
});

describe('SMTP outcomes', () => {
  it('tries again after a temporary 451, and the person gets one mail', async () => {
    const email = address('flaky');
    temporaryRefusals.set(email, 1);
    const campaign = await newCampaign([{ email }]);
    const first = await worker.runOnce();
    expect(first.mails.retried).toBe(1);
    expect(await messageStates(campaign.campaignId)).toEqual([expect.objectContaining({ state: 'queued', attempts: 1 })]);

    // The first retry waits a minute.
    clock += 30_000;
    await drain();
    expect(mailsTo(email)).toHaveLength(0);
    clock += 31_000;
    await drain();
    expect(mailsTo(email)).toHaveLength(1);
    expect(await messageStates(campaign.campaignId)).toEqual([expect.objectContaining({ state: 'sent', attempts: 2 })]);
  });

  it(`gives up after ${MAX_MAIL_ATTEMPTS} temporary failures`, async () => {
    const email = address('down');
    temporaryRefusals.set(email, 100);
    const campaign = await newCampaign([{ email }]);
    for (let attempt = 0; attempt < MAX_MAIL_ATTEMPTS; attempt++) {
      await drain();
      clock += 31 * MINUTE;
    }
    expect(await messageStates(campaign.campaignId)).toEqual([expect.objectContaining({ state: 'failed', attempts: MAX_MAIL_ATTEMPTS })]);
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('a 550 marks the mail bounced and the address, which later steps leave out', async () => {
    const refused = address('refused');
    const fine = address('fine');
    const campaign = await newCampaign([{ email: refused }, { email: fine }], [3]);
    await drain();
    const states = await messageStates(campaign.campaignId);
    expect(states.find((row) => row.person_id === campaign.personIds[0])?.state).toBe('bounced');
    const person = await database.db.selectFrom('people').select('bounced_at').where('id', '=', campaign.personIds[0]!).executeTakeFirstOrThrow();
    expect(person.bounced_at).not.toBeNull();

    await scheduleCampaignJob(database.db, organizationId, campaign.campaignId, 1, new Date(clock));
    await drain();
    const reminders = (await messageStates(campaign.campaignId)).filter((row) => row.step === 1);
    expect(reminders.map((row) => row.person_id)).toEqual([campaign.personIds[1]]);
  });
});

describe('reminders', () => {
  it('go only to those who have not answered, and a reminder link answers the one invitation', async () => {
    const emails = Array.from({ length: 6 }, () => address('remind'));
    const campaign = await newCampaign(emails.map((email) => ({ email })), [3, 7]);
    await drain();

    // Two answer through their invitation's link.
    for (const email of emails.slice(0, 2)) {
      const { token, invitation } = linkTokensOf(mailsTo(email)[0]!);
      const response = await submit(app, surveyBody(token, questions, { invitation }));
      expect(response.statusCode, response.body).toBe(200);
    }
    await scheduleCampaignJob(database.db, organizationId, campaign.campaignId, 1, new Date(clock));
    await drain();
    for (const [i, email] of emails.entries()) expect(mailsTo(email).length, email).toBe(i < 2 ? 1 : 2);
    const reminder = mailsTo(emails[2]!)[1]!;
    expect(reminder.headers.get('subject')).toMatch(/^Reminder: /);
    expect(reminder.headers.get('message-id')).toBe(`<campaign.${campaign.campaignId}.${campaign.personIds[2]}.1@riverbend.example.org>`);

    // The third answers through the reminder's fresh token: the invitation is answered, and the first mail's token is used too.
    const fromReminder = linkTokensOf(reminder);
    expect(fromReminder.invitation).not.toBe(linkTokensOf(mailsTo(emails[2]!)[0]!).invitation);
    expect((await submit(app, surveyBody(fromReminder.token, questions, { invitation: fromReminder.invitation }))).statusCode).toBe(200);
    const again = await submit(app, surveyBody(fromReminder.token, questions, { invitation: linkTokensOf(mailsTo(emails[2]!)[0]!).invitation }));
    expect(again.statusCode).toBe(409);

    await scheduleCampaignJob(database.db, organizationId, campaign.campaignId, 2, new Date(clock));
    await drain();
    for (const [i, email] of emails.entries()) expect(mailsTo(email).length, email).toBe(i < 2 ? 1 : i === 2 ? 2 : 3);
  });

  it('keeps only the day of an anonymous answer on the invitation', async () => {
    const email = address('day');
    const campaign = await newCampaign([{ email }]);
    await drain();
    const { token, invitation } = linkTokensOf(mailsTo(email)[0]!);
    expect((await submit(app, surveyBody(token, questions, { invitation }))).statusCode).toBe(200);
    const row = await database.db
      .selectFrom('campaign_recipients as r')
      .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
      .select(['i.accepted_at', 'i.expires_at'])
      .where('r.campaign_id', '=', campaign.campaignId)
      .executeTakeFirstOrThrow();
    // The start of the day in the organisation's zone (an Australian one), nothing finer.
    const zone = zoneOf('AU');
    const local = DateTime.fromJSDate(row.accepted_at!, { zone });
    expect(local.toFormat('HH:mm:ss.SSS')).toBe('00:00:00.000');
    expect(dayIn(row.accepted_at!, zone)).toBe(dayIn(new Date(), zone));
    const closes = await database.db.selectFrom('campaigns').select('closes_at').where('id', '=', campaign.campaignId).executeTakeFirstOrThrow();
    expect(row.expires_at.getTime()).toBe(closes.closes_at.getTime());
  });
});

describe('never twice', () => {
  it('running a step again (an edit moved it, another process, a restart) sends nothing more', async () => {
    const emails = Array.from({ length: 5 }, () => address('once'));
    const campaign = await newCampaign(emails.map((email) => ({ email })), [3]);
    await drain();
    for (let round = 0; round < 3; round++) {
      await scheduleCampaignJob(database.db, organizationId, campaign.campaignId, 0, new Date(clock));
      await scheduleCampaignJob(database.db, organizationId, campaign.campaignId, 1, new Date(clock));
      await drain();
      await scheduleCampaignJob(database.db, organizationId, campaign.campaignId, 1, new Date(clock));
      await drain();
      clock += 2 * MINUTE;
    }
    for (const email of emails) {
      const ids = mailsTo(email).map((mail) => mail.headers.get('message-id'));
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(2);
    }
    expect(await messageStates(campaign.campaignId)).toHaveLength(10);
  });

  it('a paused campaign waits and goes on when resumed; a cancelled one sends nothing; the closing skips what is queued', async () => {
    const paused = await newCampaign([{ email: address('paused') }]);
    await database.db.updateTable('campaigns').set({ state: 'paused' }).where('id', '=', paused.campaignId).execute();
    const cancelled = await newCampaign([{ email: address('cancelled') }]);
    await database.db.updateTable('campaigns').set({ state: 'cancelled' }).where('id', '=', cancelled.campaignId).execute();
    await drain();
    expect(await messageStates(paused.campaignId)).toEqual([]);
    expect(await messageStates(cancelled.campaignId)).toEqual([]);

    // Resuming makes the due step due at once.
    await database.db.updateTable('campaigns').set({ state: 'scheduled' }).where('id', '=', paused.campaignId).execute();
    await scheduleCampaignJob(database.db, organizationId, paused.campaignId, 0, new Date(clock));
    await drain();
    expect(await messageStates(paused.campaignId)).toEqual([expect.objectContaining({ state: 'sent' })]);

    // Queued, waiting while paused, then the closing time comes: skipped, never sent.
    const closing = await newCampaign([{ email: address('closing') }], [3]);
    await drain();
    await database.db.updateTable('campaigns').set({ state: 'paused' }).where('id', '=', closing.campaignId).execute();
    await database.db
      .insertInto('campaign_messages')
      .values({ organization_id: organizationId, campaign_id: closing.campaignId, person_id: closing.personIds[0]!, step: 1, next_attempt_at: new Date(clock) })
      .execute();
    await drain();
    expect((await messageStates(closing.campaignId)).map((row) => row.state)).toEqual(['sent', 'queued']);
    await database.db.updateTable('campaigns').set({ state: 'scheduled', closes_at: new Date(clock) }).where('id', '=', closing.campaignId).execute();
    await scheduleCampaignJob(database.db, organizationId, closing.campaignId, 'close', new Date(clock));
    await drain();
    expect((await messageStates(closing.campaignId)).map((row) => row.state)).toEqual(['sent', 'skipped']);
  });
});

describe('one-click unsubscribe', () => {
  it('POST with List-Unsubscribe=One-Click unsubscribes without a session, and what was queued is skipped', async () => {
    const email = address('leaving');
    const campaign = await newCampaign([{ email }], [3]);
    await drain();
    const token = unsubscribeTokenOf(mailsTo(email)[0]!);
    const response = await app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    const person = await database.db.selectFrom('people').select('unsubscribed_at').where('id', '=', campaign.personIds[0]!).executeTakeFirstOrThrow();
    expect(person.unsubscribed_at).not.toBeNull();
    await scheduleCampaignJob(database.db, organizationId, campaign.campaignId, 1, new Date(clock));
    await drain();
    expect(mailsTo(email)).toHaveLength(1);
    // Again: still fine, nothing changes.
    expect((await app.inject({ method: 'POST', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` })).statusCode).toBe(200);
  });

  it('refuses unknown, empty and overlong tokens alike', async () => {
    for (const url of ['/api/unsubscribe?token=nope', '/api/unsubscribe', `/api/unsubscribe?token=${'a'.repeat(300)}`]) {
      const response = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: CampaignMessages.unsubscribeInvalid });
      const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(CampaignMessages.unsubscribeInvalid);
      const fetched = await app.inject({ method: 'GET', url });
      expect(fetched.statusCode).toBe(404);
      expect(fetched.json()).toMatchObject({ status: 404, message: CampaignMessages.unsubscribeInvalid });
    }
  });

  it('GET answers a page in the recipient language with one button; fetching it unsubscribes nobody; its form confirms', async () => {
    const email = address('arabic');
    const campaign = await newCampaign([{ email, language: 'ar' }]);
    await drain();
    const token = unsubscribeTokenOf(mailsTo(email)[0]!);
    const url = `/api/unsubscribe?token=${encodeURIComponent(token)}`;
    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body.match(/<button/g)).toHaveLength(1);
    expect(page.body).toContain(`<form method="post" action="${url}">`);
    expect(page.body).toContain('Riverbend Council');
    const before = await database.db.selectFrom('people').select('unsubscribed_at').where('id', '=', campaign.personIds[0]!).executeTakeFirstOrThrow();
    expect(before.unsubscribed_at).toBeNull();

    const confirmed = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, payload: 'List-Unsubscribe=One-Click' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('role="status"');
    expect(confirmed.body).toContain('dir="rtl"');
    const after = await database.db.selectFrom('people').select('unsubscribed_at').where('id', '=', campaign.personIds[0]!).executeTakeFirstOrThrow();
    expect(after.unsubscribed_at).not.toBeNull();
  });

  it('escapes the organisation name on the page', async () => {
    const other = await insertOrganization(database.db, { packageExpiresAt: null });
    await database.db.updateTable('organizations').set({ name: '<script>alert(1)</script>' }).where('id', '=', other).execute();
    const group = await insertDepartment(database.db, other, 'Ops');
    const link = await insertLink(database.db, other, { capacity: 10, expiresAt: new Date(clock + 90 * 24 * HOUR) });
    const email = address('escaped');
    await insertCampaign(database.db, { organizationId: other, linkId: link.id, groupId: group, recipients: [{ email }], sendAt: new Date(clock) });
    await drain();
    const page = await app.inject({ method: 'GET', url: `/api/unsubscribe?token=${encodeURIComponent(unsubscribeTokenOf(mailsTo(email)[0]!))}` });
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&lt;script&gt;');
  });
});

describe('the jobs queue', () => {
  // Jobs of their own time, long past: the campaigns' jobs above are never due then.
  let epoch = Date.UTC(2001, 0, 1);
  const insertJobs = async (count: number, runAt: Date): Promise<string[]> => {
    const keys = Array.from({ length: count }, (_, i) => `test:${runAt.getTime()}:${i}`);
    if (keys.length === 0) return keys;
    await database.db.insertInto('jobs').values(keys.map((key) => ({ key, kind: 'test.nothing', organization_id: null, payload: '{}', run_at: runAt }))).execute();
    return keys;
  };

  it('concurrent claims take each due job once, however many claimers and however large their batches', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 12 }), async (jobs, claimers, limit) => {
        epoch += 10 * MINUTE;
        const now = new Date(epoch);
        const keys = await insertJobs(jobs, new Date(epoch - MINUTE));
        const claimed = (await Promise.all(Array.from({ length: claimers }, (_, i) => claimDueJobs(database.db, `worker-${i}`, limit, MINUTE, now)))).flat();
        const claimedKeys = claimed.map((job) => job.key);
        expect(new Set(claimedKeys).size).toBe(claimedKeys.length);
        expect(claimedKeys.length).toBe(Math.min(jobs, claimers * limit));
        expect(claimedKeys.every((key) => keys.includes(key))).toBe(true);
        // Leased: nobody takes them again until the lease runs out, then anyone may.
        expect(await claimDueJobs(database.db, 'late', 100, MINUTE, new Date(epoch + 30_000))).toHaveLength(Math.max(0, jobs - claimedKeys.length));
        expect((await claimDueJobs(database.db, 'later', 100, MINUTE, new Date(epoch + 2 * MINUTE))).length).toBe(jobs);
        await database.db.updateTable('jobs').set({ done_at: now }).where('key', 'in', keys.length === 0 ? [''] : keys).execute();
      }),
      { numRuns: 15 },
    );
  });

  it('only the holder completes a job; a failure is due again after 1, 5, then 30 minutes', async () => {
    epoch += HOUR;
    const now = new Date(epoch);
    const [key] = await insertJobs(1, now);
    const [job] = await claimDueJobs(database.db, 'holder', 10, MINUTE, now);
    expect(job?.key).toBe(key);
    expect(await completeJob(database.db, job!, 'someone else', now)).toBe(false);
    await failJob(database.db, job!, 'holder', new Error('boom'), now);
    const row = await database.db.selectFrom('jobs').select(['run_at', 'attempts', 'last_error', 'locked_by']).where('key', '=', key!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, last_error: 'boom', locked_by: null });
    expect(row.run_at.getTime()).toBe(epoch + MINUTE);
    expect([1, 2, 3, 4, 9].map(retryDelayMs)).toEqual([MINUTE, 5 * MINUTE, 30 * MINUTE, 30 * MINUTE, 30 * MINUTE]);
    const [again] = await claimDueJobs(database.db, 'holder', 10, MINUTE, new Date(epoch + MINUTE));
    expect(again?.attempts).toBe(1);
    expect(await completeJob(database.db, again!, 'holder', new Date(epoch + MINUTE))).toBe(true);
    expect(await claimDueJobs(database.db, 'holder', 10, MINUTE, new Date(epoch + HOUR))).toEqual([]);
  });
});
