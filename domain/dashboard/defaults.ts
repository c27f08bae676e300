/**
 * What the comparison pages start with before the administrator picks anything, and how a
 * number of people is written. Pure: the pages pass in what they already hold.
 */

/**
 * A number of people as a whole number. Band statistics of released counts (a median, a
 * P10 or P90 between two groups) may fall between two whole numbers; nobody is 0.7 of a person.
 */
export const wholePeople = (value: number): number => Math.round(value);

/** How many groups the organisation is set against by default on Compare → Internal. */
export const DEFAULT_COMPARED_GROUPS = 2;

interface SizedGroup {
  readonly id: string;
  readonly name: string;
  /** Active members of the group and of its sub-groups (structure, not answers). */
  readonly member_count: number;
}

/**
 * The ids of the largest groups, largest first (ties by name, so the choice is stable), at
 * most `count`; groups without members are left out, as they have nothing to compare.
 */
export const largestGroups = (groups: readonly SizedGroup[], count: number = DEFAULT_COMPARED_GROUPS): string[] =>
  [...groups]
    .filter((group) => group.member_count > 0)
    .sort((a, b) => b.member_count - a.member_count || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((group) => group.id);

/**
 * Compare → Internal's first selections: the whole organisation, then its largest groups
 * among those the caller may choose; when there is no such group, the organisation twice
 * (the form needs two rows).
 */
export const defaultCompareGroups = (wholeOrganization: string, groups: readonly SizedGroup[], choosable: ReadonlySet<string>): string[] => {
  const largest = largestGroups(groups.filter((group) => choosable.has(group.id)));
  return largest.length === 0 ? [wholeOrganization, wholeOrganization] : [wholeOrganization, ...largest];
};

interface MeasuredGroup {
  readonly id: string;
  readonly parentId: string | null;
  readonly values: { readonly respondents: number | null };
}

/**
 * Benchmark → Internal's first "you are here": the group with the most respondents (a group
 * before a sub-group, as a sub-group is part of its group), the first listed when none has a
 * released count.
 */
export const defaultBenchmarkGroup = <G extends MeasuredGroup>(groups: readonly G[]): G | undefined => {
  const size = (group: G) => group.values.respondents ?? -1;
  const topLevel = groups.filter((group) => group.parentId === null);
  const candidates = topLevel.length > 0 ? topLevel : groups;
  return candidates.reduce<G | undefined>((best, group) => (best === undefined || size(group) > size(best) ? group : best), undefined);
};
