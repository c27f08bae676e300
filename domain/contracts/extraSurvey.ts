import * as t from 'io-ts';
import { Withheld, Distribution } from './stats';
import { endpoint } from './endpoint';
import { FilterQuery } from './filterQuery';
import { ExportFilters } from './exports';
import { ExtraKind, ExtraOption, ExtraStatus, Translations } from './extraAnswers';

export * from './extraAnswers';

/**
 * The extra survey (SPEC sections 2 and 7, issue 17): an organisation's own questions, asked as
 * the last step of the survey on the links they are published to.
 *
 * - GET /extra-survey/surveys: the questions the caller may manage (every version).
 * - GET /extra-survey/details: the released results of every version, with the dashboard filters.
 * - POST /extra-survey/update: one change of the builder (save, publish, move, retire, delete).
 * - POST /general/export-extra-survey: the results as a spreadsheet.
 * - GET /extra-survey/link-questions (public): the published questions of one survey link.
 *
 * Kinds: single choice, multiple choice, a 1 to 5 agreement scale; every kind offers "Prefer not
 * to answer". There is no free-text kind: no answer is ever shown one by one.
 */

export const ExtraQuestion = t.strict({
  id: t.string,
  /** The question across its versions. */
  series_id: t.string,
  version: t.number,
  kind: ExtraKind,
  text: t.string,
  translations: Translations,
  /** The author's options (none for a scale, whose options are the agreement levels). */
  options: t.array(ExtraOption),
  status: ExtraStatus,
  position: t.number,
  /** The group it was written for; null for the whole organisation. */
  department: t.union([t.strict({ id: t.string, name: t.string }), t.null]),
  /** Survey links it is asked on. */
  links: t.array(t.strict({ id: t.string, alias: t.string })),
  published_at: t.union([t.string, t.null]),
});
export type ExtraQuestion = t.TypeOf<typeof ExtraQuestion>;

export const ExtraSurveys = t.strict({ questions: t.array(ExtraQuestion) });
export type ExtraSurveys = t.TypeOf<typeof ExtraSurveys>;

/** An option as the builder sends it: the key of an option kept from the saved draft, or none for a new one. */
const OptionInput = t.intersection([t.strict({ label: t.string }), t.exact(t.partial({ key: t.string, translations: Translations }))]);

export const ExtraSaveInput = t.intersection([
  t.strict({ action: t.literal('save'), kind: ExtraKind, text: t.string }),
  t.exact(
    t.partial({
      /** Absent: a new draft. A draft is changed in place; a published question gets a new version. */
      id: t.string,
      translations: Translations,
      options: t.array(OptionInput),
      /** For a new question: the group it is for (a group assignee must name one of theirs). */
      department_id: t.union([t.string, t.null]),
    }),
  ),
]);
export type ExtraSaveInput = t.TypeOf<typeof ExtraSaveInput>;

export const ExtraUpdateBody = t.union([
  ExtraSaveInput,
  t.strict({ action: t.literal('publish'), id: t.string, tokens: t.array(t.string) }),
  t.strict({ action: t.literal('move'), id: t.string, direction: t.keyof({ up: null, down: null }) }),
  t.strict({ action: t.literal('retire'), id: t.string }),
  t.strict({ action: t.literal('delete'), id: t.string }),
]);
export type ExtraUpdateBody = t.TypeOf<typeof ExtraUpdateBody>;

/** One version's released result: the distribution, or why it is withheld. */
export const ExtraResult = t.strict({
  id: t.string,
  series_id: t.string,
  version: t.number,
  kind: ExtraKind,
  text: t.string,
  status: ExtraStatus,
  result: t.union([t.strict({ status: t.literal(200), data: Distribution }), Withheld]),
});
export type ExtraResult = t.TypeOf<typeof ExtraResult>;

export const ExtraDetails = t.strict({ results: t.array(ExtraResult) });
export type ExtraDetails = t.TypeOf<typeof ExtraDetails>;

/** Body of POST /general/export-extra-survey. */
export const ExtraExportBody = t.exact(t.partial({ filter: ExportFilters }));

export const extraSurveyEndpoints = {
  surveys: endpoint({ method: 'GET', path: '/extra-survey/surveys', data: ExtraSurveys }),
  details: { ...endpoint({ method: 'GET', path: '/extra-survey/details', query: FilterQuery, data: ExtraDetails }), filtered: true as const },
  update: endpoint({ method: 'POST', path: '/extra-survey/update', body: ExtraUpdateBody, data: ExtraSurveys }),
  /** Answers the file itself (xlsx), or the error envelope. */
  exportExtraSurvey: endpoint({ method: 'POST', path: '/general/export-extra-survey', body: ExtraExportBody, data: t.unknown }),
} as const;

