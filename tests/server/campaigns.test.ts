import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_NAME_MAX, type Campaign, type CampaignInput, CampaignMessages } from '../../domain/contracts/campaigns';
import type { OpenDatabase } from '../../server/db/connect';
import { get, insertOrganization, insertUser, passwordHash, post, signIn } from './helpers/accounts';
import { closeTestApp, openTestApp } from './helpers/testApp';

/**
 * Campaigns (issue 29): created, listed, edited, paused, resumed and cancelled through the API,
 * with their recipients, their jobs and every refusal of the contract. Times are in 2027, after
 * the test's clock, and the link open until 2028. What the sender does is written straight into
 * the tables (a step-0 mail, a done job) to see what an edit does after the invitation went.
 */

const DAY = 86_400_000;

let database: OpenDatabase;
let app: FastifyInstance;
let orgA: string;
let orgB: string;
let tokens: { admin: string; second: string; assignee: string; staff: string; adminB: string };
let groups: { sales: string; east: string; finance: string; empty: string; elsewhere: string };
let people: { salesEs: string; eastOne: string; salesBounced: string; financeOne: string; financeTwo: string; elsewhere: string };
let links: { open: string; small: string; closed: string; soon: string; foreign: string };

const insertGroup = async (organizationId: string, name: string, parentId: string | null = null): Promise<string> =>
  (await database.db.insertInto('departments').values({ organization_id: organizationId, name, parent_id: parentId }).returning('id').executeTakeFirstOrThrow()).id;

const insertPerson = async (organizationId: string, groupId: string, extra: { sub_group_id?: string; preferred_language?: string; bounced_at?: Date } = {}): Promise<string> =>
  (
    await database.db
      .insertInto('people')
      .values({ organization_id: organizationId, email: `p-${randomUUID()}@example.test`, first_name: 'Pat', last_name: 'Person', group_id: groupId, ...extra })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const insertLink = async (organizationId: string, options: { capacity?: number; active?: boolean; expiresAt?: Date; used?: number } = {}): Promise<string> =>
  (
    await database.db
      .insertInto('survey_tokens')
      .values({
        organization_id: organizationId,
        token: `t-${randomUUID()}`,
        alias: `a-${randomUUID().slice(0, 8)}`,
        survey_id: 1,
        department_id: null,
        expires_at: options.expiresAt ?? new Date('2028-01-01T00:00Z'),
        capacity: options.capacity ?? 1000,
        used: options.used ?? 0,
        active: options.active ?? true,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const input = (change: Partial<CampaignInput> = {}): CampaignInput => ({
  name: 'Spring survey',
  token_id: links.open,
  recipients: { group_ids: [groups.sales], person_ids: [] },
  time_zone: 'Europe/Berlin',
  send_local: '2027-03-26T09:00',
  reminder_days: [3],
  closes_local: '2027-04-30T18:00',
  ...change,
});

const create = (body: unknown, token = tokens.admin) => post(app, '/api/campaigns', body, { token });
const update = (body: unknown, token = tokens.admin) => post(app, '/api/campaigns/update', body, { token });
const decide = (action: 'pause' | 'resume' | 'cancel', id: string, token = tokens.admin) => post(app, `/api/campaigns/${action}`, { id }, { token });

const created = async (change: Partial<CampaignInput> = {}): Promise<Campaign> => {
  const response = await create(input(change));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Campaign;
};

const ok = (response: LightMyRequestResponse): Campaign => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Campaign;
};

const refusedWith = (response: LightMyRequestResponse, status: number, message: string, field?: string): void => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message, response.body).toBe(message);
  if (field !== undefined) expect(response.json().errors?.[field], response.body).toEqual([message]);
};

const jobsOf = (campaignId: string) =>
  database.db.selectFrom('jobs').select(['key', 'kind', 'run_at', 'done_at', 'payload', 'organization_id']).where('key', 'like', `campaign:${campaignId}:%`).orderBy('key').execute();

const recipientsOf = (campaignId: string) =>
  database.db.selectFrom('campaign_recipients').select(['person_id', 'group_id', 'language']).where('campaign_id', '=', campaignId).orderBy('person_id').execute();

/** What the sender writes when the invitation of one recipient goes. */
const invitationWent = async (campaignId: string, personId: string, state: 'sent' | 'queued' = 'sent'): Promise<void> => {
  await database.db
    .insertInto('campaign_messages')
    .values({ organization_id: orgA, campaign_id: campaignId, person_id: personId, step: 0, state, sent_at: state === 'sent' ? new Date() : null })
    .execute();
};

beforeAll(async () => {
  ({ database, app } = await openTestApp());
  await passwordHash();
  orgA = await insertOrganization(database.db);
  orgB = await insertOrganization(database.db);
  await database.db.updateTable('organizations').set({ survey_locale: 'fr' }).where('id', '=', orgA).execute();
  groups = {
    sales: await insertGroup(orgA, 'Sales'),
    east: '',
    finance: await insertGroup(orgA, 'Finance'),
    empty: await insertGroup(orgA, 'Empty'),
    elsewhere: await insertGroup(orgB, 'Elsewhere'),
  };
  groups.east = await insertGroup(orgA, 'Sales East', groups.sales);
  const admin = await insertUser(database.db, { organizationId: orgA, role: 'admin' });
  const second = await insertUser(database.db, { organizationId: orgA, role: 'second_admin' });
  const assignee = await insertUser(database.db, { organizationId: orgA, role: 'group_assignee' });
  const staff = await insertUser(database.db, { organizationId: orgA, role: 'staff' });
  const adminB = await insertUser(database.db, { organizationId: orgB, role: 'admin' });
  await database.db.updateTable('departments').set({ assignee_id: assignee.id }).where('id', '=', groups.sales).execute();
  tokens = {
    admin: await signIn(app, admin.email),
    second: await signIn(app, second.email),
    assignee: await signIn(app, assignee.email),
    staff: await signIn(app, staff.email),
    adminB: await signIn(app, adminB.email),
  };
  people = {
    salesEs: await insertPerson(orgA, groups.sales, { preferred_language: 'es' }),
    eastOne: await insertPerson(orgA, groups.sales, { sub_group_id: groups.east }),
    salesBounced: await insertPerson(orgA, groups.sales, { bounced_at: new Date() }),
    financeOne: await insertPerson(orgA, groups.finance),
    financeTwo: await insertPerson(orgA, groups.finance, { preferred_language: 'zh' }),
    elsewhere: await insertPerson(orgB, groups.elsewhere),
  };
  links = {
    open: await insertLink(orgA),
    small: await insertLink(orgA, { capacity: 5, used: 3 }),
    closed: await insertLink(orgA, { active: false }),
    soon: await insertLink(orgA, { expiresAt: new Date('2027-04-15T00:00Z') }),
    foreign: await insertLink(orgB),
  };
});

afterAll(() => closeTestApp({ app, database }));

describe('creating a campaign', () => {
  it('invites a group’s people with its sub-groups’, each in their language, and schedules every step', async () => {
    const campaign = await created();
    expect(campaign).toMatchObject({
      name: 'Spring survey',
      link: { id: links.open, survey_name: expect.any(String), anonymity: 1 },
      time_zone: 'Europe/Berlin',
      send_local: '2027-03-26T09:00',
      send_at: '2027-03-26T08:00:00.000Z',
      reminder_days: [3],
      closes_local: '2027-04-30T18:00',
      closes_at: '2027-04-30T16:00:00.000Z',
      state: 'scheduled',
      groups: [{ id: groups.sales, name: 'Sales' }],
      recipient_count: 3,
    });
    // The clocks moved on 28 March: the reminder is still at 09:00 in Berlin, 07:00 UTC.
    expect(campaign.steps).toEqual([
      { step: 0, at: '2027-03-26T08:00:00.000Z', sent: 0, queued: 0 },
      { step: 1, at: '2027-03-29T07:00:00.000Z', sent: 0, queued: 0 },
    ]);
    // The bounced person is recorded too (the sender skips them); languages: preferred, else the organisation's.
    expect(await recipientsOf(campaign.id)).toEqual(
      [
        { person_id: people.salesEs, group_id: groups.sales, language: 'es' },
        { person_id: people.eastOne, group_id: groups.sales, language: 'fr' },
        { person_id: people.salesBounced, group_id: groups.sales, language: 'fr' },
      ].sort((x, y) => x.person_id.localeCompare(y.person_id)),
    );
    const jobs = await jobsOf(campaign.id);
    expect(jobs.map(({ key, kind, run_at, done_at, organization_id }) => ({ key, kind, run_at: run_at.toISOString(), done_at, organization_id }))).toEqual([
      { key: `campaign:${campaign.id}:close`, kind: 'campaign.close', run_at: '2027-04-30T16:00:00.000Z', done_at: null, organization_id: orgA },
      { key: `campaign:${campaign.id}:step:0`, kind: 'campaign.step', run_at: '2027-03-26T08:00:00.000Z', done_at: null, organization_id: orgA },
      { key: `campaign:${campaign.id}:step:1`, kind: 'campaign.step', run_at: '2027-03-29T07:00:00.000Z', done_at: null, organization_id: orgA },
    ]);
    expect(jobs.find((job) => job.key.endsWith(':step:1'))?.payload).toEqual({ campaign_id: campaign.id, step: 1 });
  });

  it('picks a sub-group’s people alone, people one by one, each once', async () => {
    const campaign = await created({ recipients: { group_ids: [groups.east, groups.east], person_ids: [people.financeTwo, people.eastOne, people.financeTwo] } });
    expect(campaign.recipient_count).toBe(2);
    expect(campaign.groups).toEqual([{ id: groups.finance, name: 'Finance' }, { id: groups.sales, name: 'Sales' }]);
    expect((await recipientsOf(campaign.id)).map((row) => row.person_id).sort()).toEqual([people.eastOne, people.financeTwo].sort());
    expect((await recipientsOf(campaign.id)).find((row) => row.person_id === people.financeTwo)?.language).toBe('zh');
    // The choice comes back as picked (each once), so the edit form shows the people picked one by one.
    expect(campaign.recipients).toEqual({ group_ids: [groups.east], person_ids: [people.financeTwo, people.eastOne] });
  });

  it('is for the administrators only, and audited with counts, no addresses', async () => {
    const second = ok(await create(input({ name: 'By the second administrator' }), tokens.second));
    for (const token of [tokens.assignee, tokens.staff]) refusedWith(await create(input(), token), 403, CampaignMessages.notAllowed);
    const row = await database.db.selectFrom('audit_log').select(['action', 'details', 'organization_id']).where('action', '=', 'campaign.created').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ organization_id: orgA, details: { campaign_id: second.id, recipients: 3, reminders: 1 } });
    expect(JSON.stringify(row.details)).not.toContain('@');
  });

  it('refuses every broken rule in the contract’s words', async () => {
    const cases: [Partial<CampaignInput>, number, string, string?][] = [
      [{ name: '   ' }, 422, CampaignMessages.nameRequired, 'name'],
      [{ name: 'x'.repeat(CAMPAIGN_NAME_MAX + 1) }, 422, CampaignMessages.nameTooLong, 'name'],
      [{ token_id: randomUUID() }, 404, CampaignMessages.linkNotFound],
      [{ token_id: 'not-an-id' }, 404, CampaignMessages.linkNotFound],
      [{ token_id: links.closed }, 422, CampaignMessages.linkClosed],
      [{ token_id: links.small }, 422, CampaignMessages.notEnoughSeats],
      [{ recipients: { group_ids: [], person_ids: [] } }, 422, CampaignMessages.noRecipients, 'recipients'],
      [{ recipients: { group_ids: [groups.empty], person_ids: [] } }, 422, CampaignMessages.noRecipients, 'recipients'],
      [{ recipients: { group_ids: [randomUUID()], person_ids: [] } }, 422, CampaignMessages.recipientUnknown, 'recipients'],
      [{ recipients: { group_ids: [], person_ids: ['nobody'] } }, 422, CampaignMessages.recipientUnknown, 'recipients'],
      [{ time_zone: 'Europe/Atlantis' }, 422, CampaignMessages.timeZoneUnknown, 'time_zone'],
      [{ send_local: '26/03/2027 09:00' }, 422, CampaignMessages.timeInvalid, 'send_local'],
      [{ send_local: '2027-03-28T02:30' }, 422, CampaignMessages.timeNotInZone, 'send_local'],
      [{ send_local: '2020-03-26T09:00' }, 422, CampaignMessages.sendInPast, 'send_local'],
      [{ closes_local: '2027-03-20T09:00', reminder_days: [] }, 422, CampaignMessages.closesBeforeSend, 'closes_local'],
      [{ token_id: links.soon }, 422, CampaignMessages.closesAfterLink, 'closes_local'],
      [{ reminder_days: [1, 2, 3, 4] }, 422, CampaignMessages.remindersTooMany, 'reminder_days'],
      [{ reminder_days: [7, 3] }, 422, CampaignMessages.reminderDays, 'reminder_days'],
      [{ reminder_days: [61] }, 422, CampaignMessages.reminderDays, 'reminder_days'],
      [{ reminder_days: [3, 40] }, 422, CampaignMessages.reminderAfterClose, 'reminder_days'],
    ];
    const before = await database.db.selectFrom('campaigns').select(database.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const [change, status, message, field] of cases) refusedWith(await create(input(change)), status, message, field);
    const after = await database.db.selectFrom('campaigns').select(database.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('takes a seat for every recipient: exactly as many as are left is enough', async () => {
    // Two seats left on the small link, two people in Finance.
    const campaign = await created({ token_id: links.small, recipients: { group_ids: [groups.finance], person_ids: [] } });
    expect(campaign.recipient_count).toBe(2);
    refusedWith(await create(input({ token_id: links.small, recipients: { group_ids: [groups.finance], person_ids: [people.eastOne] } })), 422, CampaignMessages.notEnoughSeats);
  });
});

describe('another organisation', () => {
  it('never sees A’s campaigns, and its ids answer A as unknown ones', async () => {
    const campaign = await created({ name: 'Only for A' });
    const listB = await get(app, '/api/campaigns', { token: tokens.adminB });
    expect(listB.statusCode).toBe(200);
    expect(listB.body).not.toContain(campaign.id);
    expect(listB.body).not.toContain('Only for A');
    for (const action of ['pause', 'resume', 'cancel'] as const) {
      const foreign = await decide(action, campaign.id, tokens.adminB);
      const unknown = await decide(action, randomUUID(), tokens.adminB);
      const nonsense = await decide(action, 'nonsense', tokens.adminB);
      for (const response of [foreign, unknown, nonsense]) refusedWith(response, 404, CampaignMessages.notFound);
      expect(foreign.body).toBe(unknown.body);
    }
    refusedWith(await update({ ...input(), id: campaign.id, token_id: links.foreign }, tokens.adminB), 404, CampaignMessages.notFound);
    // A's link, groups and people are unknown to B, as B's are to A.
    const asB = (change: Partial<CampaignInput>) => create({ ...input(), token_id: links.foreign, recipients: { group_ids: [groups.elsewhere], person_ids: [] }, ...change }, tokens.adminB);
    refusedWith(await asB({ token_id: links.open }), 404, CampaignMessages.linkNotFound);
    refusedWith(await asB({ recipients: { group_ids: [groups.sales], person_ids: [] } }), 422, CampaignMessages.recipientUnknown);
    refusedWith(await asB({ recipients: { group_ids: [], person_ids: [people.salesEs] } }), 422, CampaignMessages.recipientUnknown);
    refusedWith(await create(input({ token_id: links.foreign })), 404, CampaignMessages.linkNotFound);
    refusedWith(await create(input({ recipients: { group_ids: [groups.elsewhere], person_ids: [] } })), 422, CampaignMessages.recipientUnknown);
    refusedWith(await create(input({ recipients: { group_ids: [], person_ids: [people.elsewhere] } })), 422, CampaignMessages.recipientUnknown);
    expect((await get(app, '/api/campaigns', { token: tokens.admin })).body).toContain(campaign.id);
    const state = await database.db.selectFrom('campaigns').select('state').where('id', '=', campaign.id).executeTakeFirstOrThrow();
    expect(state.state).toBe('scheduled');
  });
});

describe('the list', () => {
  it('shows the organisation’s campaigns newest first to the administrators only', async () => {
    const first = await created({ name: 'Listed first' });
    const second = await created({ name: 'Listed second' });
    for (const token of [tokens.admin, tokens.second]) {
      const response = await get(app, '/api/campaigns', { token });
      expect(response.statusCode).toBe(200);
      const ids = (response.json().data.campaigns as Campaign[]).map((campaign) => campaign.id);
      expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    }
    for (const token of [tokens.assignee, tokens.staff]) refusedWith(await get(app, '/api/campaigns', { token }), 403, CampaignMessages.notAllowed);
  });

  it('reads running and closed from the clock, and counts each step’s mails', async () => {
    const campaign = await created({ name: 'On the clock' });
    const listed = async (): Promise<Campaign> => ((await get(app, '/api/campaigns', { token: tokens.admin })).json().data.campaigns as Campaign[]).find((each) => each.id === campaign.id)!;
    await invitationWent(campaign.id, people.salesEs);
    await invitationWent(campaign.id, people.eastOne, 'queued');
    await database.db.updateTable('campaigns').set({ send_at: new Date(Date.now() - DAY) }).where('id', '=', campaign.id).execute();
    const running = await listed();
    expect(running.state).toBe('running');
    expect(running.steps[0]).toMatchObject({ step: 0, sent: 1, queued: 1 });
    await database.db.updateTable('campaigns').set({ closes_at: new Date(Date.now() - 1000) }).where('id', '=', campaign.id).execute();
    expect((await listed()).state).toBe('closed');
    refusedWith(await update({ ...input(), id: campaign.id }), 409, CampaignMessages.alreadyClosed);
    refusedWith(await decide('pause', campaign.id), 409, CampaignMessages.alreadyClosed);
    refusedWith(await decide('cancel', campaign.id), 409, CampaignMessages.alreadyClosed);
  });
});

describe('editing', () => {
  it('before the invitation: recipients chosen again, jobs moved, a dropped reminder’s job removed', async () => {
    const campaign = await created({ reminder_days: [3, 7] });
    expect((await jobsOf(campaign.id)).map((job) => job.key.split(':').slice(2).join(':'))).toEqual(['close', 'step:0', 'step:1', 'step:2']);
    const edited = ok(
      await update({
        ...input({ name: 'Renamed', recipients: { group_ids: [groups.finance], person_ids: [] }, send_local: '2027-03-27T10:30', reminder_days: [2], closes_local: '2027-05-01T12:00' }),
        id: campaign.id,
      }),
    );
    expect(edited).toMatchObject({ name: 'Renamed', recipient_count: 2, groups: [{ id: groups.finance, name: 'Finance' }], send_at: '2027-03-27T09:30:00.000Z' });
    // 27 March is still winter time in Berlin (+01:00); 29 March is summer time (+02:00).
    expect(edited.steps.map((step) => step.at)).toEqual(['2027-03-27T09:30:00.000Z', '2027-03-29T08:30:00.000Z']);
    expect((await recipientsOf(campaign.id)).map((row) => row.person_id).sort()).toEqual([people.financeOne, people.financeTwo].sort());
    const jobs = await jobsOf(campaign.id);
    expect(jobs.map((job) => [job.key.split(':').slice(2).join(':'), job.run_at.toISOString()])).toEqual([
      ['close', '2027-05-01T10:00:00.000Z'],
      ['step:0', '2027-03-27T09:30:00.000Z'],
      ['step:1', '2027-03-29T08:30:00.000Z'],
    ]);
    const audited = await database.db.selectFrom('audit_log').select('details').where('action', '=', 'campaign.updated').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audited.details).toMatchObject({ campaign_id: campaign.id, recipients: 2, recipients_changed: true });
  });

  it('after the invitation went: recipients, link and time stay; reminders and closing move; a step that ran keeps its job', async () => {
    const campaign = await created({ reminder_days: [3] });
    await invitationWent(campaign.id, people.salesEs);
    await database.db.updateTable('jobs').set({ done_at: new Date() }).where('key', '=', `campaign:${campaign.id}:step:0`).execute();
    const stepZero = (await jobsOf(campaign.id)).find((job) => job.key.endsWith(':step:0'))!;

    refusedWith(await update({ ...input({ recipients: { group_ids: [groups.finance], person_ids: [] } }), id: campaign.id }), 422, CampaignMessages.recipientsFixed, 'recipients');
    refusedWith(await update({ ...input({ recipients: { group_ids: [groups.east], person_ids: [] } }), id: campaign.id }), 422, CampaignMessages.recipientsFixed, 'recipients');
    refusedWith(await update({ ...input({ send_local: '2027-03-27T09:00' }), id: campaign.id }), 422, CampaignMessages.sendFixed, 'send_local');
    refusedWith(await update({ ...input({ time_zone: 'Europe/Paris' }), id: campaign.id }), 422, CampaignMessages.sendFixed, 'send_local');
    refusedWith(await update({ ...input({ token_id: links.soon }), id: campaign.id }), 422, CampaignMessages.sendFixed, 'token_id');

    // The same recipients (or none named) are the same; the reminders move, the step that ran does not.
    const same = ok(await update({ ...input({ reminder_days: [4, 10], closes_local: '2027-05-15T18:00' }), id: campaign.id }));
    expect(same.recipient_count).toBe(3);
    const unnamed = ok(await update({ ...input({ recipients: { group_ids: [], person_ids: [] }, reminder_days: [5, 10], closes_local: '2027-05-15T18:00' }), id: campaign.id }));
    expect(unnamed.steps.map((step) => step.at)).toEqual(['2027-03-26T08:00:00.000Z', '2027-03-31T07:00:00.000Z', '2027-04-05T07:00:00.000Z']);
    expect(unnamed.steps[0]).toMatchObject({ sent: 1, queued: 0 });
    const jobs = await jobsOf(campaign.id);
    expect(jobs.find((job) => job.key.endsWith(':step:0'))).toEqual(stepZero);
    expect(jobs.find((job) => job.key.endsWith(':step:2'))?.run_at.toISOString()).toBe('2027-04-05T07:00:00.000Z');
    expect((await recipientsOf(campaign.id)).length).toBe(3);

    // A reminder taken away after it ran keeps its job; one not yet run loses it.
    await database.db.updateTable('jobs').set({ done_at: new Date() }).where('key', '=', `campaign:${campaign.id}:step:1`).execute();
    ok(await update({ ...input({ recipients: { group_ids: [], person_ids: [] }, reminder_days: [], closes_local: '2027-05-15T18:00' }), id: campaign.id }));
    expect((await jobsOf(campaign.id)).map((job) => job.key.split(':').slice(2).join(':'))).toEqual(['close', 'step:0', 'step:1']);
  });

  it('after the invitation’s time, even with no mail yet, keeps the recipients', async () => {
    const campaign = await created();
    await database.db.updateTable('campaigns').set({ send_at: new Date(Date.now() - 60_000), send_local: '2026-01-01T09:00' }).where('id', '=', campaign.id).execute();
    refusedWith(await update({ ...input({ send_local: '2026-01-01T09:00', recipients: { group_ids: [groups.finance], person_ids: [] } }), id: campaign.id }), 422, CampaignMessages.recipientsFixed, 'recipients');
    // Its past time stays acceptable while it is left as it was.
    ok(await update({ ...input({ send_local: '2026-01-01T09:00', reminder_days: [] }), id: campaign.id }));
  });

  it('refuses the same broken rules as a creation, and unknown campaigns', async () => {
    const campaign = await created();
    refusedWith(await update({ ...input({ send_local: '2027-03-28T02:15' }), id: campaign.id }), 422, CampaignMessages.timeNotInZone, 'send_local');
    refusedWith(await update({ ...input({ send_local: '2021-01-01T09:00' }), id: campaign.id }), 422, CampaignMessages.sendInPast, 'send_local');
    refusedWith(await update({ ...input({ name: '' }), id: campaign.id }), 422, CampaignMessages.nameRequired, 'name');
    refusedWith(await update({ ...input({ token_id: links.small }), id: campaign.id }), 422, CampaignMessages.notEnoughSeats);
    refusedWith(await update({ ...input(), id: randomUUID() }), 404, CampaignMessages.notFound);
    refusedWith(await update({ ...input(), id: campaign.id }, tokens.staff), 403, CampaignMessages.notAllowed);
    const row = await database.db.selectFrom('campaigns').select(['name', 'send_local']).where('id', '=', campaign.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Spring survey', send_local: '2027-03-26T09:00' });
  });
});

describe('pause, resume, cancel', () => {
  it('pause and resume: paused stays paused, resuming puts the jobs back on the schedule', async () => {
    const campaign = await created();
    expect(ok(await decide('pause', campaign.id)).state).toBe('paused');
    expect(ok(await decide('pause', campaign.id)).state).toBe('paused');
    // The sender met the paused step and set its job aside; resuming schedules it again.
    await database.db.updateTable('jobs').set({ done_at: new Date() }).where('key', '=', `campaign:${campaign.id}:step:0`).execute();
    refusedWith(await decide('resume', campaign.id, tokens.staff), 403, CampaignMessages.notAllowed);
    expect(ok(await decide('resume', campaign.id, tokens.second)).state).toBe('scheduled');
    expect((await jobsOf(campaign.id)).every((job) => job.done_at === null)).toBe(true);
    refusedWith(await decide('resume', campaign.id), 409, CampaignMessages.notPaused);
    const actions = await database.db.selectFrom('audit_log').select('action').where('action', 'like', 'campaign.%').where(({ ref }) => ref('details'), 'is not', null).execute();
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['campaign.paused', 'campaign.resumed']));
  });

  it('cancel: for good; pending invitations revoked, answered ones kept, waiting mails skipped, work dropped', async () => {
    const campaign = await created();
    const invite = async (accepted: boolean) =>
      (
        await database.db
          .insertInto('invitations')
          .values({ organization_id: orgA, kind: 'survey', email: `i-${randomUUID()}@example.test`, token_hash: randomUUID(), expires_at: new Date('2027-05-01T00:00Z'), accepted_at: accepted ? new Date() : null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const pending = await invite(false);
    const answered = await invite(true);
    const unrelated = await invite(false);
    await database.db.updateTable('campaign_recipients').set({ invitation_id: pending }).where('campaign_id', '=', campaign.id).where('person_id', '=', people.salesEs).execute();
    await database.db.updateTable('campaign_recipients').set({ invitation_id: answered }).where('campaign_id', '=', campaign.id).where('person_id', '=', people.eastOne).execute();
    await invitationWent(campaign.id, people.salesEs);
    await invitationWent(campaign.id, people.salesBounced, 'queued');
    await database.db.updateTable('jobs').set({ done_at: new Date() }).where('key', '=', `campaign:${campaign.id}:step:0`).execute();

    refusedWith(await decide('cancel', campaign.id, tokens.assignee), 403, CampaignMessages.notAllowed);
    expect(ok(await decide('cancel', campaign.id)).state).toBe('cancelled');
    const invitations = await database.db.selectFrom('invitations').select(['id', 'revoked_at']).where('id', 'in', [pending, answered, unrelated]).execute();
    const revoked = Object.fromEntries(invitations.map((row) => [row.id, row.revoked_at !== null]));
    expect(revoked).toEqual({ [pending]: true, [answered]: false, [unrelated]: false });
    const messages = await database.db.selectFrom('campaign_messages').select(['person_id', 'state']).where('campaign_id', '=', campaign.id).execute();
    expect(Object.fromEntries(messages.map((row) => [row.person_id, row.state]))).toEqual({ [people.salesEs]: 'sent', [people.salesBounced]: 'skipped' });
    expect((await jobsOf(campaign.id)).map((job) => job.key.split(':').slice(2).join(':'))).toEqual(['step:0']);
    const audited = await database.db.selectFrom('audit_log').select('details').where('action', '=', 'campaign.cancelled').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audited.details).toMatchObject({ campaign_id: campaign.id, invitations_revoked: 1, mails_skipped: 1 });

    for (const action of ['cancel', 'pause', 'resume'] as const) refusedWith(await decide(action, campaign.id), 409, CampaignMessages.alreadyCancelled);
    refusedWith(await update({ ...input(), id: campaign.id }), 409, CampaignMessages.alreadyCancelled);
  });
});
