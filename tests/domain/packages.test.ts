import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, daysLeft, packageStatus, REMINDER_DAYS, reminderDue, seatsFree } from '../../domain/packages/rules';

describe('package rules (domain/packages/rules.ts)', () => {
  it('ends at its end instant exactly, and a suspended package is suspended whatever its dates', () => {
    const end = Date.UTC(2027, 0, 1);
    expect(packageStatus({ active: true, endsAt: end }, end - 1)).toBe('active');
    expect(packageStatus({ active: true, endsAt: end }, end)).toBe('ended');
    expect(packageStatus({ active: true, endsAt: null }, end)).toBe('active');
    expect(packageStatus({ active: false, endsAt: end + DAY_MS }, end)).toBe('suspended');
  });

  it('counts a started day as a day left, 0 once ended, none without an end', () => {
    const end = Date.UTC(2027, 0, 31);
    expect(daysLeft(end, end - 1)).toBe(1);
    expect(daysLeft(end, end - DAY_MS)).toBe(1);
    expect(daysLeft(end, end - DAY_MS - 1)).toBe(2);
    expect(daysLeft(end, end)).toBe(0);
    expect(daysLeft(end, end + 5 * DAY_MS)).toBe(0);
    expect(daysLeft(null, end)).toBeNull();
  });

  it('sends the 30, 7 and 1-day reminders in turn, each once, none after the end', () => {
    const end = Date.UTC(2027, 5, 30);
    const sent: number[] = [];
    const run = (daysBefore: number) => {
      const due = reminderDue(end, end - daysBefore * DAY_MS, sent);
      if (due !== null) sent.push(due);
      return due;
    };
    expect(run(31)).toBeNull();
    expect(run(30)).toBe(30);
    expect(run(29)).toBeNull();
    expect(run(7.5)).toBeNull();
    expect(run(7)).toBe(7);
    expect(run(6)).toBeNull();
    expect(run(1)).toBe(1);
    expect(run(0.1)).toBeNull();
    expect(run(0)).toBeNull();
    expect(run(-1)).toBeNull();
    expect(sent).toEqual([30, 7, 1]);
  });

  it('a package that starts with five days left gets the 7-day reminder only, never a late 30-day one', () => {
    const end = Date.UTC(2027, 5, 30);
    expect(reminderDue(end, end - 5 * DAY_MS, [])).toBe(7);
    expect(reminderDue(end, end - 5 * DAY_MS, [7])).toBeNull();
  });

  it('whatever the times the scheduler runs at, each reminder goes at most once, in order, and never after the end', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -2 * DAY_MS, max: 45 * DAY_MS }), { maxLength: 60 }), (offsets) => {
      const end = Date.UTC(2027, 5, 30);
      const sent: number[] = [];
      for (const before of [...offsets].sort((a, b) => b - a)) {
        const now = end - before;
        const due = reminderDue(end, now, sent);
        if (due === null) continue;
        expect(now).toBeLessThan(end);
        expect(end - now).toBeLessThanOrEqual(due * DAY_MS);
        sent.push(due);
      }
      expect(new Set(sent).size).toBe(sent.length);
      expect([...sent].sort((a, b) => b - a)).toEqual(sent);
      for (const days of sent) expect(REMINDER_DAYS).toContain(days);
    }));
  });

  it('free seats never go negative', () => {
    expect(seatsFree({ capacity: 100, promised: 30 })).toBe(70);
    expect(seatsFree({ capacity: 10, promised: 30 })).toBe(0);
  });
});
