import { type Kysely, sql } from 'kysely';
import { EXTRA_PREFER_NOT, type ExtraDetails, type ExtraResult, SCALE_KEYS } from '../../../domain/contracts/extraSurvey';
import type { MessageKey } from '../../../domain/i18n/en';
import type { Distribution, StatCell } from '../../../domain/contracts/stats';
import { type AnswerGroup, type DimensionValue, type PopulationGroup, type Release, protectPopulation } from '../../../domain/stats';
import type { Database, ExtraQuestionRow } from '../../db/database';
import type { AuthContext } from '../auth/context';
import type { PopulationCache } from '../statistics/cache';
import type { StatsRequest } from '../statistics/figures';
import { answerGroups, respondentsWhere } from '../statistics/population';
import { translator } from '../exports/words';
import { linkScopeOf } from '../tokens/scope';
import { optionsOf, translationsOf } from './questions';

/**
 * Results of the extra survey: per question version, the people who chose each option among
 * the selected respondents (organisation, group scope, date range and dashboard filters, the
 * statistics' own WHERE), released by the disclosure-control module like every other figure.
 *
 * The population of a version is the selected respondents who answered it (any option, "Prefer
 * not to answer" included), counted with the sum of their responses' record keys; each option's
 * cell is counted with the sum of its answer rows' record keys (migration 0018). Both come from
 * GROUP BYs over the statistics' `base`; domain/stats perturbs them (cell key method), withholds
 * the distribution when its perturbed total is under k and hides a cell under k. The counts are
 * kept in the statistics cache until the organisation's responses or extra answers change.
 */

export interface Counted {
  readonly counts: readonly AnswerGroup[];
  readonly respondents: readonly PopulationGroup[];
}

const countsOf = async (db: Kysely<Database>, req: StatsRequest, row: ExtraQuestionRow): Promise<Counted> => {
  const context = { ...req.context, by: [] };
  const join = sql`join extra_answers ea on ea.response_id = base.id and ea.organization_id = ${row.organization_id} and ea.question_id = ${row.id}`;
  const { counts } = await answerGroups(db, context, sql`ea.option_key`, join, { keyed: true });
  const { count, key } = await respondentsWhere(
    db,
    context,
    sql`exists (select 1 from extra_answers ea where ea.response_id = base.id and ea.organization_id = ${row.organization_id} and ea.question_id = ${row.id})`,
  );
  return { counts, respondents: count > 0 ? [{ values: {}, count, key }] : [] };
};

const SCALE_LABELS: readonly MessageKey[] = ['survey_extra_scale_1', 'survey_extra_scale_2', 'survey_extra_scale_3', 'survey_extra_scale_4', 'survey_extra_scale_5'];

/** The values of a version's chart, in the reader's language where the author wrote one. */
export const valuesOf = (row: ExtraQuestionRow, locale: string | undefined): DimensionValue[] => {
  const t = translator(locale);
  const language = (locale ?? '').toLowerCase();
  const options =
    row.kind === 'scale'
      ? SCALE_KEYS.map((key, index) => ({ key, label: t(SCALE_LABELS[index]!) }))
      : optionsOf(row).map((option) => ({ key: option.key, label: option.translations[language] ?? option.label }));
  return [...options, { key: EXTRA_PREFER_NOT, label: t('survey_prefer_not'), preferNot: true }];
};

/**
 * A released distribution lists the values shown; the question's own options are known to its
 * reader, so each one not shown is listed as hidden (under k after adjustment, or none), in the
 * question's order: the page and the spreadsheet then say "hidden" rather than leave it out.
 * This tells nothing the omission did not.
 */
const withHiddenOptions = (release: Release<Distribution>, values: readonly DimensionValue[], k: number): Release<Distribution> => {
  if (release.status !== 200) return release;
  const shown = new Map(release.data.cells.map((cell) => [cell.key, cell]));
  const cells: StatCell[] = values.map(
    (value) => shown.get(value.key) ?? { key: value.key, label: value.label ?? value.key, suppressed: true as const, threshold: k, ...(value.preferNot ? { preferNot: true as const } : {}) },
  );
  return { status: 200, data: { ...release.data, cells } };
};

/** One version's counts released by domain/stats (cell key method, k), every option listed. */
export const releaseExtra = (counted: Counted, name: string, values: readonly DimensionValue[], multiple: boolean, k: number): Release<Distribution> => {
  const population = protectPopulation({ dimensions: [], groups: counted.respondents });
  const question = { dimension: { name, values }, multiple, counts: counted.counts };
  return withHiddenOptions(population.question(question).distribution({}, k), values, k);
};

/** Which questions' results the caller reads: an administrator every one, an assignee the organisation's and their groups' (403 for other roles). */
const readableQuestions = async (db: Kysely<Database>, auth: AuthContext): Promise<ExtraQuestionRow[]> => {
  const scope = await linkScopeOf(db, auth);
  const rows = await db
    .selectFrom('extra_questions')
    .selectAll()
    .where('organization_id', '=', auth.organization.id)
    .where('status', 'in', ['published', 'retired'])
    .orderBy('position')
    .orderBy('series_id')
    .orderBy('version', 'desc')
    .execute();
  return rows.filter((row) => scope.all || row.department_id === null || scope.departmentIds.has(row.department_id));
};

/** GET /extra-survey/details: every published or retired version with its released result. */
export const extraResultsOf = async (db: Kysely<Database>, cache: PopulationCache, auth: AuthContext, req: StatsRequest, locale: string | undefined): Promise<ExtraDetails> => {
  const rows = await readableQuestions(db, auth);
  const language = (locale ?? '').toLowerCase();
  const results: ExtraResult[] = [];
  // One after the other: each is two small GROUP BYs, cached until the answers change.
  for (const row of rows) {
    const counted = await cache.figure(req.context, `extra:${row.id}`, () => countsOf(db, req, row));
    const release = releaseExtra(counted, `extra-${row.id}`, valuesOf(row, locale), row.kind === 'multiple', req.k);
    results.push({
      id: row.id,
      series_id: row.series_id,
      version: row.version,
      kind: row.kind,
      text: translationsOf(row)[language] ?? row.text,
      status: row.status,
      result: release.status === 200 ? { status: 200, data: release.data } : { status: release.status, message: release.message },
    });
  }
  return { results };
};
