/**
 * Release blocks: the partitioned statistical database (Yu and Chin 1977; Chin and Özsoyoğlu
 * 1981) that keeps every released figure about whole groups of at least m people.
 *
 * New responses are released in batches. Each batch is cut into blocks of at least m people
 * along a fixed order of staff-file attributes (top-level group, group, gender, position level,
 * age band), and every statistic is counted over a union of whole blocks. Any sum or
 * difference of released figures, over any selections, scopes, endpoints and moments, is then
 * a weighted sum over whole blocks: nothing can single out fewer than m people, including the
 * inclusion-exclusion of four boxes.
 *
 * Blocks are decided on staff-file attributes only (never on a sensitive answer), so twin
 * organisations that differ only in one person's answers get the same blocks.
 */

/** A response as the partition sees it: its id and its staff-file attribute values. */
export interface BlockRecord {
  readonly id: string;
  readonly attributes: Readonly<Record<string, string>>;
}

/**
 * Splits `records` (at least m of them) into blocks of at least m records each, attribute by
 * attribute in `order`. At each attribute, values held by m or more records keep their own
 * child; the smaller values are pooled into one child, which joins the smallest large child
 * when it has fewer than m records itself. An attribute that would leave a single child does
 * not split. The result is deterministic: values are visited in key order.
 */
export const partitionIntoBlocks = (records: readonly BlockRecord[], m: number, order: readonly string[]): BlockRecord[][] => {
  if (records.length < m) throw new RangeError(`A block needs at least ${m} records; ${records.length} given.`);
  return splitFrom(records, m, order, 0);
};

const splitFrom = (records: readonly BlockRecord[], m: number, order: readonly string[], depth: number): BlockRecord[][] => {
  if (depth >= order.length) return [[...records]];
  const children = childrenOf(records, m, order[depth]!);
  if (children.length < 2) return splitFrom(records, m, order, depth + 1);
  return children.flatMap((child) => splitFrom(child, m, order, depth + 1));
};

/** The items by a key, each list in the items' order. */
const groupedBy = <T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
};

const childrenOf = (records: readonly BlockRecord[], m: number, attribute: string): BlockRecord[][] => {
  const byValue = groupedBy(records, (record) => record.attributes[attribute] ?? '');
  const values = [...byValue.keys()].sort();
  const large = values.filter((value) => byValue.get(value)!.length >= m).map((value) => byValue.get(value)!);
  const pooled = values.filter((value) => byValue.get(value)!.length < m).flatMap((value) => byValue.get(value)!);
  if (pooled.length === 0) return large;
  if (pooled.length >= m) return [...large, pooled];
  if (large.length === 0) return [pooled];
  const smallest = large.reduce((best, child) => (child.length < best.length ? child : best));
  return large.map((child) => (child === smallest ? [...child, ...pooled] : child));
};

/** A pending response as the batch rule sees it: its top-level group and when it was submitted. */
export interface PendingResponse {
  readonly id: string;
  /** The top-level group ('' for none). */
  readonly group: string;
  readonly submittedAt: number;
}

export interface BatchRules {
  /** m: the least number of people a block, and so any difference of figures, concerns. */
  readonly blockSize: number;
  /** How long responses of groups with fewer than m waiting may wait before they are released together across groups. */
  readonly waitMs: number;
}

/** A group with this many times m waiting is released at once: enough people to cut into fairly pure blocks. */
export const LARGE_BATCH_FACTOR = 10;

/**
 * The batches due now among the pending responses. A top-level group's waiting responses are
 * released on their own (its blocks never mix groups) once at least m wait and either the oldest
 * has waited `waitMs` or ten times m wait; the responses of groups with fewer than m waiting are
 * released together once they number m and the oldest has waited `waitMs`. Anything else keeps
 * waiting, so a figure never moves by fewer than m people of a block. Waiting longer gathers
 * larger batches, which cut into blocks that follow the filters more closely.
 */
export const dueBatches = <R extends PendingResponse>(pending: readonly R[], rules: BatchRules, now: number): R[][] => {
  const byGroup = groupedBy(pending, (response) => response.group);
  const waited = (responses: readonly R[]) => now - responses.reduce((first, response) => Math.min(first, response.submittedAt), Number.POSITIVE_INFINITY) >= rules.waitMs;
  const groups = [...byGroup.keys()].sort();
  const batches = groups
    .map((group) => byGroup.get(group)!)
    .filter((responses) => responses.length >= rules.blockSize && (responses.length >= LARGE_BATCH_FACTOR * rules.blockSize || waited(responses)))
    .flatMap((responses) => byMonth(responses, rules.blockSize));
  const rest = groups.filter((group) => byGroup.get(group)!.length < rules.blockSize).flatMap((group) => byGroup.get(group)!);
  if (rest.length >= rules.blockSize && waited(rest)) batches.push(rest);
  return batches;
};

const monthOf = (time: number): string => new Date(time).toISOString().slice(0, 7);

/**
 * A group's batch cut by the calendar month its responses were submitted in, so that a period
 * (a date range) counts whole blocks of its own months when a batch spans months (the first
 * release of answers gathered before): each month of at least m is a batch of its own; the
 * other months go together, or join the latest month's batch when fewer than m.
 */
const byMonth = <R extends PendingResponse>(responses: readonly R[], m: number): R[][] => {
  const months = groupedBy(responses, (response) => monthOf(response.submittedAt));
  const ordered = [...months.keys()].sort();
  const whole = ordered.filter((month) => months.get(month)!.length >= m).map((month) => months.get(month)!);
  const rest = ordered.filter((month) => months.get(month)!.length < m).flatMap((month) => months.get(month)!);
  if (rest.length === 0) return whole;
  if (rest.length >= m || whole.length === 0) return [...whole, rest];
  return [...whole.slice(0, -1), [...whole[whole.length - 1]!, ...rest]];
};

/** The staff-file attributes blocks are cut along, in order: groups first, so group dashboards are unions of blocks. */
export const BLOCK_ATTRIBUTES = ['group', 'department', 'gender', 'position-level', 'age-range'] as const;

/**
 * How much of a block a selection counts: the share of the block's people who are in it. A
 * figure is the sum over blocks of this weight times the block's own count, so every figure is
 * a weighted sum of whole blocks (a block's people are never told apart), and a selection's
 * respondents are counted exactly. Within a block that mixes the selection's people with others,
 * an answer is shared out in proportion: that smoothing is the price of the protection.
 */
export const blockWeight = (inside: number, size: number): number => (size === 0 ? 0 : inside / size);
