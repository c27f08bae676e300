import { DateTime, IANAZone } from 'luxon';
import {
  CAMPAIGN_REMINDER_DAYS_MAX,
  CAMPAIGN_REMINDER_DAYS_MIN,
  CAMPAIGN_REMINDERS_MAX,
  CampaignMessages,
  type CampaignState,
} from '../contracts/campaigns';

/**
 * The time rules of a campaign (issue 29), without storage: wall-clock times chosen in an IANA
 * zone become instants, reminders keep the invitation's wall-clock time whatever daylight saving
 * time does in between, and a schedule is checked against the clock and the survey link.
 */

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
}

/** The zone's canonical name, or undefined when it is not an IANA zone. */
export const knownZone = (zone: string): string | undefined => {
  if (zone.trim() === '' || !IANAZone.isValidZone(zone)) return undefined;
  return IANAZone.create(zone).name;
};

/** YYYY-MM-DDTHH:mm read as a calendar date and time, or undefined (bad shape, 30 February, 24:00). */
const parseWallClock = (local: string): WallClock | undefined => {
  const match = LOCAL_PATTERN.exec(local);
  if (match === null) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  // Luxon reads 24:00 as the next midnight; a form's time stops at 23:59.
  if (hour > 23 || minute > 59) return undefined;
  const probe = DateTime.fromObject({ year, month, day, hour, minute }, { zone: 'UTC' });
  return probe.isValid ? { year, month, day, hour, minute } : undefined;
};

/** The wall clock's value as if it were UTC, in milliseconds. */
const naiveMs = (clock: WallClock): number => Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);

/**
 * Every instant at which the zone's clocks show this wall-clock time: none in a spring-forward
 * gap, two in an autumn overlap, else one. Earliest first. The candidate offsets are the zone's
 * offsets a day either side, which cover any one transition.
 */
const instantsOf = (clock: WallClock, zone: IANAZone): number[] => {
  const naive = naiveMs(clock);
  const offsets = new Set([zone.offset(naive - DAY_MS), zone.offset(naive), zone.offset(naive + DAY_MS)]);
  const instants = [...offsets].map((offset) => naive - offset * MINUTE_MS).filter((instant) => zone.offset(instant) * MINUTE_MS === naive - instant);
  return [...new Set(instants)].sort((a, b) => a - b);
};

export type LocalResolution = { readonly ok: true; readonly at: Date } | { readonly ok: false; readonly problem: 'timeInvalid' | 'timeNotInZone' };

/**
 * A wall-clock time in a zone as an instant. A time the clocks skip is refused; a time they show
 * twice (autumn) is the earlier of the two.
 */
export const resolveLocal = (local: string, zoneName: string): LocalResolution => {
  const clock = parseWallClock(local);
  if (clock === undefined) return { ok: false, problem: 'timeInvalid' };
  const instants = instantsOf(clock, IANAZone.create(zoneName));
  const first = instants[0];
  return first === undefined ? { ok: false, problem: 'timeNotInZone' } : { ok: true, at: new Date(first) };
};

/**
 * The instant `days` calendar days after a wall-clock time, at the same wall-clock time in the
 * zone. Should that day skip the time (spring forward), the reminder goes as the clocks reach
 * it, i.e. the same instant a clock not moved forward would show: a reminder is never dropped.
 */
export const sameClockDaysLater = (local: string, zoneName: string, days: number): Date => {
  const clock = parseWallClock(local);
  if (clock === undefined) throw new Error(`not a wall-clock time: ${local}`);
  const zone = IANAZone.create(zoneName);
  const shifted = DateTime.fromObject(clock, { zone: 'UTC' }).plus({ days });
  const later: WallClock = { year: shifted.year, month: shifted.month, day: shifted.day, hour: shifted.hour, minute: shifted.minute };
  const first = instantsOf(later, zone)[0];
  if (first !== undefined) return new Date(first);
  const naive = naiveMs(later);
  return new Date(naive - zone.offset(naive - DAY_MS) * MINUTE_MS);
};

/** The instants of the invitation (step 0) and of each reminder (steps 1 to 3). */
export const stepInstants = (schedule: { readonly time_zone: string; readonly send_local: string; readonly reminder_days: readonly number[] }, sendAt: Date): Date[] => [
  sendAt,
  ...schedule.reminder_days.map((days) => sameClockDaysLater(schedule.send_local, schedule.time_zone, days)),
];

/** reminder_days: at most three, whole days within the bounds, each after the one before. */
export const reminderDaysProblem = (days: readonly number[]): 'remindersTooMany' | 'reminderDays' | undefined => {
  if (days.length > CAMPAIGN_REMINDERS_MAX) return 'remindersTooMany';
  const inBounds = days.every((day) => Number.isInteger(day) && day >= CAMPAIGN_REMINDER_DAYS_MIN && day <= CAMPAIGN_REMINDER_DAYS_MAX);
  const ascending = days.every((day, index) => index === 0 || day > (days[index - 1] as number));
  return inBounds && ascending ? undefined : 'reminderDays';
};

export interface ScheduleInput {
  readonly time_zone: string;
  readonly send_local: string;
  readonly reminder_days: readonly number[];
  readonly closes_local: string;
}

export interface ScheduleContext {
  readonly now: Date;
  /** When the campaign's survey link stops taking answers. */
  readonly linkExpiresAt: Date;
  /** False once the invitation went: its time is then history, not a choice. */
  readonly sendMustBeFuture: boolean;
}

export interface ResolvedSchedule {
  readonly time_zone: string;
  readonly sendAt: Date;
  readonly closesAt: Date;
  /** Step 0 the invitation, then the reminders. */
  readonly steps: readonly Date[];
}

export type ScheduleField = 'time_zone' | 'send_local' | 'closes_local' | 'reminder_days';
export type ScheduleErrors = Partial<Record<ScheduleField, string>>;

export type ScheduleCheck = { readonly ok: true; readonly schedule: ResolvedSchedule } | { readonly ok: false; readonly errors: ScheduleErrors };

/** Every rule of a campaign's times, each refusal on the field it concerns. */
export const checkSchedule = (input: ScheduleInput, context: ScheduleContext): ScheduleCheck => {
  const zone = knownZone(input.time_zone);
  if (zone === undefined) return { ok: false, errors: { time_zone: CampaignMessages.timeZoneUnknown } };
  const errors: ScheduleErrors = {};
  const send = resolveLocal(input.send_local, zone);
  const closes = resolveLocal(input.closes_local, zone);
  if (!send.ok) errors.send_local = CampaignMessages[send.problem];
  if (!closes.ok) errors.closes_local = CampaignMessages[closes.problem];
  const daysProblem = reminderDaysProblem(input.reminder_days);
  if (daysProblem !== undefined) errors.reminder_days = CampaignMessages[daysProblem];
  if (!send.ok || !closes.ok) return { ok: false, errors };

  if (context.sendMustBeFuture && send.at.getTime() < context.now.getTime()) errors.send_local = CampaignMessages.sendInPast;
  if (closes.at.getTime() <= send.at.getTime()) errors.closes_local = CampaignMessages.closesBeforeSend;
  else if (closes.at.getTime() > context.linkExpiresAt.getTime()) errors.closes_local = CampaignMessages.closesAfterLink;
  const steps = daysProblem === undefined ? stepInstants({ ...input, time_zone: zone }, send.at) : [send.at];
  if (errors.reminder_days === undefined && steps.slice(1).some((at) => at.getTime() >= closes.at.getTime())) {
    errors.reminder_days = CampaignMessages.reminderAfterClose;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, schedule: { time_zone: zone, sendAt: send.at, closesAt: closes.at, steps } };
};

/** What a list shows: the administrator's decision, else what the clock says. */
export const campaignState = (
  campaign: { readonly state: 'scheduled' | 'paused' | 'cancelled'; readonly send_at: Date; readonly closes_at: Date },
  now: Date,
): CampaignState => {
  if (campaign.state === 'cancelled' || campaign.state === 'paused') return campaign.state;
  if (now.getTime() >= campaign.closes_at.getTime()) return 'closed';
  if (now.getTime() >= campaign.send_at.getTime()) return 'running';
  return 'scheduled';
};
