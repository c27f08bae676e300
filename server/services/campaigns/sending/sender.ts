import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database';
import { randomToken, sha256Hex } from '../../auth/tokens';
import { createInvitation } from '../../invitations';
import { errorText, retryDelayMs } from '../../jobs/queue';
import type { DeliveryOutcome, MailMessage } from '../../mail';
import { type ClaimedMessage, claimDueMessages } from './claim';
import { campaignMail } from './mail';

/**
 * Sending claimed campaign mails. For each: in one transaction, check that it should still go
 * (the person has not bounced or unsubscribed, a reminder's invitation is not answered, the
 * campaign runs), make its tokens (the personal invitation with the first mail, a further token
 * of it with a reminder, the unsubscribe token), then deliver through SMTP and record how it went.
 *
 * At most once per (campaign, person, step) is the rule, with one exception no design without
 * a two-phase commit with the SMTP server avoids: a process that dies after the SMTP server
 * accepted a mail and before the row was marked sent leaves the row leased; when the lease
 * runs out the mail is sent again, once, by whichever process claims it. The second copy
 * carries the same Message-ID (mail.ts), which mailboxes that keep one message per Message-ID
 * show once; only the mails in flight in the dead process (at most `concurrency`) can go twice.
 */

/** Attempts after which a mail that keeps failing temporarily is given up ('failed'). */
export const MAX_MAIL_ATTEMPTS = 5;

/** After a temporary failure, the wait before the next attempt: 1, 5, then 30 minutes (as a failed job's). */
export const mailRetryDelayMs = retryDelayMs;

export interface SenderOptions {
  readonly appUrl: string;
  readonly perMinute: number;
  /** Mails claimed at a time. */
  readonly batchSize: number;
  readonly leaseMs: number;
  /** SMTP deliveries in progress at once. */
  readonly concurrency: number;
  readonly deliver: (message: MailMessage) => Promise<DeliveryOutcome>;
}

export interface SendCounts {
  readonly claimed: number;
  readonly sent: number;
  readonly retried: number;
  readonly failed: number;
  readonly bounced: number;
  readonly skipped: number;
  /** Claimed, then found paused: back in the queue. */
  readonly released: number;
}

type Result = 'sent' | 'retried' | 'failed' | 'bounced' | 'skipped' | 'released';

interface Context {
  email: string;
  first_name: string;
  last_name: string;
  bounced_at: Date | null;
  unsubscribed_at: Date | null;
  language: string;
  group_id: string;
  invitation_id: string | null;
  invitation_accepted_at: Date | null;
  invitation_revoked_at: Date | null;
  campaign_state: 'scheduled' | 'paused' | 'cancelled';
  closes_at: Date;
  time_zone: string;
  created_by: string | null;
  token_id: string;
  link_token: string;
  anonymity: number;
  survey_name: string;
  organization_name: string;
}

const contextOf = (trx: Kysely<Database>, message: ClaimedMessage): Promise<Context | undefined> =>
  trx
    .selectFrom('campaign_recipients as r')
    .innerJoin('people as p', 'p.id', 'r.person_id')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .innerJoin('survey_tokens as t', 't.id', 'c.token_id')
    .innerJoin('surveys as s', 's.id', 't.survey_id')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .leftJoin('invitations as i', 'i.id', 'r.invitation_id')
    .select([
      'p.email',
      'p.first_name',
      'p.last_name',
      'p.bounced_at',
      'p.unsubscribed_at',
      'r.language',
      'r.group_id',
      'r.invitation_id',
      'i.accepted_at as invitation_accepted_at',
      'i.revoked_at as invitation_revoked_at',
      'c.state as campaign_state',
      'c.closes_at',
      'c.time_zone',
      'c.created_by',
      'c.token_id',
      't.token as link_token',
      't.anonymity',
      's.name as survey_name',
      'o.name as organization_name',
    ])
    .where('r.campaign_id', '=', message.campaignId)
    .where('r.person_id', '=', message.personId)
    .executeTakeFirst();

/** Whether the mail should no longer go (then it is skipped): a paused campaign's mails only wait. */
const stale = (context: Context, now: Date): boolean =>
  context.bounced_at !== null ||
  context.unsubscribed_at !== null ||
  context.campaign_state === 'cancelled' ||
  context.closes_at.getTime() <= now.getTime() ||
  context.invitation_accepted_at !== null;

/**
 * The tokens of one mail, stored before it goes (only their hashes). The personal invitation is
 * made with the recipient's first mail (or again if another invitation of the same link replaced
 * it); every later mail adds a token of the same invitation, so each mail's link works until the
 * invitation is answered, and answering through any of them answers the one invitation.
 */
const prepare = async (db: Kysely<Database>, message: ClaimedMessage, options: SenderOptions, now: Date): Promise<MailMessage | 'skipped' | 'released'> =>
  db.transaction().execute(async (trx) => {
    const context = await contextOf(trx, message);
    if (context === undefined || stale(context, now)) {
      await trx.updateTable('campaign_messages').set({ state: 'skipped', locked_until: null }).where('id', '=', message.id).execute();
      return 'skipped';
    }
    if (context.campaign_state === 'paused') {
      // Paused after the claim: back to the queue, claimed again once the campaign is resumed.
      await trx.updateTable('campaign_messages').set({ locked_until: null, next_attempt_at: now }).where('id', '=', message.id).execute();
      return 'released';
    }
    let invitationToken: string;
    if (context.invitation_id === null || context.invitation_revoked_at !== null) {
      const issued = await createInvitation(
        trx,
        {
          organizationId: message.organizationId,
          kind: 'survey',
          email: context.email,
          firstName: context.first_name,
          lastName: context.last_name,
          departmentId: context.group_id,
          invitedBy: context.created_by,
          surveyTokenId: context.token_id,
          expiresAt: context.closes_at,
        },
        now,
      );
      invitationToken = issued.token;
      await trx
        .updateTable('campaign_recipients')
        .set({ invitation_id: issued.row.id })
        .where('campaign_id', '=', message.campaignId)
        .where('person_id', '=', message.personId)
        .execute();
    } else {
      invitationToken = randomToken();
      await trx.insertInto('invitation_tokens').values({ token_hash: sha256Hex(invitationToken), invitation_id: context.invitation_id }).execute();
    }
    const unsubscribeToken = randomToken();
    await trx.updateTable('campaign_messages').set({ unsubscribe_hash: sha256Hex(unsubscribeToken) }).where('id', '=', message.id).execute();
    return campaignMail({
      appUrl: options.appUrl,
      organizationId: message.organizationId,
      organizationName: context.organization_name,
      campaignId: message.campaignId,
      personId: message.personId,
      step: message.step,
      email: context.email,
      firstName: context.first_name,
      language: context.language,
      surveyName: context.survey_name,
      anonymous: context.anonymity === 1,
      surveyLinkToken: context.link_token,
      invitationToken,
      unsubscribeToken,
      closesAt: context.closes_at,
      timeZone: context.time_zone,
    });
  });

/** Writes how the delivery went: sent, tried again later, given up, or bounced (the address marked). */
const record = async (db: Kysely<Database>, message: ClaimedMessage, outcome: DeliveryOutcome, now: Date): Promise<Result> => {
  const attempts = message.attempts + 1;
  if (outcome === 'sent') {
    await db
      .updateTable('campaign_messages')
      .set({ state: 'sent', sent_at: now, attempts, locked_until: null, last_error: null })
      .where('id', '=', message.id)
      .execute();
    return 'sent';
  }
  if ('permanent' in outcome) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('campaign_messages')
        .set({ state: 'bounced', attempts, locked_until: null, last_error: outcome.permanent })
        .where('id', '=', message.id)
        .execute();
      await trx.updateTable('people').set({ bounced_at: now }).where('id', '=', message.personId).where('bounced_at', 'is', null).execute();
    });
    return 'bounced';
  }
  const givenUp = attempts >= MAX_MAIL_ATTEMPTS;
  await db
    .updateTable('campaign_messages')
    .set({
      state: givenUp ? 'failed' : 'queued',
      attempts,
      locked_until: null,
      next_attempt_at: new Date(now.getTime() + mailRetryDelayMs(attempts)),
      last_error: outcome.temporary,
    })
    .where('id', '=', message.id)
    .execute();
  return givenUp ? 'failed' : 'retried';
};

const sendOne = async (db: Kysely<Database>, message: ClaimedMessage, options: SenderOptions, now: () => Date): Promise<Result> => {
  const mail = await prepare(db, message, options, now());
  if (mail === 'skipped' || mail === 'released') return mail;
  let outcome: DeliveryOutcome;
  try {
    outcome = await options.deliver(mail);
  } catch (error) {
    // The outbox write failed (the database): nothing reached the SMTP server.
    outcome = { temporary: errorText(error) };
  }
  return record(db, message, outcome, now());
};

/** Runs `work` over `items` with at most `concurrency` at a time; answers the results in order. */
const inParallel = async <T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
  return results;
};

/** One round: claims what the throttle allows (at most a batch) and sends it. */
export const sendDueMessages = async (db: Kysely<Database>, options: SenderOptions, now: () => Date): Promise<SendCounts> => {
  const claimed = await claimDueMessages(db, { now: now(), perMinute: options.perMinute, limit: options.batchSize, leaseMs: options.leaseMs });
  const results = await inParallel(claimed, options.concurrency, (message) => sendOne(db, message, options, now));
  const count = (result: Result) => results.filter((value) => value === result).length;
  return { claimed: claimed.length, sent: count('sent'), retried: count('retried'), failed: count('failed'), bounced: count('bounced'), skipped: count('skipped'), released: count('released') };
};
