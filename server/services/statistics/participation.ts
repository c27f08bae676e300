import { type Kysely, sql } from 'kysely';
import { CampaignMessages, type CampaignParticipation, type ParticipationRow } from '../../../domain/contracts/campaigns';
import type { LatestParticipation } from '../../../domain/contracts/homeParticipation';
import type { Role } from '../../../domain/contracts/auth';
import { type KeyedCount, RECORD_KEY_RANGE, thresholdFor } from '../../../domain/stats';
import { releaseParticipation } from '../../../domain/stats/participation';
import type { Database } from '../../db/database';
import type { AuthContext } from '../auth/context';
import { forbidden, notFound } from '../errors';
import { isUuid } from '../organization/scope';

/**
 * A campaign's participation (issue 29), counted in SQL and released by domain/stats
 * (participation.ts). Only ReleasedStatistics (./released.ts, the one door) calls this module:
 * tests/server/oneDoor.test.ts checks it.
 *
 * - invited: recipients whose invitation mail went (step 0 sent); reminded: recipients sent at
 *   least one reminder; bounced: recipients a mail of this campaign bounced for; unsubscribed:
 *   recipients whose address is unsubscribed. These are facts about mails and addresses of the
 *   staff list, which the administrator holds anyway: they are sent as they are.
 * - answered: recipients whose personal invitation was accepted, per campaign, per group (the
 *   group the person was in when picked, campaign_recipients.group_id) and per day (the day
 *   accepted_at falls on in the campaign's time zone). Each is a count of people with the sum
 *   of their record keys (migration 0030), released by the cell key method at the organisation's
 *   threshold k: hidden below k, adjusted consistently. Why this is enough, and what it does not
 *   hide: docs/privacy.md, "Participation".
 *
 * Nothing here reads an answer: the survey's responses are never joined, only the invitation's
 * accepted_at, which the server keeps to send reminders to the others.
 */

/** Who reads campaigns' participation. */
export const PARTICIPATION_ROLES: readonly Role[] = ['admin', 'second_admin'];

type Caller = Pick<AuthContext, 'user' | 'organization'>;

const assertAllowed = (caller: Caller): void => {
  if (!PARTICIPATION_ROLES.includes(caller.user.role)) throw forbidden(CampaignMessages.notAllowed);
};

interface CampaignHead {
  readonly id: string;
  readonly name: string;
  readonly time_zone: string;
  readonly anonymity: number;
}

const campaignOf = async (db: Kysely<Database>, caller: Caller, campaignId: string): Promise<CampaignHead> => {
  if (!isUuid(campaignId)) throw notFound(CampaignMessages.notFound);
  const row = await db
    .selectFrom('campaigns as c')
    .innerJoin('survey_tokens as s', 's.id', 'c.token_id')
    .select(['c.id', 'c.name', 'c.time_zone', 's.anonymity'])
    .where('c.id', '=', campaignId)
    .where('c.organization_id', '=', caller.organization.id)
    .executeTakeFirst();
  if (row === undefined) throw notFound(CampaignMessages.notFound);
  return row;
};

/** A sum of record keys as PostgreSQL returns it (bigint as text), reduced modulo the key range. */
const keySum = (value: string | number | bigint | null): number => Number(BigInt(value ?? 0) % BigInt(RECORD_KEY_RANGE));

const keyed = (count: string | number, key: string | number | bigint | null): KeyedCount => ({ count: Number(count), key: keySum(key) });

interface StaffCounts {
  readonly group_id: string;
  readonly group_name: string;
  readonly recipients: number;
  readonly invited: number;
  readonly reminded: number;
  readonly bounced: number;
  readonly unsubscribed: number;
  readonly answered: KeyedCount;
}

/** Per group: the mail and address counts, and the answered people with their key sum. */
const countsByGroup = async (db: Kysely<Database>, campaignId: string): Promise<StaffCounts[]> => {
  const rows = await sql<{
    group_id: string;
    group_name: string;
    recipients: string;
    invited: string;
    reminded: string;
    bounced: string;
    unsubscribed: string;
    answered: string;
    answered_key: string | null;
  }>`
    select r.group_id, d.name as group_name, count(*) as recipients,
      count(*) filter (where exists (select 1 from campaign_messages m where m.campaign_id = r.campaign_id and m.person_id = r.person_id and m.step = 0 and m.state = 'sent')) as invited,
      count(*) filter (where exists (select 1 from campaign_messages m where m.campaign_id = r.campaign_id and m.person_id = r.person_id and m.step > 0 and m.state = 'sent')) as reminded,
      count(*) filter (where exists (select 1 from campaign_messages m where m.campaign_id = r.campaign_id and m.person_id = r.person_id and m.state = 'bounced')) as bounced,
      count(*) filter (where p.unsubscribed_at is not null) as unsubscribed,
      count(*) filter (where i.accepted_at is not null) as answered,
      sum(r.record_key::bigint) filter (where i.accepted_at is not null) as answered_key
    from campaign_recipients r
    join departments d on d.id = r.group_id
    join people p on p.id = r.person_id
    left join invitations i on i.id = r.invitation_id
    where r.campaign_id = ${campaignId}
    group by r.group_id, d.name
    order by d.name, r.group_id
  `.execute(db);
  return rows.rows.map((row) => ({
    group_id: row.group_id,
    group_name: row.group_name,
    recipients: Number(row.recipients),
    invited: Number(row.invited),
    reminded: Number(row.reminded),
    bounced: Number(row.bounced),
    unsubscribed: Number(row.unsubscribed),
    answered: keyed(row.answered, row.answered_key),
  }));
};

/** Answered people per day of acceptance in the campaign's time zone, with their key sums. */
const answersByDay = async (db: Kysely<Database>, campaign: CampaignHead): Promise<{ day: string; answered: KeyedCount }[]> => {
  const rows = await sql<{ day: string; answered: string; answered_key: string | null }>`
    select to_char(i.accepted_at at time zone ${campaign.time_zone}, 'YYYY-MM-DD') as day,
      count(*) as answered, sum(r.record_key::bigint) as answered_key
    from campaign_recipients r
    join invitations i on i.id = r.invitation_id
    where r.campaign_id = ${campaign.id} and i.accepted_at is not null
    group by 1
    order by 1
  `.execute(db);
  return rows.rows.map((row) => ({ day: row.day, answered: keyed(row.answered, row.answered_key) }));
};

const staffRow = (counts: Pick<StaffCounts, 'invited' | 'reminded' | 'bounced' | 'unsubscribed'>, answered: number | null): ParticipationRow => ({
  invited: counts.invited,
  answered,
  reminded: counts.reminded,
  bounced: counts.bounced,
  unsubscribed: counts.unsubscribed,
});

const sumOf = (groups: readonly StaffCounts[], field: 'invited' | 'reminded' | 'bounced' | 'unsubscribed'): number => groups.reduce((sum, group) => sum + group[field], 0);

const participationOf = async (db: Kysely<Database>, campaign: CampaignHead): Promise<CampaignParticipation> => {
  const groups = await countsByGroup(db, campaign.id);
  const days = await answersByDay(db, campaign);
  const k = thresholdFor({});
  const answered = groups.reduce<KeyedCount>((sum, group) => ({ count: sum.count + group.answered.count, key: (sum.key + group.answered.key) % RECORD_KEY_RANGE }), { count: 0, key: 0 });
  const total = { invited: sumOf(groups, 'invited'), reminded: sumOf(groups, 'reminded'), bounced: sumOf(groups, 'bounced'), unsubscribed: sumOf(groups, 'unsubscribed') };
  const released = releaseParticipation({
    k,
    total: { recipients: groups.reduce((sum, group) => sum + group.recipients, 0), answered },
    groups: groups.map((group) => ({ recipients: group.recipients, answered: group.answered })),
    days: days.map((day) => day.answered),
  });
  return {
    campaign_id: campaign.id,
    anonymity: campaign.anonymity === 0 ? 0 : 1,
    total: staffRow(total, released.total),
    groups: groups.map((group, i) => ({ group: { id: group.group_id, name: group.group_name }, ...staffRow(group, released.groups[i] ?? null) })),
    // A day below k is not listed at all: its row alone would say that someone answered then.
    by_day: days.flatMap((day, i) => (released.days[i] == null ? [] : [{ day: day.day, answered: released.days[i]! }])),
    threshold: k,
  };
};

/** GET /campaigns/participation: one campaign of the caller's organisation. */
export const campaignParticipationOf = async (db: Kysely<Database>, caller: Caller, campaignId: string): Promise<CampaignParticipation> => {
  assertAllowed(caller);
  return participationOf(db, await campaignOf(db, caller, campaignId));
};

/**
 * Home's card: the most recent campaign that is running or closed (its invitation time has come
 * and it was not cancelled; a paused one only once it closed), or undefined when there is none.
 * Other roles have no campaigns to see: undefined, and the card is left out.
 */
export const latestParticipationOf = async (db: Kysely<Database>, caller: Caller, now: Date = new Date()): Promise<LatestParticipation | undefined> => {
  if (!PARTICIPATION_ROLES.includes(caller.user.role)) return undefined;
  const latest = await db
    .selectFrom('campaigns as c')
    .innerJoin('survey_tokens as s', 's.id', 'c.token_id')
    .select(['c.id', 'c.name', 'c.time_zone', 's.anonymity'])
    .where('c.organization_id', '=', caller.organization.id)
    .where('c.state', '<>', 'cancelled')
    .where('c.send_at', '<=', now)
    .where((eb) => eb.or([eb('c.state', '=', 'scheduled'), eb('c.closes_at', '<=', now)]))
    .orderBy('c.send_at', 'desc')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .executeTakeFirst();
  if (latest === undefined) return undefined;
  return { campaign: { id: latest.id, name: latest.name }, participation: await participationOf(db, latest) };
};
