import type { Kysely } from 'kysely';
import { CampaignMessages } from '../../../domain/contracts/campaigns';
import { checkSchedule, type ResolvedSchedule, type ScheduleInput } from '../../../domain/campaigns/schedule';
import type { Database, SurveyTokenRow } from '../../db/database';
import { DomainError, invalid, notFound } from '../errors';
import { isUuid } from '../organization/scope';

/**
 * The campaign's times checked against the clock and its survey link (the rules themselves are
 * domain/campaigns/schedule.ts). A refusal names every field at fault; its message is the first.
 */
export const requireSchedule = (input: ScheduleInput, context: { now: Date; link: Pick<SurveyTokenRow, 'expires_at'>; sendMustBeFuture: boolean }): ResolvedSchedule => {
  const checked = checkSchedule(input, { now: context.now, linkExpiresAt: context.link.expires_at, sendMustBeFuture: context.sendMustBeFuture });
  if (checked.ok) return checked.schedule;
  const entries = Object.entries(checked.errors);
  const [first] = entries;
  throw new DomainError('invalid', first?.[1] ?? CampaignMessages.timeInvalid, Object.fromEntries(entries.map(([field, message]) => [field, [message]])));
};

/** The organisation's survey link, which must take answers now. */
export const openCampaignLink = async (db: Kysely<Database>, organizationId: string, linkId: string, now: Date): Promise<SurveyTokenRow> => {
  const link = isUuid(linkId)
    ? await db.selectFrom('survey_tokens').selectAll().where('organization_id', '=', organizationId).where('id', '=', linkId).executeTakeFirst()
    : undefined;
  if (link === undefined) throw notFound(CampaignMessages.linkNotFound);
  if (!link.active || link.expires_at.getTime() <= now.getTime()) throw invalid(CampaignMessages.linkClosed);
  return link;
};

/** A free seat of the link for every recipient. */
export const requireSeats = (link: Pick<SurveyTokenRow, 'capacity' | 'used'>, recipients: number): void => {
  if (link.capacity - link.used < recipients) throw invalid(CampaignMessages.notEnoughSeats);
};
