import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { CampaignMessages } from '../../domain/contracts/campaigns';
import { campaignState, checkSchedule, reminderDaysProblem, resolveLocal, sameClockDaysLater, type ScheduleInput } from '../../domain/campaigns/schedule';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney'] as const;
const MINUTE = 60_000;
const DAY = 86_400_000;

/** The wall clock an instant shows in a zone, to the minute. */
const wallClock = (at: Date, zone: string): string => DateTime.fromJSDate(at, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");

const pad = (n: number): string => String(n).padStart(2, '0');

/** Any wall-clock time of 2026 to 2030 (the 29th at most, so every month has the day). */
const localTime = fc
  .record({ year: fc.integer({ min: 2026, max: 2030 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }), hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) })
  .map(({ year, month, day, hour, minute }) => `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`);

const plusDays = (local: string, days: number): string => DateTime.fromISO(local, { zone: 'UTC' }).plus({ days }).toFormat("yyyy-MM-dd'T'HH:mm");

describe('wall-clock times in a zone', () => {
  it('resolve to an instant that shows the same wall clock, the earlier one when the clocks show it twice', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.date({ min: new Date('2026-01-01T00:00Z'), max: new Date('2030-12-31T00:00Z'), noInvalidDate: true }), (zone, date) => {
        const at = new Date(Math.floor(date.getTime() / MINUTE) * MINUTE);
        const local = wallClock(at, zone);
        const resolved = resolveLocal(local, zone);
        if (!resolved.ok) throw new Error(`${local} in ${zone} did not resolve`);
        expect(wallClock(resolved.at, zone)).toBe(local);
        // The same wall clock an hour either side can only be the other of an autumn pair.
        expect(resolved.at.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime() - resolved.at.getTime()).toBeLessThanOrEqual(60 * MINUTE);
      }),
      { numRuns: 500 },
    );
  });

  it('refuse a time the clocks skip in spring', () => {
    const gaps: readonly [string, string][] = [
      ['Europe/Berlin', '2027-03-28T02'],
      ['America/New_York', '2027-03-14T02'],
      ['Australia/Sydney', '2027-10-03T02'],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...gaps), fc.integer({ min: 0, max: 59 }), ([zone, hour], minute) => {
        expect(resolveLocal(`${hour}:${pad(minute)}`, zone)).toEqual({ ok: false, problem: 'timeNotInZone' });
      }),
    );
  });

  it('take the earlier instant of a time the clocks show twice in autumn', () => {
    expect(resolveLocal('2027-10-31T02:30', 'Europe/Berlin')).toEqual({ ok: true, at: new Date('2027-10-31T00:30Z') });
    expect(resolveLocal('2027-11-07T01:30', 'America/New_York')).toEqual({ ok: true, at: new Date('2027-11-07T05:30Z') });
    expect(resolveLocal('2027-04-04T02:30', 'Australia/Sydney')).toEqual({ ok: true, at: new Date('2027-04-03T15:30Z') });
  });

  it('refuse what is not a date and time', () => {
    for (const local of ['', '2027-02-30T09:00', '2027-13-01T09:00', '2027-01-01T24:00', '2027-01-01 09:00', '2027-01-01T9:00', '2027-01-01T09:00:00']) {
      expect(resolveLocal(local, 'Europe/Berlin'), local).toEqual({ ok: false, problem: 'timeInvalid' });
    }
  });
});

describe('reminders', () => {
  it('keep the invitation’s wall clock across any change of daylight saving time', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), localTime, fc.integer({ min: 1, max: 60 }), (zone, local, days) => {
        const target = plusDays(local, days);
        const reminder = sameClockDaysLater(local, zone, days);
        const expected = resolveLocal(target, zone);
        if (expected.ok) {
          expect(reminder).toEqual(expected.at);
          expect(wallClock(reminder, zone)).toBe(target);
        } else {
          // The day skips that time: the reminder goes as the clocks pass it, within the hour skipped.
          expect(wallClock(reminder, zone) > target).toBe(true);
          expect(wallClock(new Date(reminder.getTime() - 61 * MINUTE), zone) < target).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('land on the same local hour after the clocks moved (Berlin, spring 2027)', () => {
    expect(sameClockDaysLater('2027-03-26T09:00', 'Europe/Berlin', 3)).toEqual(new Date('2027-03-29T07:00Z'));
    expect(sameClockDaysLater('2027-10-29T09:00', 'Europe/Berlin', 3)).toEqual(new Date('2027-11-01T08:00Z'));
    expect(sameClockDaysLater('2027-03-12T09:00', 'America/New_York', 7)).toEqual(new Date('2027-03-19T13:00Z'));
    expect(sameClockDaysLater('2027-03-30T09:00', 'Australia/Sydney', 7)).toEqual(new Date('2027-04-05T23:00Z'));
  });

  it('are at most three, whole days from 1 to 60, each after the one before', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: -5, max: 70 }), fc.double({ noNaN: true, min: 0, max: 61 })), { maxLength: 5 }), (days) => {
        const problem = reminderDaysProblem(days);
        const wellFormed = days.every((day, i) => Number.isInteger(day) && day >= 1 && day <= 60 && (i === 0 || day > days[i - 1]!));
        if (days.length > 3) expect(problem).toBe('remindersTooMany');
        else expect(problem).toBe(wellFormed ? undefined : 'reminderDays');
      }),
    );
    expect(reminderDaysProblem([3, 7, 14])).toBeUndefined();
    expect(reminderDaysProblem([7, 3])).toBe('reminderDays');
    expect(reminderDaysProblem([3, 3])).toBe('reminderDays');
  });
});

describe('a schedule’s rules', () => {
  const now = new Date('2027-03-01T00:00Z');
  const context = { now, linkExpiresAt: new Date('2027-06-01T00:00Z'), sendMustBeFuture: true };
  const input: ScheduleInput = { time_zone: 'Europe/Berlin', send_local: '2027-03-26T09:00', reminder_days: [3, 7], closes_local: '2027-04-30T18:00' };
  const refusal = (change: Partial<ScheduleInput>, ctx = context) => {
    const checked = checkSchedule({ ...input, ...change }, ctx);
    return checked.ok ? undefined : checked.errors;
  };

  it('resolve every step of a good schedule', () => {
    const checked = checkSchedule(input, context);
    expect(checked.ok && checked.schedule.steps).toEqual([new Date('2027-03-26T08:00Z'), new Date('2027-03-29T07:00Z'), new Date('2027-04-02T07:00Z')]);
    expect(checked.ok && checked.schedule.closesAt).toEqual(new Date('2027-04-30T16:00Z'));
  });

  it('refuse each broken rule on its field', () => {
    expect(refusal({ time_zone: 'Mars/Olympus' })).toEqual({ time_zone: CampaignMessages.timeZoneUnknown });
    expect(refusal({ time_zone: '' })).toEqual({ time_zone: CampaignMessages.timeZoneUnknown });
    expect(refusal({ send_local: 'tomorrow' })).toEqual({ send_local: CampaignMessages.timeInvalid });
    expect(refusal({ send_local: '2027-03-28T02:30' })).toEqual({ send_local: CampaignMessages.timeNotInZone });
    expect(refusal({ closes_local: '2027-03-28T02:30' })).toEqual({ closes_local: CampaignMessages.timeNotInZone });
    expect(refusal({ send_local: '2027-02-01T09:00' })).toEqual({ send_local: CampaignMessages.sendInPast });
    expect(refusal({ send_local: '2027-02-01T09:00', closes_local: '2027-04-01T09:00', reminder_days: [] }, { ...context, sendMustBeFuture: false })).toBeUndefined();
    expect(refusal({ closes_local: '2027-03-26T09:00' })).toEqual({ closes_local: CampaignMessages.closesBeforeSend, reminder_days: CampaignMessages.reminderAfterClose });
    expect(refusal({ closes_local: '2027-06-01T09:00' })).toEqual({ closes_local: CampaignMessages.closesAfterLink });
    expect(refusal({ reminder_days: [3, 40] })).toEqual({ reminder_days: CampaignMessages.reminderAfterClose });
    expect(refusal({ reminder_days: [1, 2, 3, 4] })).toEqual({ reminder_days: CampaignMessages.remindersTooMany });
    expect(refusal({ reminder_days: [0] })).toEqual({ reminder_days: CampaignMessages.reminderDays });
  });
});

describe('the state a list shows', () => {
  it('is the administrator’s decision, else what the clock says', () => {
    const campaign = { send_at: new Date(10 * DAY), closes_at: new Date(20 * DAY) };
    fc.assert(
      fc.property(fc.constantFrom('scheduled' as const, 'paused' as const, 'cancelled' as const), fc.integer({ min: 0, max: 30 * DAY }), (state, at) => {
        const shown = campaignState({ ...campaign, state }, new Date(at));
        if (state !== 'scheduled') expect(shown).toBe(state);
        else expect(shown).toBe(at >= 20 * DAY ? 'closed' : at >= 10 * DAY ? 'running' : 'scheduled');
      }),
    );
  });
});
