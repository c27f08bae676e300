import type { Weights } from './profiles';

/**
 * The demo organisation's shape: groups (tier 2) with their sub-groups (tier 3), and for each
 * group its relative size, how much more (or less) often people of a migrant or Aboriginal
 * background work there than elsewhere, how its gender mix leans, and its positions (ANZSCO
 * sub-major group codes; the level is the code's first digit). Some groups are deliberately
 * more diverse than others so that the comparisons show differences.
 */
export interface GroupShape {
  readonly name: string;
  readonly size: number;
  readonly diversity: number;
  readonly women: number;
  readonly men: number;
  readonly subGroups: ReadonlyArray<readonly [string, number]>;
  readonly positions: Weights;
  /** Extra weight on doctorates (research groups). */
  readonly doctorates?: number;
  /**
   * The share of the group's people who answer a round: each round's link of the group holds
   * seats for everyone, so that participation (responses against seats) differs by group.
   */
  readonly participation: number;
}

export const DEMO_GROUPS: readonly GroupShape[] = [
  {
    name: 'Engineering',
    participation: 0.64,
    size: 0.24,
    diversity: 2.2,
    women: 0.6,
    men: 1.4,
    subGroups: [['Platform', 3], ['Mobile Apps', 2], ['Data and AI', 2], ['Quality Assurance', 1]],
    positions: [['26', 5], ['23', 2], ['31', 2], ['13', 1], ['11', 0.05]],
  },
  {
    name: 'Sales',
    participation: 0.47,
    size: 0.16,
    diversity: 0.9,
    women: 0.9,
    men: 1.1,
    subGroups: [['Enterprise', 2], ['Small Business', 2], ['Partnerships', 1]],
    positions: [['61', 4], ['62', 2], ['63', 1], ['22', 1], ['13', 1], ['14', 0.5]],
  },
  {
    name: 'Operations',
    participation: 0.42,
    size: 0.18,
    diversity: 1.25,
    women: 0.8,
    men: 1.2,
    subGroups: [['Logistics', 3], ['Facilities', 1], ['Customer Support', 3]],
    positions: [['74', 2], ['73', 1.5], ['72', 1], ['54', 3], ['81', 1], ['13', 0.8], ['51', 1], ['89', 0.5]],
  },
  {
    name: 'People & Culture',
    participation: 0.88,
    size: 0.07,
    diversity: 1,
    women: 1.6,
    men: 0.5,
    subGroups: [['Talent Acquisition', 1], ['Learning and Development', 1]],
    positions: [['22', 4], ['51', 1], ['53', 1], ['13', 0.8]],
  },
  {
    name: 'Finance',
    participation: 0.73,
    size: 0.09,
    diversity: 0.7,
    women: 1,
    men: 1,
    subGroups: [['Accounting', 2], ['Financial Planning', 1], ['Procurement', 1]],
    positions: [['22', 4], ['55', 3], ['13', 1], ['59', 0.5], ['11', 0.05]],
  },
  {
    name: 'Research',
    participation: 0.79,
    size: 0.12,
    diversity: 2.6,
    women: 1.1,
    men: 0.9,
    subGroups: [['Applied Science', 2], ['User Research', 1], ['Clinical Studies', 1]],
    positions: [['23', 3], ['25', 2], ['21', 0.5], ['31', 1.5], ['13', 0.6]],
    doctorates: 6,
  },
  {
    name: 'Marketing',
    participation: 0.56,
    size: 0.1,
    diversity: 0.4,
    women: 1.2,
    men: 0.8,
    subGroups: [['Brand', 1], ['Digital', 1], ['Communications', 1]],
    positions: [['22', 3], ['21', 2], ['13', 0.7], ['52', 0.3]],
  },
];

/** Accounts besides the administrator: who runs which group or sub-group (by name). */
export const DEMO_ASSIGNEES: ReadonlyArray<{ readonly role: 'group_assignee' | 'subgroup_assignee'; readonly group: string; readonly subGroup?: string }> = [
  { role: 'group_assignee', group: 'Engineering' },
  { role: 'group_assignee', group: 'Sales' },
  { role: 'group_assignee', group: 'Research' },
  { role: 'subgroup_assignee', group: 'Engineering', subGroup: 'Platform' },
  { role: 'subgroup_assignee', group: 'Operations', subGroup: 'Customer Support' },
];

/**
 * Survey rounds: every ROUND_INTERVAL_DAYS each group gets its own link, open two weeks, the
 * last round open now; and a group link that was switched off early. Response shares per round.
 */
export const ROUNDS = 6;
export const ROUND_INTERVAL_DAYS = 108;
export const ROUND_OPEN_DAYS = 14;
/** The current round started this many days ago. */
export const CURRENT_ROUND_AGE_DAYS = 4;
export const ROUND_SHARES: readonly number[] = [0.14, 0.15, 0.16, 0.17, 0.18, 0.12];
export const SWITCHED_OFF_LINK = { group: 'Engineering', share: 0.03, startedDaysAgo: 12, switchedOffDaysAgo: 6, expiresInDays: 2 } as const;
/** Most people answer in the first days of a round: mean delay of an exponential, in days. */
export const ANSWER_DELAY_DAYS = 3;
/** The round open now has run CURRENT_ROUND_AGE_DAYS of ROUND_OPEN_DAYS: this share of its answers is in. */
export const CURRENT_ROUND_ANSWERED = 0.7;
