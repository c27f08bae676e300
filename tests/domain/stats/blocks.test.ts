import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type BlockRecord, BLOCK_ATTRIBUTES, blockWeight, dueBatches, partitionIntoBlocks } from '../../../domain/stats';

/**
 * Release blocks (domain/stats/blocks.ts) against the differencing attacks of issue 32: two
 * selections that differ by one person, a scope against the organisation, before and after new
 * answers, and the four-box inclusion-exclusion. Every selection is answered over the blocks it
 * covers, so every signed combination of released populations must give each block one
 * coefficient: what it can isolate is whole blocks of at least m people, never a person.
 */

const M = 5;
const VALUES = { group: ['g1', 'g2', 'g3'], department: ['d1', 'd2', 'd3', 'd4'], gender: ['w', 'm', 'x', 'u'], 'position-level': ['1', '2', '3'], 'age-range': ['25-29', '30-34', '35-39', '60-64', '65+'] };

const personArb = fc.record({
  group: fc.constantFrom(...VALUES.group),
  department: fc.constantFrom(...VALUES.department),
  gender: fc.constantFrom(...VALUES.gender),
  'position-level': fc.constantFrom(...VALUES['position-level']),
  'age-range': fc.constantFrom(...VALUES['age-range']),
});

const organisationArb = fc.array(personArb, { minLength: M, maxLength: 160 }).map((people) => people.map((attributes, index): BlockRecord => ({ id: `p${index}`, attributes })));

/** A selection as the filters and scope name it: per attribute, the accepted values (absent: any). */
type Box = Partial<Record<(typeof BLOCK_ATTRIBUTES)[number], readonly string[]>>;

const boxArb: fc.Arbitrary<Box> = fc.record(
  Object.fromEntries(Object.entries(VALUES).map(([name, values]) => [name, fc.subarray(values, { minLength: 1 })])) as Record<string, fc.Arbitrary<string[]>>,
  { requiredKeys: [] },
) as fc.Arbitrary<Box>;

const inBox = (record: BlockRecord, box: Box): boolean => Object.entries(box).every(([name, values]) => values!.includes(record.attributes[name]!));

/** How much a selection's figures count of each person: their block's weight (a figure is the sum of its people's weights). */
const covered = (blocks: readonly BlockRecord[][], box: Box): Map<string, number> =>
  new Map(blocks.flatMap((block) => {
    const weight = blockWeight(block.filter((record) => inBox(record, box)).length, block.length);
    return block.map((record) => [record.id, weight] as const);
  }));

/** Each person's coefficient in a signed sum of figures (whatever answer they count, it enters with this coefficient). */
const combination = (populations: readonly Map<string, number>[], signs: readonly number[]): Map<string, number> => {
  const coefficient = new Map<string, number>();
  populations.forEach((population, index) => {
    for (const [id, weight] of population) coefficient.set(id, (coefficient.get(id) ?? 0) + signs[index]! * weight);
  });
  return coefficient;
};

/** The people a combination concerns, and whether every block has one coefficient. */
const isolates = (blocks: readonly BlockRecord[][], coefficient: ReadonlyMap<string, number>): { people: number; wholeBlocks: boolean } => {
  let people = 0;
  let wholeBlocks = true;
  for (const block of blocks) {
    // Rounded against floating-point sums: a coefficient is a sum of a few shares of one block.
    const values = new Set(block.map((record) => Math.round((coefficient.get(record.id) ?? 0) * 1e9)));
    if (values.size > 1) wholeBlocks = false;
    if (!values.has(0)) people += block.length;
  }
  return { people, wholeBlocks };
};

describe('release blocks', () => {
  it('cut any organisation of at least m people into blocks of at least m, each person in exactly one', () => {
    fc.assert(
      fc.property(organisationArb, (records) => {
        const blocks = partitionIntoBlocks(records, M, BLOCK_ATTRIBUTES);
        expect(blocks.every((block) => block.length >= M)).toBe(true);
        const ids = blocks.flatMap((block) => block.map((record) => record.id));
        expect(ids.length).toBe(records.length);
        expect(new Set(ids).size).toBe(records.length);
      }),
      { numRuns: 300 },
    );
  });

  it('never mix two top-level groups that each hold m people', () => {
    fc.assert(
      fc.property(organisationArb, (records) => {
        const sizes = new Map<string, number>();
        for (const record of records) sizes.set(record.attributes.group!, (sizes.get(record.attributes.group!) ?? 0) + 1);
        if ([...sizes.values()].some((size) => size < M)) return;
        for (const block of partitionIntoBlocks(records, M, BLOCK_ATTRIBUTES)) expect(new Set(block.map((record) => record.attributes.group)).size).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it('are the same for twin organisations that differ only in one person\u2019s answers (blocks read staff-file attributes only)', () => {
    fc.assert(
      fc.property(organisationArb, fc.nat(), (records, pick) => {
        const withAnswers = records.map((record, index) => ({ ...record, answer: index === pick % records.length ? 'yes' : 'no' }));
        const twin = withAnswers.map((record, index) => (index === pick % records.length ? { ...record, answer: 'no' } : record));
        const ids = (people: readonly BlockRecord[]) => partitionIntoBlocks(people, M, BLOCK_ATTRIBUTES).map((block) => block.map((record) => record.id));
        expect(ids(twin)).toEqual(ids(withAnswers));
      }),
      { numRuns: 100 },
    );
  });

  it('count a selection\u2019s people exactly: the weights of its blocks add up to its size', () => {
    fc.assert(
      fc.property(organisationArb, boxArb, (records, box) => {
        const blocks = partitionIntoBlocks(records, M, BLOCK_ATTRIBUTES);
        const counted = [...covered(blocks, box).values()].reduce((sum, weight) => sum + weight, 0);
        expect(counted).toBeCloseTo(records.filter((record) => inBox(record, box)).length, 9);
      }),
      { numRuns: 200 },
    );
  });

  it('answer two selections that differ by one person with figures that differ by whole blocks of at least m, or not at all', () => {
    fc.assert(
      fc.property(organisationArb, boxArb, fc.nat(), (records, box, pick) => {
        const blocks = partitionIntoBlocks(records, M, BLOCK_ATTRIBUTES);
        // The selection without the target: the box with one of the target's values left out.
        const target = records[pick % records.length]!;
        const name = BLOCK_ATTRIBUTES[pick % BLOCK_ATTRIBUTES.length]!;
        const without: Box = { ...box, [name]: (box[name] ?? VALUES[name]).filter((value) => value !== target.attributes[name]) };
        const { people, wholeBlocks } = isolates(blocks, combination([covered(blocks, box), covered(blocks, without)], [1, -1]));
        expect(wholeBlocks).toBe(true);
        expect(people === 0 || people >= M).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('give the four-box inclusion-exclusion (a\u222ab)\u00d7(c\u222ad) \u2212 a\u00d7(c\u222ad) \u2212 (a\u222ab)\u00d7c + a\u00d7c nothing smaller than a block', () => {
    const dimensions = BLOCK_ATTRIBUTES.map((name) => [name, VALUES[name]] as const);
    fc.assert(
      fc.property(organisationArb, fc.nat(), fc.nat(), (records, first, second) => {
        const blocks = partitionIntoBlocks(records, M, BLOCK_ATTRIBUTES);
        const [rowName, rowValues] = dimensions[first % dimensions.length]!;
        const [columnName, columnValues] = dimensions[(first + 1 + (second % (dimensions.length - 1))) % dimensions.length]!;
        const [a, b] = [rowValues[second % rowValues.length]!, rowValues[(second + 1) % rowValues.length]!];
        const [c, d] = [columnValues[first % columnValues.length]!, columnValues[(first + 1) % columnValues.length]!];
        const boxes: Box[] = [
          { [rowName]: [a, b], [columnName]: [c, d] },
          { [rowName]: [a], [columnName]: [c, d] },
          { [rowName]: [a, b], [columnName]: [c] },
          { [rowName]: [a], [columnName]: [c] },
        ];
        const { people, wholeBlocks } = isolates(blocks, combination(boxes.map((box) => covered(blocks, box)), [1, -1, -1, 1]));
        expect(wholeBlocks).toBe(true);
        expect(people === 0 || people >= M).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('keep any signed sum of up to six selections, a scope among them, to whole blocks', () => {
    fc.assert(
      fc.property(organisationArb, fc.array(fc.tuple(boxArb, fc.constantFrom(-1, 1)), { minLength: 2, maxLength: 6 }), (records, terms) => {
        const blocks = partitionIntoBlocks(records, M, BLOCK_ATTRIBUTES);
        const populations = terms.map(([box]) => covered(blocks, box));
        const { people, wholeBlocks } = isolates(blocks, combination(populations, terms.map(([, sign]) => sign)));
        expect(wholeBlocks).toBe(true);
        expect(people === 0 || people >= M).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('let new answers change a population only by whole blocks of a batch: before against after one answer isolates nobody', () => {
    fc.assert(
      fc.property(organisationArb, fc.array(personArb, { minLength: 1, maxLength: 30 }), boxArb, fc.integer({ min: 0, max: 10 }), (earlier, later, box, hours) => {
        const rules = { blockSize: M, waitMs: 3_600_000 * 5 };
        const arrivals = later.map((attributes, index) => ({ id: `n${index}`, attributes, group: attributes.group, submittedAt: 0 }));
        const batches = dueBatches(arrivals, rules, hours * 3_600_000);
        const before = partitionIntoBlocks(earlier, M, BLOCK_ATTRIBUTES);
        const after = [...before, ...batches.flatMap((batch) => partitionIntoBlocks(batch, M, BLOCK_ATTRIBUTES))];
        // A batch holds at least m, and never one answer alone.
        for (const batch of batches) expect(batch.length).toBeGreaterThanOrEqual(M);
        const { people, wholeBlocks } = isolates(after, combination([covered(after, box), covered(before, box)], [1, -1]));
        expect(wholeBlocks).toBe(true);
        expect(people === 0 || people >= M).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('release a group once m wait and the oldest has waited (or ten times m wait), and the smaller groups together after four times the wait', () => {
    const at = (id: string, group: string, hour: number) => ({ id, group, submittedAt: hour * 3_600_000 });
    const rules = { blockSize: 5, waitMs: 72 * 3_600_000 };
    const pending = [...['a', 'b', 'c', 'd', 'e'].map((id) => at(id, 'sales', 0)), at('f', 'hr', 5), at('g', 'hr', 6), at('h', 'it', 2), at('i', 'it', 2), at('j', 'ops', 3)];
    const ids = (batches: readonly { id: string }[][]) => batches.map((batch) => batch.map((response) => response.id));
    expect(ids(dueBatches(pending, rules, 10 * 3_600_000))).toEqual([]);
    expect(ids(dueBatches(pending, rules, 72 * 3_600_000))).toEqual([['a', 'b', 'c', 'd', 'e']]);
    // The smaller groups go together only after four times the wait: such a batch mixes groups.
    expect(ids(dueBatches(pending, rules, 77 * 3_600_000))).toEqual([['a', 'b', 'c', 'd', 'e']]);
    expect(ids(dueBatches(pending, rules, (5 + 4 * 72) * 3_600_000))).toEqual([['a', 'b', 'c', 'd', 'e'], ['f', 'g', 'h', 'i', 'j']]);
    expect(dueBatches(pending.slice(5, 9), rules, 1_000 * 3_600_000)).toEqual([]);
    // A batch that spans years is cut by year, a year of fewer than m joining the latest.
    const years = [...['y1', 'y2', 'y3', 'y4', 'y5'].map((id) => at(id, 'sales', 0)), ...['z1', 'z2', 'z3', 'z4', 'z5', 'z6'].map((id) => at(id, 'sales', 9_000)), at('x1', 'sales', 20_000)];
    expect(ids(dueBatches(years, rules, 30_000 * 3_600_000))).toEqual([['y1', 'y2', 'y3', 'y4', 'y5'], ['z1', 'z2', 'z3', 'z4', 'z5', 'z6', 'x1']]);
    const crowd = Array.from({ length: 50 }, (_, index) => at(`s${index}`, 'sales', 9));
    expect(ids(dueBatches(crowd, rules, 9 * 3_600_000))).toHaveLength(1);
    expect(dueBatches(crowd.slice(1), rules, 9 * 3_600_000)).toEqual([]);
  });
});
