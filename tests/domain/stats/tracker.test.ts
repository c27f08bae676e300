import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSuppressed } from '../../../domain/contracts/stats';
import { RowSpace } from './support/linear';
import { ALL_SELECTIONS, ANSWERS, ATOMS, BOXES, endpoint, inSelection, organisationArb, releasedData, type Person } from './support/population';

/**
 * Tracker attacks through the real composition an endpoint uses (releaseDistribution). The
 * attacker asks for every selection the filter panel can express and combines the answers in
 * every linear way (sums, differences, Denning's trackers are all linear), which the exact
 * span test below captures. They also hold the staff file: how many people each combination of
 * gender, generation and level has. They must not learn how many people of any group of 1 to
 * k-1 gave an answer; in particular not the answer of a person alone in their combination.
 */

const variables = ATOMS.length * ANSWERS.length;
const at = (atom: number, answer: number) => atom * ANSWERS.length + answer;
const row = (set: (index: number) => number | undefined) => Array.from({ length: variables }, (_, i) => set(i) ?? 0);

/** Everything the attacker can write down, as rows of a linear system over (atom, answer) counts. */
const attackerKnowledge = (people: readonly Person[], k: number, multiple: boolean, maxFilters = 2) => {
  const ask = endpoint(people, 'a', multiple, { maxFilters });
  const known = new RowSpace(variables);
  if (!multiple) {
    // The staff file: each combination's head count, and single answers add up to it.
    ATOMS.forEach((_, atom) => known.add(row((i) => (Math.floor(i / ANSWERS.length) === atom ? 1 : 0))));
  }
  const listed = new Set<string>();
  let releasedCells = 0;
  let anyReleased = false;
  for (const selection of ALL_SELECTIONS) {
    const data = releasedData(ask(selection, k));
    if (!data) continue;
    anyReleased = true;
    for (const cell of data.cells) {
      listed.add(cell.key);
      if (isSuppressed(cell)) continue;
      releasedCells++;
      const answer = ANSWERS.indexOf(cell.key as (typeof ANSWERS)[number]);
      known.add(row((i) => (i % ANSWERS.length === answer && inSelection(ATOMS[Math.floor(i / ANSWERS.length)], selection) ? 1 : 0)));
    }
  }
  // Once any distribution is shown, a value it does not list is known to be nobody's answer.
  if (anyReleased) {
    ANSWERS.forEach((key, answer) => {
      if (!listed.has(key)) ATOMS.forEach((_, atom) => known.add(row((i) => (i === at(atom, answer) ? 1 : 0))));
    });
  }
  return { known, releasedCells };
};

const smallGroupsStayHidden = (people: readonly Person[], k: number, multiple: boolean, maxFilters = 2): number => {
  const { known } = attackerKnowledge(people, k, multiple, maxFilters);
  let targets = 0;
  for (const box of BOXES) {
    ANSWERS.forEach((key, answer) => {
      const inBox = people.filter((p) => inSelection(p, box));
      const count = inBox.filter((p) => p.answers.includes(key)).length;
      // Multi-answer: the people of the group not mentioning a value someone in it mentions are a
      // group too (zeros, as everywhere in disclosure control, are not protected).
      const sizes = multiple && count > 0 ? [count, inBox.length - count] : [count];
      if (!sizes.some((size) => size >= 1 && size <= k - 1)) return;
      targets++;
      const target = row((i) => (i % ANSWERS.length === answer && inSelection(ATOMS[Math.floor(i / ANSWERS.length)], box) ? 1 : 0));
      expect(known.contains(target), `${JSON.stringify(box)} answered ${key}: ${count} of ${inBox.length}`).toBe(false);
    });
  }
  return targets;
};

describe('tracker attacks on the head counts of selections', () => {
  it('cannot work out the size of a group of 1 to k-1 from released totals', () => {
    // Here the attacker does not hold the staff file (disability or sexual orientation could be
    // among the filters): they only see what the endpoints release.
    let targets = 0;
    fc.assert(
      fc.property(organisationArb('a', { max: 40 }), fc.constantFrom(3, 4, 5), fc.constantFrom(2, 3), (people, k, maxFilters) => {
        const ask = endpoint(people, 'a', false, { maxFilters });
        const known = new RowSpace(ATOMS.length);
        for (const selection of ALL_SELECTIONS) {
          const data = releasedData(ask(selection, k));
          if (data) known.add(ATOMS.map((atom) => (inSelection(atom, selection) ? 1 : 0)));
        }
        for (const box of BOXES) {
          const count = people.filter((p) => inSelection(p, box)).length;
          if (count < 1 || count > k - 1) continue;
          targets++;
          expect(known.contains(ATOMS.map((atom) => (inSelection(atom, box) ? 1 : 0))), JSON.stringify(box)).toBe(false);
        }
      }),
      { numRuns: 80 },
    );
    expect(targets).toBeGreaterThan(300);
  });
});

describe('tracker attacks through the released distributions', () => {
  it('cannot pin how many people of a group below k gave an answer (single answer, staff file known)', () => {
    let targets = 0;
    fc.assert(
      fc.property(organisationArb('a'), fc.constantFrom(3, 4, 5), fc.constantFrom(2, 3), (people, k, maxFilters) => {
        targets += smallGroupsStayHidden(people, k, false, maxFilters);
      }),
      { numRuns: 80 },
    );
    // The property is not vacuous: many small groups were attacked.
    expect(targets).toBeGreaterThan(500);
  });

  it('cannot pin a lone respondent’s answer in a worked example', () => {
    // One lead of generation Z, a woman: every filter the panel offers, every difference.
    const people: Person[] = [
      ...Array.from({ length: 9 }, (_, i): Person => ({ org: 'a', gender: 'F', generation: 'Y', level: 'staff', answers: [i < 5 ? 'A' : 'B'] })),
      ...Array.from({ length: 8 }, (_, i): Person => ({ org: 'a', gender: 'M', generation: 'Y', level: 'staff', answers: [i < 4 ? 'A' : 'B'] })),
      ...Array.from({ length: 6 }, (): Person => ({ org: 'a', gender: 'F', generation: 'Z', level: 'staff', answers: ['A'] })),
      ...Array.from({ length: 5 }, (_, i): Person => ({ org: 'a', gender: 'M', generation: 'Y', level: 'lead', answers: [i < 3 ? 'A' : 'B'] })),
      { org: 'a', gender: 'F', generation: 'Z', level: 'lead', answers: ['C'] },
    ];
    const { known, releasedCells } = attackerKnowledge(people, 5, false, 3);
    expect(releasedCells).toBeGreaterThan(20);
    const lone = ATOMS.findIndex((a) => a.gender === 'F' && a.generation === 'Z' && a.level === 'lead');
    // Her answer (C) stays open; so does whether she answered A or B.
    for (const answer of ['A', 'B', 'C'] as const) {
      expect(known.contains(row((i) => (i === at(lone, ANSWERS.indexOf(answer)) ? 1 : 0))), answer).toBe(false);
    }
  });

  it('cannot pin small groups of a multi-answer question either', () => {
    let targets = 0;
    fc.assert(
      fc.property(organisationArb('a', { multiple: true }), fc.constantFrom(3, 4, 5), fc.constantFrom(2, 3), (people, k, maxFilters) => {
        targets += smallGroupsStayHidden(people, k, true, maxFilters);
      }),
      { numRuns: 60 },
    );
    expect(targets).toBeGreaterThan(300);
  });
});
