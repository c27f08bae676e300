import type { Kysely } from 'kysely';
import { type Campaign, CampaignMessages, type CampaignRecipients, type CampaignStep } from '../../../domain/contracts/campaigns';
import { notFound } from '../errors';
import { campaignState, stepInstants } from '../../../domain/campaigns/schedule';
import type { Database, JsonValue } from '../../db/database';

/** Counted per step: mails that went, and mails waiting for their turn or another try. */
const emptyCounts = (): { sent: number; queued: number } => ({ sent: 0, queued: 0 });

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);

/** The stored choice of recipients, read defensively (it is JSON). */
const choiceOf = (stored: JsonValue): CampaignRecipients => {
  const record = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  return { group_ids: ids(record.group_ids), person_ids: ids(record.person_ids) };
};

/** Which of the chosen groups and people still exist in the organisation: the edit form offers only those. */
const existingChoiceIds = async (db: Kysely<Database>, organizationId: string, choices: readonly CampaignRecipients[]): Promise<Set<string>> => {
  const groupIds = [...new Set(choices.flatMap((choice) => choice.group_ids))];
  const personIds = [...new Set(choices.flatMap((choice) => choice.person_ids))];
  const [groups, people] = await Promise.all([
    groupIds.length === 0
      ? []
      : db.selectFrom('departments').select('id').where('organization_id', '=', organizationId).where('id', 'in', groupIds).execute(),
    personIds.length === 0
      ? []
      : db.selectFrom('people').select('id').where('organization_id', '=', organizationId).where('id', 'in', personIds).execute(),
  ]);
  return new Set([...groups, ...people].map((row) => row.id));
};

/**
 * The organisation's campaigns as the contract shows them, newest first: each with its link,
 * its steps' instants and mail counts, and its recipients by group. `ids` narrows to those.
 */
export const readCampaigns = async (db: Kysely<Database>, organizationId: string, now: Date, ids?: readonly string[]): Promise<Campaign[]> => {
  if (ids !== undefined && ids.length === 0) return [];
  let query = db
    .selectFrom('campaigns as c')
    .innerJoin('survey_tokens as st', 'st.id', 'c.token_id')
    .innerJoin('surveys as s', 's.id', 'st.survey_id')
    .selectAll('c')
    .select(['st.alias as link_alias', 'st.anonymity as link_anonymity', 's.name as survey_name'])
    .where('c.organization_id', '=', organizationId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc');
  if (ids !== undefined) query = query.where('c.id', 'in', [...ids]);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const campaignIds = rows.map((row) => row.id);

  const groupRows = await db
    .selectFrom('campaign_recipients as r')
    .innerJoin('departments as d', 'd.id', 'r.group_id')
    .select(['r.campaign_id', 'd.id', 'd.name', db.fn.countAll<string>().as('n')])
    .where('r.campaign_id', 'in', campaignIds)
    .groupBy(['r.campaign_id', 'd.id', 'd.name'])
    .orderBy('d.name')
    .execute();
  const messageRows = await db
    .selectFrom('campaign_messages')
    .select(['campaign_id', 'step', 'state', db.fn.countAll<string>().as('n')])
    .where('campaign_id', 'in', campaignIds)
    .where('state', 'in', ['sent', 'queued'])
    .groupBy(['campaign_id', 'step', 'state'])
    .execute();

  const choices = new Map(rows.map((row) => [row.id, choiceOf(row.recipient_choice)]));
  const existing = await existingChoiceIds(db, organizationId, [...choices.values()]);

  return rows.map((row): Campaign => {
    const groups = groupRows.filter((group) => group.campaign_id === row.id);
    const counts = (step: number) => {
      const found = emptyCounts();
      for (const message of messageRows) {
        if (message.campaign_id !== row.id || Number(message.step) !== step) continue;
        if (message.state === 'sent') found.sent += Number(message.n);
        else found.queued += Number(message.n);
      }
      return found;
    };
    const steps = stepInstants(row, row.send_at).map((at, step): CampaignStep => ({ step, at: at.toISOString(), ...counts(step) }));
    return {
      id: row.id,
      name: row.name,
      link: { id: row.token_id, alias: row.link_alias, survey_name: row.survey_name, anonymity: row.link_anonymity === 0 ? 0 : 1 },
      time_zone: row.time_zone,
      send_local: row.send_local,
      send_at: row.send_at.toISOString(),
      reminder_days: [...row.reminder_days],
      closes_local: row.closes_local,
      closes_at: row.closes_at.toISOString(),
      state: campaignState(row, now),
      groups: groups.map((group) => ({ id: group.id, name: group.name })),
      recipient_count: groups.reduce((sum, group) => sum + Number(group.n), 0),
      recipients: {
        group_ids: choices.get(row.id)!.group_ids.filter((id) => existing.has(id)),
        person_ids: choices.get(row.id)!.person_ids.filter((id) => existing.has(id)),
      },
      steps,
      created_at: row.created_at.toISOString(),
    };
  });
};

/** One campaign as the contract shows it (it must exist: the caller found it). */
export const readCampaign = async (db: Kysely<Database>, organizationId: string, id: string, now: Date): Promise<Campaign> => {
  const [campaign] = await readCampaigns(db, organizationId, now, [id]);
  if (campaign === undefined) throw notFound(CampaignMessages.notFound);
  return campaign;
};
