import { statsMessages, type Withheld } from '../contracts/stats';

/**
 * The sentences a withheld statistic answers with (SPEC section 5). Both are decided on
 * perturbed figures only (release.ts), so a refusal is as noisy as a figure:
 * - the selection's perturbed respondents are fewer than k: "It needs at least {k} answers.";
 * - nothing of the statistic itself can be shown (every value of it perturbs below k, or the
 *   organisation asked more different selections than the hourly allowance): "Not enough data
 *   to show.".
 */
export const tooFew = (k: number): Withheld & { ok: false; reason: 'tooFew' } => ({
  ok: false,
  reason: 'tooFew',
  status: 204,
  message: statsMessages.needsAtLeast(k),
});

export const refused = (): Withheld & { ok: false; reason: 'notEnough' } => ({
  ok: false,
  reason: 'notEnough',
  status: 204,
  message: statsMessages.notEnoughData,
});
