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
export const partitionIntoBlocks = <R extends BlockRecord>(records: readonly R[], m: number, order: readonly string[]): R[][] => {
  if (records.length < m) throw new RangeError(`A block needs at least ${m} records; ${records.length} given.`);
  return splitFrom(records, m, order, 0);
};

const splitFrom = <R extends BlockRecord>(records: readonly R[], m: number, order: readonly string[], depth: number): R[][] => {
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

const childrenOf = <R extends BlockRecord>(records: readonly R[], m: number, attribute: string): R[][] => {
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
 * Responses of groups with fewer than m waiting wait this many times longer before they are
 * released together across groups: such a batch mixes groups, so a group's own figures gain
 * nothing from it, and waiting lets more of them reach m in their own group.
 */
export const REST_WAIT_FACTOR = 4;

/** What waits in one top-level group: how many responses, and when the oldest was submitted. */
export interface GroupWaiting {
  readonly group: string;
  readonly count: number;
  readonly oldest: number;
}

/**
 * Which waiting groups are due now. A top-level group's waiting responses are released on their
 * own (its blocks never mix groups) once at least m wait and either the oldest has waited
 * `waitMs` or ten times m wait; the groups with fewer than m waiting are released together once
 * they number m and their oldest has waited REST_WAIT_FACTOR times `waitMs`. Anything else keeps
 * waiting, so a figure never moves by fewer than m people of a block. Waiting longer gathers
 * larger batches, which cut into blocks that follow the filters more closely.
 */
export const dueGroups = (waiting: readonly GroupWaiting[], rules: BatchRules, now: number): { readonly own: string[]; readonly together: string[] } => {
  const m = rules.blockSize;
  const own = waiting.filter((group) => group.count >= m && (group.count >= LARGE_BATCH_FACTOR * m || now - group.oldest >= rules.waitMs)).map((group) => group.group);
  const small = waiting.filter((group) => group.count < m);
  const oldest = small.reduce((first, group) => Math.min(first, group.oldest), Number.POSITIVE_INFINITY);
  const together = small.reduce((sum, group) => sum + group.count, 0) >= m && now - oldest >= REST_WAIT_FACTOR * rules.waitMs ? small.map((group) => group.group) : [];
  return { own: own.sort(), together: together.sort() };
};

/** The batches due now among the pending responses (dueGroups), a group's own cut by year. */
export const dueBatches = <R extends PendingResponse>(pending: readonly R[], rules: BatchRules, now: number): R[][] => {
  const byGroup = groupedBy(pending, (response) => response.group);
  const waiting = [...byGroup].map(([group, responses]) => ({ group, count: responses.length, oldest: responses.reduce((first, response) => Math.min(first, response.submittedAt), Number.POSITIVE_INFINITY) }));
  const { own, together } = dueGroups(waiting, rules, now);
  const batches = own.flatMap((group) => byYear(byGroup.get(group)!, rules.blockSize));
  if (together.length > 0) batches.push(together.flatMap((group) => byGroup.get(group)!));
  return batches;
};

const yearOf = (time: number): string => new Date(time).toISOString().slice(0, 4);

/**
 * A group's batch cut by the calendar year its responses were submitted in, so that a period
 * (a survey round, a year) counts whole blocks of its own when a batch spans years (the first
 * release of answers gathered before): each year of at least m is a batch of its own; the
 * other years go together, or join the latest year's batch when fewer than m.
 */
const byYear = <R extends PendingResponse>(responses: readonly R[], m: number): R[][] => {
  const years = groupedBy(responses, (response) => yearOf(response.submittedAt));
  const ordered = [...years.keys()].sort();
  const whole = ordered.filter((year) => years.get(year)!.length >= m).map((year) => years.get(year)!);
  const rest = ordered.filter((year) => years.get(year)!.length < m).flatMap((year) => years.get(year)!);
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
