import type { Kysely } from 'kysely';
import { type BatchRules, type BlockRecord, type PendingResponse, BLOCK_ATTRIBUTES, blockWeight, dueBatches, partitionIntoBlocks } from '../domain/stats';
import type { Database } from '../server/db/database';
import { ageBandOf, generationOf } from '../server/services/statistics/dimensions';

/**
 * What release blocks cost in utility (issue 32's goals), on the bench organisation. A figure
 * of a selection is a weighted sum of whole blocks (domain/stats/blocks.ts), so a selection's
 * respondents are counted exactly and its answers are shared out within the blocks it only
 * partly holds. Measured here, as shares only (no count about people leaves this function):
 * - for each single staff-file filter value held by at least 2m people and each of six
 *   questions, how far the released distribution is from the true one (total variation
 *   distance: half the sum of the differences of the shares, before the cell key adjustment);
 * - each group of at least 20 respondents whose dashboard counts its people and only them;
 * - the wait before a response is in the figures.
 * Both for the blocks this database released and for the survey replayed as it came in under
 * the production rules (batches released as the responses arrived).
 */

const FILTERS = ['gender', 'position-level', 'age-range', 'generation'] as const;
const QUESTIONS = ['gender', 'position-level', 'country', 'worldview', 'education', 'disability'] as const;

interface Person extends BlockRecord, PendingResponse {
  readonly block: number | null;
}

const hours = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${(ms / 3_600_000).toFixed(1)} h`);
const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;

/** Shares of each answer among `people`, each counted with its weight. */
const shares = (people: readonly (readonly [Person, number])[], question: string): Map<string, number> => {
  const counts = new Map<string, number>();
  let total = 0;
  for (const [person, weight] of people) {
    const answer = person.attributes[question]!;
    counts.set(answer, (counts.get(answer) ?? 0) + weight);
    total += weight;
  }
  return new Map([...counts].map(([answer, count]) => [answer, count / Math.max(total, 1e-9)]));
};

const variationDistance = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number => {
  let sum = 0;
  for (const key of new Set([...a.keys(), ...b.keys()])) sum += Math.abs((a.get(key) ?? 0) - (b.get(key) ?? 0));
  return sum / 2;
};

/** The utility figures of one set of blocks. */
const measure = (blocks: readonly Person[][], m: number): string => {
  const everyone = blocks.flat();
  const sizes = new Map<string, number>();
  for (const person of everyone) for (const name of FILTERS) sizes.set(`${name}=${person.attributes[name]}`, (sizes.get(`${name}=${person.attributes[name]}`) ?? 0) + 1);
  let pairs = 0;
  let within5 = 0;
  let within10 = 0;
  let distances = 0;
  let values = 0;
  for (const [selection, size] of sizes) {
    if (size < 2 * m) continue;
    values += 1;
    const [name, value] = selection.split('=') as [string, string];
    const inside = (person: Person) => person.attributes[name] === value;
    const weighted = blocks.flatMap((block) => {
      const weight = blockWeight(block.filter(inside).length, block.length);
      return weight === 0 ? [] : block.map((person) => [person, weight] as const);
    });
    const truth = everyone.filter(inside).map((person) => [person, 1] as const);
    for (const question of QUESTIONS) {
      if (question === name) continue;
      const distance = variationDistance(shares(weighted, question), shares(truth, question));
      pairs += 1;
      distances += distance;
      if (distance <= 0.05) within5 += 1;
      if (distance <= 0.1) within10 += 1;
    }
  }
  /** Of the groups of 20 or more, how many are counted whole, and the share of their people in blocks of their own group. */
  const wholeOf = (attribute: 'group' | 'department') => {
    const sizes = new Map<string, number>();
    for (const person of everyone) sizes.set(person.attributes[attribute]!, (sizes.get(person.attributes[attribute]!) ?? 0) + 1);
    const large = [...sizes].filter(([id, size]) => id !== '' && size >= 20).map(([id]) => id);
    const pure = blocks.filter((block) => block.every((person) => person.attributes[attribute] === block[0]!.attributes[attribute]));
    const own = (id: string) => pure.filter((block) => block[0]!.attributes[attribute] === id).reduce((sum, block) => sum + block.length, 0);
    const whole = large.filter((id) => own(id) === sizes.get(id));
    const share = large.reduce((sum, id) => sum + own(id), 0) / Math.max(1, large.reduce((sum, id) => sum + sizes.get(id)!, 0));
    return `${whole.length} of ${large.length} (${(100 * share).toFixed(1)}% of their people in blocks of their own)`;
  };
  return `${values} single filter values (${2 * m} or more people) by ${QUESTIONS.length - 1} questions: ${percent(within5, pairs)} of distributions within 5 points of the truth, ${percent(within10, pairs)} within 10, mean distance ${(100 * distances / Math.max(1, pairs)).toFixed(1)} points; counted whole: ${wholeOf('group')} top-level groups and ${wholeOf('department')} groups of any level with 20 or more`;
};

export const printBlockUtility = async (db: Kysely<Database>, organizationId: string, rules: BatchRules): Promise<void> => {
  const year = new Date().getUTCFullYear();
  const rows = await db
    .selectFrom('responses')
    .select(['id', 'group_id', 'department_id', 'gender_id', 'position_level_id', 'birth_year', 'country_birth_id', 'worldview_id', 'education_id', 'disability_id', 'submitted_at', 'release_block'])
    .where('organization_id', '=', organizationId)
    .orderBy('submitted_at')
    .execute();
  const people: Person[] = rows.map((row) => ({
    id: row.id,
    group: row.group_id ?? '',
    submittedAt: row.submitted_at.getTime(),
    block: row.release_block,
    attributes: {
      group: row.group_id ?? '',
      department: row.department_id ?? '',
      gender: String(row.gender_id ?? ''),
      'position-level': String(row.position_level_id ?? ''),
      'age-range': ageBandOf(row.birth_year, year),
      generation: generationOf(row.birth_year),
      country: String(row.country_birth_id ?? ''),
      worldview: String(row.worldview_id ?? ''),
      education: String(row.education_id ?? ''),
      disability: String(row.disability_id ?? ''),
    },
  }));
  const released = new Map<number, Person[]>();
  for (const person of people) if (person.block !== null) released.set(person.block, [...(released.get(person.block) ?? []), person]);
  console.log(`  blocks as released here (${released.size} blocks of at least ${rules.blockSize}): ${measure([...released.values()], rules.blockSize)}`);
  const replayed = replayRelease(people, rules);
  const sorted = [...replayed.waits].sort((a, b) => a - b);
  console.log(
    `  blocks with the survey replayed as it came in (wait ${hours(rules.waitMs)}): a response waits ${hours(sorted[Math.floor(sorted.length / 2)])} (median, 90th percentile ${hours(sorted[Math.floor(sorted.length * 0.9)])}; ${people.length - replayed.waits.length} still waiting at the end); ${measure(replayed.blocks, rules.blockSize)}`,
  );
};

/** The blocks a survey's responses are released in, and each one's wait, replayed in submission order under the batch rules. */
export const replayRelease = <R extends PendingResponse & BlockRecord>(arrivals: readonly R[], rules: BatchRules): { blocks: R[][]; waits: number[] } => {
  const waits: number[] = [];
  const blocks: R[][] = [];
  let pending: R[] = [];
  const release = (now: number) => {
    for (const batch of dueBatches(pending, rules, now)) {
      blocks.push(...partitionIntoBlocks(batch, rules.blockSize, BLOCK_ATTRIBUTES));
      const released = new Set(batch.map((response) => response.id));
      for (const response of batch) waits.push(now - response.submittedAt);
      pending = pending.filter((response) => !released.has(response.id));
    }
  };
  for (const arrival of arrivals) {
    // Checked whenever the oldest waiting comes due before this arrival, as a dashboard read would.
    for (;;) {
      const oldest = pending.reduce((first, response) => Math.min(first, response.submittedAt), Number.POSITIVE_INFINITY);
      if (!(oldest + rules.waitMs < arrival.submittedAt)) break;
      const before = pending.length;
      release(oldest + rules.waitMs);
      if (pending.length === before) break;
    }
    pending.push(arrival);
    release(arrival.submittedAt);
  }
  return { blocks, waits };
};
