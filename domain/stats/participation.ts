import type { KeyedCount } from './cellkey';
import { type Figure, figureOf } from './release';

/**
 * How many of a campaign's recipients answered, released (issue 29; docs/privacy.md,
 * "Participation").
 *
 * "Answered" is a set of people: the recipients whose personal invitation was accepted. Each
 * recipient row carries a random record key (migration 0030), and a figure's cell key is the sum
 * of its people's keys, so it is released by the cell key method like every other count:
 * - the same people always give the same figure (asking again, or reading the campaign from the
 *   home card and from its page, teaches nothing);
 * - two different sets of people (two campaigns that differ by one person, a day before and after
 *   one new answer, the whole campaign against the sum of its groups) get independent
 *   adjustments of up to ±MAX_ADJUSTMENT each, so their difference never says exactly whether
 *   one person answered;
 * - a figure whose perturbed value is below k is hidden (null), and a part of fewer than k
 *   recipients (one person, say) never shows its answered count at all, so "3 of 3 answered"
 *   cannot appear.
 *
 * A group that holds every recipient of the campaign is the same people as the campaign: it
 * shows the campaign's own figure. A strict part that happens to hold every answer (all answers
 * came from one of two groups) gets a key mixed with a level (figureOf), so an equal figure does
 * not read as "nobody of the other group answered". Shown figures then only rearrange released
 * ones and staff-list facts: the total is never shown below the sum of its shown groups (they
 * are disjoint) and no figure above the number of people it is about.
 */

/** The recipients of one part (the campaign, a group, a day) and the keyed count of those who answered. */
export interface ParticipationCounts {
  /** People the part holds (whether or not their mail went yet). */
  readonly recipients: number;
  readonly answered: KeyedCount;
}

export interface ParticipationInput {
  readonly k: number;
  readonly total: ParticipationCounts;
  readonly groups: readonly ParticipationCounts[];
  /** Answers per day; a day's people are invited on the campaign as a whole. */
  readonly days: readonly KeyedCount[];
}

export interface ReleasedParticipation {
  readonly total: number | null;
  readonly groups: readonly (number | null)[];
  readonly days: readonly (number | null)[];
}

/**
 * A figure as shown about a part of `people` recipients: never above them, and hidden when that
 * is below k (a part of fewer than k people is never shown, so "3 of 3 answered" cannot appear).
 */
const shownAt = (figure: Figure, k: number, people: number): number | null => {
  const value = Math.min(figure.value, people);
  return value >= k ? value : null;
};

/** The released answered figures of a campaign, its groups and its days. */
export const releaseParticipation = (input: ParticipationInput): ReleasedParticipation => {
  const { k } = input;
  const total = figureOf(input.total.answered);
  const groupFigures = input.groups.map((group) =>
    group.recipients === input.total.recipients ? total : figureOf(group.answered, [total]),
  );
  const groups = groupFigures.map((figure, i) => shownAt(figure, k, input.groups[i]!.recipients));
  const strictParts = groups.filter((value, i) => value !== null && groupFigures[i] !== total) as number[];
  const ownTotal = shownAt(total, k, input.total.recipients);
  const parts = strictParts.reduce((sum, value) => sum + value, 0);
  // A shown group also shows its campaign, at least as large (only released figures are read).
  const raised = ownTotal === null && parts < k ? null : Math.max(ownTotal ?? 0, parts);
  const days = input.days.map((day) => shownAt(figureOf(day, [total]), k, input.total.recipients));
  return { total: raised === null ? null : Math.min(raised, input.total.recipients), groups, days };
};

/** The share of invited people who answered, in percent with one decimal; null when either is not known. */
export const participationShare = (invited: number, answered: number | null): number | null =>
  answered === null || invited <= 0 ? null : Math.round((Math.min(answered, invited) / invited) * 1000) / 10;
