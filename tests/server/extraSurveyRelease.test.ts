import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSuppressed } from '../../domain/contracts/stats';
import { MAX_ADJUSTMENT, RECORD_KEY_RANGE } from '../../domain/stats';
import { releaseExtra } from '../../server/services/extraSurvey/results';

/**
 * The release of an extra question's result over generated answers (no database): every figure
 * within ±d of the truth (the total, or the sum of the answers shown inside it), no option ever shown with a true count under k as that count, a
 * withheld result when the respondents are too few, every option listed, and the same answers
 * always giving the same figures.
 */

const VALUES = [
  { key: 'o1', label: 'A' },
  { key: 'o2', label: 'B' },
  { key: 'o3', label: 'C' },
  { key: 'prefer-not', label: 'Prefer not to answer', preferNot: true },
];

const key = fc.integer({ min: 0, max: RECORD_KEY_RANGE - 1 });
/** People each choosing one option (single choice): the option's count and the keys of its rows. */
const people = fc.array(fc.record({ option: fc.constantFrom('o1', 'o2', 'o3', 'prefer-not'), answerKey: key, responseKey: key }), { maxLength: 60 });

const counted = (answers: { option: string; answerKey: number; responseKey: number }[]) => {
  const cells = new Map<string, { count: number; key: number }>();
  for (const answer of answers) {
    const cell = cells.get(answer.option) ?? { count: 0, key: 0 };
    cells.set(answer.option, { count: cell.count + 1, key: (cell.key + answer.answerKey) % RECORD_KEY_RANGE });
  }
  const total = answers.reduce((sum, answer) => (sum + answer.responseKey) % RECORD_KEY_RANGE, 0);
  return {
    counts: [...cells].map(([option, cell]) => ({ values: {}, answer: option, count: cell.count, key: cell.key })),
    respondents: answers.length === 0 ? [] : [{ values: {}, count: answers.length, key: total }],
  };
};

describe('releaseExtra', () => {
  it('releases figures within ±d, never a count under k as itself, and lists every option', () => {
    fc.assert(
      fc.property(people, fc.constantFrom(5, 10), (answers, k) => {
        const release = releaseExtra(counted(answers), 'extra-q', VALUES, false, k);
        expect(releaseExtra(counted(answers), 'extra-q', VALUES, false, k)).toEqual(release);
        if (release.status !== 200) {
          expect(answers.length).toBeLessThan(k + MAX_ADJUSTMENT);
          return;
        }
        // The total holds the answers shown inside it (release.ts: a single-answer question's total is
        // never less than the sum of its shown cells): within ±d of the truth, or raised to that sum.
        const shownSum = release.data.cells.reduce((sum, cell) => (isSuppressed(cell) ? sum : sum + cell.count), 0);
        expect(release.data.total).toBeGreaterThanOrEqual(shownSum);
        if (release.data.total !== shownSum) expect(Math.abs(release.data.total - answers.length)).toBeLessThanOrEqual(MAX_ADJUSTMENT);
        expect(release.data.cells.map((cell) => cell.key)).toEqual(VALUES.map((value) => value.key));
        for (const cell of release.data.cells) {
          const truth = answers.filter((answer) => answer.option === cell.key).length;
          if (isSuppressed(cell)) continue;
          expect(Math.abs(cell.count - truth)).toBeLessThanOrEqual(MAX_ADJUSTMENT);
          expect(cell.count).toBeGreaterThanOrEqual(k);
          if (truth < k) expect(cell.count).not.toBe(truth);
        }
      }),
      { numRuns: 300 },
    );
  });
});
