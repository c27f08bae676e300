import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ADJUSTMENT, RECORD_KEY_RANGE, perturb } from '../../../domain/stats/cellkey';
import { participationShare, releaseParticipation, type ParticipationInput } from '../../../domain/stats/participation';

const K = 5;

/** A campaign: groups of recipients, some of whom answered, each with a random key sum; answers spread over days. */
const campaign = fc
  .array(fc.record({ recipients: fc.integer({ min: 1, max: 40 }), share: fc.double({ min: 0, max: 1, noNaN: true }), key: fc.integer({ min: 0, max: RECORD_KEY_RANGE - 1 }) }), { minLength: 1, maxLength: 6 })
  .chain((groups) =>
    fc.record({
      groups: fc.constant(groups.map((group) => ({ recipients: group.recipients, answered: { count: Math.floor(group.recipients * group.share), key: group.key } }))),
      days: fc.array(fc.record({ count: fc.integer({ min: 1, max: 20 }), key: fc.integer({ min: 0, max: RECORD_KEY_RANGE - 1 }) }), { maxLength: 5 }),
    }),
  )
  .map(({ groups, days }): ParticipationInput => {
    const answered = groups.reduce((sum, group) => ({ count: sum.count + group.answered.count, key: (sum.key + group.answered.key) % RECORD_KEY_RANGE }), { count: 0, key: 0 });
    return {
      k: K,
      groups,
      // A day holds some of the campaign's answers.
      days: days.map((day) => ({ ...day, count: Math.min(day.count, answered.count) })).filter((day) => day.count > 0),
      total: { recipients: groups.reduce((sum, group) => sum + group.recipients, 0), answered },
    };
  });

describe('releasing participation', () => {
  it('shows a figure only at k or more, within ±d of the truth and never above the people it is about', () => {
    fc.assert(
      fc.property(campaign, (input) => {
        const released = releaseParticipation(input);
        input.groups.forEach((group, i) => {
          const value = released.groups[i];
          if (value === null) return;
          expect(value).toBeGreaterThanOrEqual(K);
          expect(value).toBeLessThanOrEqual(group.recipients);
          expect(Math.abs(value - group.answered.count)).toBeLessThanOrEqual(MAX_ADJUSTMENT);
        });
        released.days.forEach((value, i) => {
          if (value === null) return;
          expect(value).toBeGreaterThanOrEqual(K);
          expect(Math.abs(value - input.days[i]!.count)).toBeLessThanOrEqual(MAX_ADJUSTMENT);
        });
        // A part of fewer than k people is never shown, whatever answered.
        input.groups.forEach((group, i) => group.recipients < K && expect(released.groups[i]).toBeNull());
      }),
      { numRuns: 300 },
    );
  });

  it('never shows a group of one or two people who answered below k as itself, and a single answer never', () => {
    fc.assert(
      fc.property(campaign, (input) => {
        const released = releaseParticipation(input);
        input.groups.forEach((group, i) => {
          if (group.answered.count <= 1) expect(released.groups[i]).toBeNull();
          if (group.answered.count > 0 && group.answered.count < K && released.groups[i] !== null) expect(released.groups[i]).not.toBe(group.answered.count);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same people the same figure: asked again, and a group that is the whole campaign', () => {
    fc.assert(
      fc.property(campaign, (input) => {
        expect(releaseParticipation(input)).toEqual(releaseParticipation(input));
        const whole = releaseParticipation({ ...input, groups: [input.total] });
        expect(whole.groups[0]).toBe(whole.total);
      }),
      { numRuns: 200 },
    );
  });

  it('shows a total at least as large as its shown groups', () => {
    fc.assert(
      fc.property(campaign, (input) => {
        const released = releaseParticipation(input);
        const shown = released.groups.filter((value): value is number => value !== null);
        if (input.groups.length > 1 && shown.length > 0) expect(released.total ?? 0).toBeGreaterThanOrEqual(Math.min(input.total.recipients, shown.reduce((sum, value) => sum + value, 0)));
      }),
      { numRuns: 300 },
    );
  });

  it('adjusts a campaign’s answered count under its people’s keys: another set of people, another adjustment', () => {
    const input = (key: number): ParticipationInput => ({ k: K, total: { recipients: 100, answered: { count: 40, key } }, groups: [], days: [] });
    const values = new Set(Array.from({ length: 256 }, (_, key) => releaseParticipation(input(key)).total));
    // Across cell keys the figure takes several values (it is not the bare count) ...
    expect(values.size).toBeGreaterThan(3);
    // ... and each is the cell key method's.
    for (let key = 0; key < 256; key += 17) expect(releaseParticipation(input(key)).total).toBe(perturb(40, key));
  });

  it('says the share of invited people who answered with one decimal, or nothing', () => {
    expect(participationShare(500, 103)).toBe(20.6);
    expect(participationShare(500, null)).toBeNull();
    expect(participationShare(0, 5)).toBeNull();
    expect(participationShare(10, 12)).toBe(100);
  });
});
