import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignMessages, type CampaignParticipation } from '../../domain/contracts/campaigns';
import type { LatestParticipation } from '../../domain/contracts/homeParticipation';
import { DEFAULT_MIN_GROUP_SIZE, MAX_ADJUSTMENT, pTableRow } from '../../domain/stats';
import type { OpenDatabase } from '../../server/db/connect';
import { bearer, insertOrganization, insertUser, passwordHash, signIn } from './helpers/accounts';
import { closeTestApp, openTestApp } from './helpers/testApp';

/**
 * Participation through the one door (issue 29): answered figures are released by the cell key
 * method at k, the mail and address counts as they are. The campaigns, recipients, invitations and
 * mails are written straight into the database, so the figures are tested whatever the sender does.
 *
 * The attacks are an administrator's with the staff file who knows whether everyone but the target
 * answered: two campaigns that differ by the target, a campaign against its groups when the target
 * is alone in a group, and a day before and after the target's answer. Each is repeated over
 * PAIRS fresh campaigns (fresh record keys): the attacker's difference is the target's state only
 * about as often as two adjustments happen to cancel, and the target's state is pinned (only one
 * state fits the released figures) only when an adjustment takes its rare extreme.
 */

const PAIRS = 40;
const DAY = 86_400_000;

let database: OpenDatabase;
let app: FastifyInstance;
let orgA: string;
let orgB: string;
let tokens: { admin: string; second: string; staff: string; adminB: string };
let linkA: string;
let linkB: string;
let groups: { sales: string; finance: string; solo: string; elsewhere: string };

const insertGroup = async (organizationId: string, name: string): Promise<string> =>
  (await database.db.insertInto('departments').values({ organization_id: organizationId, name, parent_id: null }).returning('id').executeTakeFirstOrThrow()).id;

const insertLink = async (organizationId: string, alias: string): Promise<string> =>
  (
    await database.db
      .insertInto('survey_tokens')
      .values({ organization_id: organizationId, token: `${alias}-${randomUUID()}`, alias: `${alias}-${randomUUID()}`, survey_id: 1, department_id: null, expires_at: new Date(Date.now() + 400 * DAY), capacity: 100_000 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

/** `n` people of a group, as the People import writes them. */
const insertPeople = async (organizationId: string, groupId: string, n: number): Promise<string[]> => {
  if (n === 0) return [];
  const rows = await database.db
    .insertInto('people')
    .values(Array.from({ length: n }, (_, i) => ({ organization_id: organizationId, email: `p${i}-${randomUUID()}@example.test`, first_name: 'Pat', last_name: `Person ${i}`, group_id: groupId })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
};

interface Recipient {
  readonly person: string;
  readonly group: string;
  /** When the personal invitation was accepted; undefined: not answered. */
  readonly answeredAt?: Date;
  readonly reminded?: boolean;
  readonly bounced?: boolean;
}

interface CampaignOptions {
  readonly organizationId?: string;
  readonly link?: string;
  readonly timeZone?: string;
  readonly sendAt?: Date;
  readonly closesAt?: Date;
  readonly state?: 'scheduled' | 'paused' | 'cancelled';
  readonly name?: string;
}

/** A campaign whose invitation went to every recipient (step 0 sent), each with a personal invitation. */
const insertCampaign = async (recipients: readonly Recipient[], options: CampaignOptions = {}): Promise<string> => {
  const organizationId = options.organizationId ?? orgA;
  const sendAt = options.sendAt ?? new Date(Date.now() - 10 * DAY);
  const closesAt = options.closesAt ?? new Date(Date.now() + 10 * DAY);
  const campaign = await database.db
    .insertInto('campaigns')
    .values({
      organization_id: organizationId,
      token_id: options.link ?? linkA,
      name: options.name ?? `Campaign ${randomUUID().slice(0, 8)}`,
      time_zone: options.timeZone ?? 'Australia/Sydney',
      send_local: '2026-01-01T09:00',
      send_at: sendAt,
      closes_local: '2027-01-01T09:00',
      closes_at: closesAt,
      state: options.state ?? 'scheduled',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invitations = await database.db
    .insertInto('invitations')
    .values(
      recipients.map((recipient) => ({
        organization_id: organizationId,
        kind: 'survey' as const,
        email: `${recipient.person}@example.test`,
        token_hash: randomUUID(),
        expires_at: closesAt,
        accepted_at: recipient.answeredAt ?? null,
      })),
    )
    .returning('id')
    .execute();
  await database.db
    .insertInto('campaign_recipients')
    .values(recipients.map((recipient, i) => ({ campaign_id: campaign.id, person_id: recipient.person, group_id: recipient.group, language: 'en', invitation_id: invitations[i]!.id })))
    .execute();
  const messages = recipients.flatMap((recipient) => [
    { organization_id: organizationId, campaign_id: campaign.id, person_id: recipient.person, step: 0, state: recipient.bounced === true ? ('bounced' as const) : ('sent' as const), sent_at: sendAt },
    ...(recipient.reminded === true ? [{ organization_id: organizationId, campaign_id: campaign.id, person_id: recipient.person, step: 1, state: 'sent' as const, sent_at: sendAt }] : []),
  ]);
  await database.db.insertInto('campaign_messages').values(messages).execute();
  return campaign.id;
};

/** Marks a recipient's invitation answered now (or at `at`). */
const answer = async (campaignId: string, person: string, at = new Date()): Promise<void> => {
  const row = await database.db.selectFrom('campaign_recipients').select('invitation_id').where('campaign_id', '=', campaignId).where('person_id', '=', person).executeTakeFirstOrThrow();
  await database.db.updateTable('invitations').set({ accepted_at: at }).where('id', '=', row.invitation_id!).execute();
};

const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });

const participation = async (campaignId: string, token = tokens.admin): Promise<CampaignParticipation> => {
  const response = await get(`/api/campaigns/participation?id=${campaignId}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as CampaignParticipation;
};

/** Home's card: the latest campaign's figures, or undefined when the envelope says 204 (no card). */
const latestOf = async (token: string): Promise<LatestParticipation | undefined> => {
  const response = await get('/api/campaigns/participation/latest', token);
  expect(response.statusCode, response.body).toBe(200);
  const envelope = response.json() as { status: number; data?: LatestParticipation };
  if (envelope.status === 204) {
    expect(envelope.data).toBeUndefined();
    return undefined;
  }
  expect(envelope.status).toBe(200);
  return envelope.data;
};

const answering = (people: readonly string[], group: string, answered: number, at = new Date(Date.now() - DAY)): Recipient[] =>
  people.map((person, i) => ({ person, group, ...(i < answered ? { answeredAt: at } : {}) }));

/** Whether a released (or hidden) figure can come from a true count, as the p-table adjusts it and at most `cap` people. */
const fits = (released: number | null, trueCount: number, k: number, cap = Infinity): boolean => {
  const values = pTableRow(trueCount).adjustments.map(({ adjustment }) => Math.min(trueCount + adjustment, cap));
  return released === null ? values.some((value) => value < k) : values.includes(released);
};

beforeAll(async () => {
  ({ database, app } = await openTestApp());
  await passwordHash();
  orgA = await insertOrganization(database.db);
  orgB = await insertOrganization(database.db);
  const admin = await insertUser(database.db, { organizationId: orgA, role: 'admin' });
  const second = await insertUser(database.db, { organizationId: orgA, role: 'second_admin' });
  const staff = await insertUser(database.db, { organizationId: orgA, role: 'staff' });
  const adminB = await insertUser(database.db, { organizationId: orgB, role: 'admin' });
  tokens = { admin: await signIn(app, admin.email), second: await signIn(app, second.email), staff: await signIn(app, staff.email), adminB: await signIn(app, adminB.email) };
  groups = {
    sales: await insertGroup(orgA, 'Sales'),
    finance: await insertGroup(orgA, 'Finance'),
    solo: await insertGroup(orgA, 'Solo'),
    elsewhere: await insertGroup(orgB, 'Elsewhere'),
  };
  linkA = await insertLink(orgA, 'a');
  linkB = await insertLink(orgB, 'b');
});

afterAll(() => closeTestApp({ app, database }));

describe('who reads a campaign’s participation', () => {
  it('the administrators read their organisation’s campaigns; staff are refused; another organisation’s campaign is not found', async () => {
    const people = await insertPeople(orgA, groups.sales, 6);
    const campaign = await insertCampaign(answering(people, groups.sales, 2));
    expect((await participation(campaign, tokens.admin)).campaign_id).toBe(campaign);
    expect(await participation(campaign, tokens.second)).toEqual(await participation(campaign, tokens.admin));

    const refused = await get(`/api/campaigns/participation?id=${campaign}`, tokens.staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CampaignMessages.notAllowed);

    const peopleB = await insertPeople(orgB, groups.elsewhere, 6);
    const foreign = await insertCampaign(answering(peopleB, groups.elsewhere, 6), { organizationId: orgB, link: linkB });
    const asForeign = await get(`/api/campaigns/participation?id=${foreign}`, tokens.admin);
    const asUnknown = await get(`/api/campaigns/participation?id=${randomUUID()}`, tokens.admin);
    const asNonsense = await get('/api/campaigns/participation?id=not-an-id', tokens.admin);
    for (const response of [asForeign, asUnknown, asNonsense]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe(CampaignMessages.notFound);
    }
    expect(asForeign.body).toBe(asUnknown.body);
    expect(asForeign.body).not.toContain('Elsewhere');
    // B's own administrator does read it (the refusal is about A, not a broken campaign).
    expect((await participation(foreign, tokens.adminB)).total.invited).toBe(6);
  });
});

describe('the figures', () => {
  it('sends invited, reminded, bounced and unsubscribed as they are, per group and in total', async () => {
    const sales = await insertPeople(orgA, groups.sales, 7);
    const finance = await insertPeople(orgA, groups.finance, 4);
    await database.db.updateTable('people').set({ unsubscribed_at: new Date() }).where('id', '=', finance[0]!).execute();
    const campaign = await insertCampaign([
      ...sales.map((person, i) => ({ person, group: groups.sales, reminded: i < 3 })),
      ...finance.map((person, i) => ({ person, group: groups.finance, bounced: i === 1 })),
    ]);
    const figures = await participation(campaign);
    const row = (name: string) => figures.groups.find((group) => group.group.name === name)!;
    expect(row('Sales')).toMatchObject({ invited: 7, reminded: 3, bounced: 0, unsubscribed: 0, answered: null });
    expect(row('Finance')).toMatchObject({ invited: 3, reminded: 0, bounced: 1, unsubscribed: 1, answered: null });
    expect(figures.total).toEqual({ invited: 10, reminded: 3, bounced: 1, unsubscribed: 1, answered: null });
    expect(figures.threshold).toBe(DEFAULT_MIN_GROUP_SIZE);
    expect(figures.anonymity).toBe(1);
  });

  it('hides answered below k and shows it, adjusted by at most ±d, from k up', async () => {
    const few = await insertPeople(orgA, groups.sales, 10);
    const hidden = await participation(await insertCampaign(answering(few, groups.sales, 1)));
    expect(hidden.total.answered).toBeNull();
    expect(hidden.groups[0]!.answered).toBeNull();
    expect(hidden.by_day).toEqual([]);

    const many = await insertPeople(orgA, groups.finance, 40);
    const shown = await participation(await insertCampaign(answering(many, groups.finance, 30)));
    expect(shown.total.answered).not.toBeNull();
    expect(Math.abs(shown.total.answered! - 30)).toBeLessThanOrEqual(MAX_ADJUSTMENT);
    // One group holds the whole campaign: the same people, the same figure.
    expect(shown.groups[0]!.answered).toBe(shown.total.answered);
  });

  it('gives the same figures for the same people, asked again, by the second administrator, and on the home card', async () => {
    const people = await insertPeople(orgA, groups.sales, 25);
    const campaign = await insertCampaign(answering(people, groups.sales, 17), { sendAt: new Date(Date.now() - DAY / 2), name: 'Newest' });
    const first = await participation(campaign);
    expect(await participation(campaign)).toEqual(first);
    expect(await participation(campaign, tokens.second)).toEqual(first);
    const latest = (await latestOf(tokens.admin))!;
    expect(latest.campaign).toEqual({ id: campaign, name: 'Newest' });
    expect(latest.participation).toEqual(first);
    // Staff see no campaign: no card.
    expect(await latestOf(tokens.staff)).toBeUndefined();
  });

  it('counts a day by the campaign’s time zone', async () => {
    // 11:30 UTC on 1 March 2026 is already 2 March in Auckland (UTC+13) and still 1 March in Los Angeles.
    const at = new Date('2026-03-01T11:30:00Z');
    const people = await insertPeople(orgA, groups.sales, 20);
    const auckland = await participation(await insertCampaign(answering(people, groups.sales, 20, at), { timeZone: 'Pacific/Auckland' }));
    const angeles = await participation(await insertCampaign(answering(people, groups.sales, 20, at), { timeZone: 'America/Los_Angeles' }));
    expect(auckland.by_day.map((day) => day.day)).toEqual(['2026-03-02']);
    expect(angeles.by_day.map((day) => day.day)).toEqual(['2026-03-01']);
  });
});

/** Over PAIRS trials, how often the attacker's difference is the target's state, and how often only one state fits. */
interface AttackTally {
  exact: number;
  pinned: number;
  trials: number;
}

const expectNoExactLearning = (tally: AttackTally): void => {
  expect(tally.trials).toBe(PAIRS);
  // Of the PAIRS / 2 trials where the target answered, the difference is 1 when two independent
  // adjustments cancel (about 27% of the time); without noise it would be every time.
  expect(tally.exact).toBeLessThan((PAIRS / 2) * 0.6);
  // Only one state fits when an adjustment took its extreme (1 key in 256 each side).
  expect(tally.pinned).toBeLessThanOrEqual(3);
};

describe('an administrator with the staff file learns no one person’s participation exactly', () => {
  it('from two campaigns that differ by the target', async () => {
    const tally: AttackTally = { exact: 0, pinned: 0, trials: 0 };
    const k = DEFAULT_MIN_GROUP_SIZE;
    for (let trial = 0; trial < PAIRS; trial += 1) {
      const others = await insertPeople(orgA, groups.sales, 12);
      const [target] = await insertPeople(orgA, groups.sales, 1);
      const targetAnswered = trial % 2 === 0;
      const othersAnswered = 9;
      const withTarget = await insertCampaign([...answering(others, groups.sales, othersAnswered), { person: target!, group: groups.sales, ...(targetAnswered ? { answeredAt: new Date() } : {}) }]);
      const without = await insertCampaign(answering(others, groups.sales, othersAnswered));
      const a = (await participation(withTarget)).total.answered;
      const b = (await participation(without)).total.answered;
      tally.trials += 1;
      if (targetAnswered && a !== null && b !== null && a - b === 1) tally.exact += 1;
      // The strongest attacker knows the others' states: which of the target's states fit both figures?
      const fitting = [0, 1].filter((x) => fits(a, othersAnswered + x, k) && fits(b, othersAnswered, k));
      expect(fitting).toContain(targetAnswered ? 1 : 0);
      if (fitting.length === 1) tally.pinned += 1;
    }
    expectNoExactLearning(tally);
  });

  it('from a campaign against its groups, the target alone in a group', async () => {
    const tally: AttackTally = { exact: 0, pinned: 0, trials: 0 };
    const k = DEFAULT_MIN_GROUP_SIZE;
    for (let trial = 0; trial < PAIRS; trial += 1) {
      const sales = await insertPeople(orgA, groups.sales, 12);
      const [target] = await insertPeople(orgA, groups.solo, 1);
      const targetAnswered = trial % 2 === 0;
      const figures = await participation(
        await insertCampaign([...answering(sales, groups.sales, 9), { person: target!, group: groups.solo, ...(targetAnswered ? { answeredAt: new Date() } : {}) }]),
      );
      const solo = figures.groups.find((group) => group.group.id === groups.solo)!;
      const salesRow = figures.groups.find((group) => group.group.id === groups.sales)!;
      // The one-person group is never shown.
      expect(solo.answered).toBeNull();
      tally.trials += 1;
      const total = figures.total.answered;
      if (targetAnswered && total !== null && salesRow.answered !== null && total - salesRow.answered === 1) tally.exact += 1;
      // Shown totals are raised to hold their shown groups, so the total fits a state when its own figure or that raise explains it.
      const fitting = [0, 1].filter((x) => (fits(total, 9 + x, k) || total === salesRow.answered) && fits(salesRow.answered, 9, k));
      expect(fitting).toContain(targetAnswered ? 1 : 0);
      if (fitting.length === 1) tally.pinned += 1;
    }
    expectNoExactLearning(tally);
  });

  it('from the days before and after the target’s answer', async () => {
    const tally: AttackTally = { exact: 0, pinned: 0, trials: 0 };
    const k = DEFAULT_MIN_GROUP_SIZE;
    const day = new Date('2026-06-10T02:00:00Z');
    for (let trial = 0; trial < PAIRS; trial += 1) {
      const others = await insertPeople(orgA, groups.finance, 10);
      const [target] = await insertPeople(orgA, groups.finance, 1);
      const targetAnswered = trial % 2 === 0;
      const campaign = await insertCampaign([...answering(others, groups.finance, 8, day), { person: target!, group: groups.finance }], { timeZone: 'Europe/Paris' });
      const dayOf = (figures: CampaignParticipation) => figures.by_day.find((row) => row.day === '2026-06-10')?.answered ?? null;
      const before = dayOf(await participation(campaign));
      if (targetAnswered) await answer(campaign, target!, new Date(day.getTime() + 3_600_000));
      const after = dayOf(await participation(campaign));
      tally.trials += 1;
      // Nobody answered: the same people, the same figure.
      if (!targetAnswered) expect(after).toBe(before);
      if (targetAnswered && before !== null && after !== null && after - before === 1) tally.exact += 1;
      const fitting = [0, 1].filter((x) => fits(after, 8 + x, k, 11) && fits(before, 8, k, 11));
      expect(fitting).toContain(targetAnswered ? 1 : 0);
      if (fitting.length === 1) tally.pinned += 1;
    }
    expectNoExactLearning(tally);
  });
});

describe('home’s participation card', () => {
  it('is absent without a running or closed campaign, and reads the most recent one', async () => {
    const organizationId = await insertOrganization(database.db);
    const admin = await insertUser(database.db, { organizationId, role: 'admin' });
    const token = await signIn(app, admin.email);
    const group = await insertGroup(organizationId, 'Only');
    const link = await insertLink(organizationId, 'home');
    const people = await insertPeople(organizationId, group, 8);
    const options = { organizationId, link };
    expect(await latestOf(token)).toBeUndefined();
    // Not yet sent, cancelled, or paused while running: none is shown.
    await insertCampaign(answering(people, group, 0), { ...options, sendAt: new Date(Date.now() + DAY) });
    await insertCampaign(answering(people, group, 0), { ...options, state: 'cancelled' });
    await insertCampaign(answering(people, group, 0), { ...options, state: 'paused' });
    expect(await latestOf(token)).toBeUndefined();
    const closed = await insertCampaign(answering(people, group, 8), { ...options, sendAt: new Date(Date.now() - 20 * DAY), closesAt: new Date(Date.now() - DAY) });
    const running = await insertCampaign(answering(people, group, 8), { ...options, sendAt: new Date(Date.now() - 2 * DAY) });
    const latest = (await latestOf(token))!;
    expect(latest.campaign.id).toBe(running);
    expect(latest.participation).toEqual(await participation(running, token));
    await database.db.updateTable('campaigns').set({ state: 'cancelled' }).where('id', '=', running).execute();
    expect((await latestOf(token))!.campaign.id).toBe(closed);
  });
});
