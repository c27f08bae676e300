import { catchError, defaultIfEmpty, exhaustMap, filter, ignoreElements, map, merge, mergeMap, of, startWith, take, tap, withLatestFrom, type Observable } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import type { AppState } from '../../domain/app/state';
import { Messages } from '../../domain/contracts/envelope';
import { PREFER_NOT_CODE, type LookupItem } from '../../domain/contracts/lookups';
import { submitSurvey } from '../../domain/contracts/responses';
import type { QuestionDefinition } from '../../domain/contracts/survey';
import type { Clock } from '../../domain/kernel/clock';
import type { ActionName } from '../../domain/resources/actions';
import { sectionOf } from '../../domain/resources/state';
import type { ResourceArgs } from '../../domain/resources/commands';
import { draftOf } from '../../domain/survey/draft';
import { submissionPayload } from '../../domain/survey/payload';
import { surveyQuestions } from '../../domain/survey/questions';
import { answersOfSubmission } from '../../domain/survey/stored';
import { ofType } from '../bus/ofType';
import type { Effect, LiveMessage } from '../bus/types';
import { isApiFailure, type ApiClient } from '../http/client';
import { isSurveyList, surveyLookup } from '../resources/survey.catalogue';
import type { SurveyDraftStore } from '../storage/surveyDraft';
import type { AnsweredLinks } from '../storage/answeredLinks';

export interface SurveyDeps {
  readonly api: Pick<ApiClient, 'call'>;
  readonly clock: Clock;
  readonly surveyDrafts: SurveyDraftStore;
  /** The links this browser answered (a mark each, nothing of the answers). */
  readonly answeredLinks: AnsweredLinks;
}

/** The action that checks the link (see survey.catalogue.ts). */
export const CHECK_LINK = 'surveyCheckLink' satisfies ActionName;
/** The action that reads the response an emailed edit link is for. */
export const READ_EDITABLE = 'surveyEditable' satisfies ActionName;

const current = (state$: Observable<AppState>): Observable<AppState> => state$.pipe(take(1));

const argText = (args: ResourceArgs, name: string): string | undefined => {
  const value = args[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** The args of the newest link check: the alias and personal invitation travel with the answers. */
const linkArgs = (live$: Observable<LiveMessage>): Observable<ResourceArgs> =>
  live$.pipe(
    ofType('action/submit'),
    filter((command) => command.action === CHECK_LINK),
    map((command) => command.args),
    startWith({} as ResourceArgs),
  );

/** The args of the newest read of an edit link (its token). */
const editArgs = (live$: Observable<LiveMessage>): Observable<ResourceArgs> =>
  live$.pipe(
    ofType('action/submit'),
    filter((command) => command.action === READ_EDITABLE),
    map((command) => command.args),
    startWith({} as ResourceArgs),
  );

/** Child questions (a country's states) whose list hangs under the parent's answer. */
const childLookups = (definitions: readonly QuestionDefinition[]) =>
  definitions.flatMap((definition) => {
    const lookup = surveyLookup(definition.lookup);
    return definition.parent !== null && lookup?.param !== undefined ? [{ definition, lookup: { ...lookup, param: lookup.param } }] : [];
  });

/**
 * A checked link opens the survey: the link's choices, then the draft kept for it on this
 * device (answers and the names of searched options), so a reload loses nothing. A link this
 * browser already answered says so first (a personal invitation is judged by the server).
 */
export const surveyOpenEffect: Effect<SurveyDeps> = (live$, _state$, deps) =>
  live$.pipe(
    ofType('action/succeeded'),
    mergeMap((event): AppEvent[] => {
      if (event.action !== CHECK_LINK || event.data === null) return [];
      const link = event.data;
      const { draft, names } = deps.surveyDrafts.load(link.token);
      return [
        {
          type: 'survey/opened',
          token: link.token,
          surveyId: link.survey_id,
          anonymityEnforced: link.anonymity === 1,
          askGroup: link.department === null,
          logo: null,
        },
        // The answers first: a names event is saved with the answers of the state it meets.
        ...(draft !== null && draft.surveyId === link.survey_id ? [{ type: 'survey/draftRestored', token: link.token, answers: draft.answers } as const] : []),
        // The extra answers too; the link's questions, when they arrive, keep those still asked.
        ...(draft !== null && draft.surveyId === link.survey_id && draft.extraAnswers !== undefined ? [{ type: 'survey/extraAnswersRestored', answers: draft.extraAnswers } as const] : []),
        ...(Object.keys(names).length > 0 ? [{ type: 'survey/optionsNamed', names } as const] : []),
        ...(!link.organization_invited && deps.answeredLinks.has(link.token) ? [{ type: 'survey/answeredHere', token: link.token } as const] : []),
      ];
    }),
  );

export interface LinkLanguageDeps {
  /** The language to follow, given the link's organisation default; undefined when a choice was kept on this device or nothing is to be followed. */
  followedLanguage(organisationDefault: string | null): string | undefined;
}

/**
 * A checked link brings its organisation's survey language: the page follows it when no
 * language was chosen on this device and the browser asks for none the product speaks.
 * Followed, not kept: the next link may be another organisation's.
 */
export const linkLanguageEffect: Effect<LinkLanguageDeps> = (live$, state$, deps) =>
  live$.pipe(
    ofType('action/succeeded'),
    withLatestFrom(state$),
    mergeMap(([event, state]): AppEvent[] => {
      if (event.action !== CHECK_LINK || event.data === null) return [];
      const code = deps.followedLanguage(event.data.organization_locale);
      return code === undefined || code === state.i18n.language ? [] : [{ type: 'i18n/languageFollowed', code }];
    }),
  );

/**
 * An emailed edit link was read: the form opens on the stored answers, with the names of the
 * options answered (languages and heritages are searched, not loaded whole). The edit token
 * is kept in the state only as long as the form is open; it goes back with the answers.
 */
export const surveyEditOpenEffect: Effect<SurveyDeps> = (live$) =>
  live$.pipe(
    ofType('action/succeeded'),
    withLatestFrom(editArgs(live$)),
    mergeMap(([event, args]): AppEvent[] => {
      const editToken = argText(args, 'token');
      if (event.action !== READ_EDITABLE || event.data === null || editToken === undefined) return [];
      const editable = event.data;
      const definitions = surveyQuestions(editable.survey_id) ?? [];
      return [
        {
          type: 'survey/editOpened',
          token: editable.token,
          editToken,
          surveyId: editable.survey_id,
          anonymityEnforced: editable.anonymity === 1,
          askGroup: editable.department === null,
          answers: answersOfSubmission(definitions, editable.answers, new Set(editable.prefer_not)),
        },
        ...(Object.keys(editable.names).length > 0 ? [{ type: 'survey/optionsNamed', names: editable.names } as const] : []),
        ...(editable.extra !== undefined ? [{ type: 'survey/extraAnswersRestored', answers: editable.extra } as const] : []),
      ];
    }),
  );

/**
 * The definitions arrive through the surveyDefinitions section; the slice takes them. Lists
 * under a restored answer are fetched at once, so a country without states does not ask for
 * one even before its step is shown again.
 */
export const surveyQuestionsEffect: Effect<SurveyDeps> = (live$, state$) =>
  live$.pipe(
    ofType('resource/loaded'),
    withLatestFrom(state$),
    mergeMap(([event, state]): AppEvent[] => {
      if (event.name !== 'surveyDefinitions') return [];
      const questions = event.data;
      const surveyId = Number(sectionOf(state.resources, 'surveyDefinitions').args.survey_id ?? state.survey.surveyId);
      const prefetch = childLookups(questions).flatMap(({ definition, lookup }): AppEvent[] => {
        const parent = state.survey.answers[String(definition.parent)];
        if (parent === undefined || typeof parent.answer !== 'number') return [];
        const known = state.survey.childOptions[String(definition.id)]?.[String(parent.answer)];
        return known === undefined ? [{ type: 'resource/requested', name: lookup.section, args: { [lookup.param]: parent.answer } }] : [];
      });
      return [{ type: 'survey/questionsLoaded', surveyId, questions }, ...prefetch];
    }),
  );

/** The link's extra questions arrive through the surveyExtraQuestions section; the slice takes them for the link they were read for. */
export const surveyExtraQuestionsEffect: Effect<SurveyDeps> = (live$, state$) =>
  live$.pipe(
    ofType('resource/loaded'),
    withLatestFrom(state$),
    mergeMap(([event, state]): AppEvent[] => {
      if (event.name !== 'surveyExtraQuestions') return [];
      const token = sectionOf(state.resources, 'surveyExtraQuestions').args.token;
      return typeof token === 'string' ? [{ type: 'survey/extraQuestionsLoaded', token, questions: event.data }] : [];
    }),
  );

/** Whether a dependent list has options for the parent's answer ("Prefer not to answer" alone does not count). */
export const surveyChildOptionsEffect: Effect<SurveyDeps> = (live$, state$) =>
  live$.pipe(
    ofType('resource/loaded', 'resource/empty'),
    withLatestFrom(state$),
    mergeMap(([event, state]): AppEvent[] => {
      const children = childLookups(state.survey.definitions).filter(({ lookup }) => lookup.section === event.name);
      if (children.length === 0) return [];
      const parentValue = Number(sectionOf(state.resources, event.name).args[children[0]!.lookup.param]);
      if (!Number.isSafeInteger(parentValue)) return [];
      const items: readonly LookupItem[] = event.type === 'resource/loaded' && isSurveyList(event) ? event.data : [];
      const hasOptions = items.some((item) => item.code !== PREFER_NOT_CODE);
      return children.map(({ definition }) => ({ type: 'survey/childOptionsLoaded', questionId: definition.id, parentValue, hasOptions }));
    }),
  );

/**
 * An option picked from a searched list is named from the search it was picked in, while
 * that search is still in the state, so the answer can be shown again after a reload.
 */
export const surveyNamesEffect: Effect<SurveyDeps> = (live$, state$) =>
  live$.pipe(
    ofType('survey/answerSet'),
    withLatestFrom(state$),
    mergeMap(([event, state]): AppEvent[] => {
      const definition = state.survey.definitions.find((d) => d.id === event.questionId);
      const lookup = surveyLookup(definition?.lookup ?? null);
      if (!lookup?.search) return [];
      const id = typeof event.value === 'number' ? event.value : typeof event.value === 'object' ? event.value.principleId : null;
      if (id === null || state.surveyOptionNames[String(id)] !== undefined) return [];
      const items: readonly LookupItem[] = sectionOf(state.resources, lookup.section).data ?? [];
      const item = items.find((candidate) => candidate.principleId === id);
      return item ? [{ type: 'survey/optionsNamed', names: { [String(id)]: item.value } }] : [];
    }),
  );

const CHANGES = ['survey/answerSet', 'survey/rowRemoved', 'survey/answerRemoved', 'survey/answerDisabled', 'survey/answerReEnabled', 'survey/optionsNamed', 'survey/extraAnswerSet'] as const;

/**
 * Every change of an answer is kept on the device at once; a successful submit removes it.
 * Writes are synchronous, in the order of the events.
 */
export const surveyDraftEffect: Effect<SurveyDeps> = (live$, state$, deps) =>
  merge(
    live$.pipe(
      ofType(...CHANGES),
      mergeMap(() => current(state$)),
      tap((state) => {
        const draft = draftOf(state.survey, new Date(deps.clock.now()).toISOString());
        if (draft !== null) deps.surveyDrafts.save(draft, state.surveyOptionNames);
      }),
    ),
    live$.pipe(
      ofType('survey/submitSucceeded'),
      mergeMap(() => current(state$)),
      tap((state) => {
        if (state.survey.token === null) return;
        deps.surveyDrafts.clear(state.survey.token);
        // A new answer (not a change through an emailed link) is remembered against a reload.
        if (state.survey.editToken === null) deps.answeredLinks.remember(state.survey.token);
      }),
    ),
  ).pipe(ignoreElements());

/** SPEC section 8: a refused submit shows the response's message (empty if none) and keeps the answers. */
const failed = (error: unknown): AppEvent => {
  if (!isApiFailure(error)) return { type: 'survey/submitFailed', message: Messages.unknownError, errors: {} };
  if (error.code === 'ERR_NETWORK') return { type: 'survey/submitFailed', message: 'connection_lost_login', errors: {} };
  const errors = Object.fromEntries(Object.entries(error.errors ?? {}).map(([field, list]) => [field, [...list]]));
  return { type: 'survey/submitFailed', message: error.message ?? '', errors };
};

/**
 * POST /diversity-survey once the slice found the answers valid. exhaustMap: a second
 * submit while one is on its way is ignored (the slice refuses it too). Success only on 200.
 */
export const surveySubmitEffect: Effect<SurveyDeps> = (live$, state$, deps) =>
  live$.pipe(
    ofType('survey/submitRequested'),
    withLatestFrom(linkArgs(live$)),
    exhaustMap(([, args]) =>
      current(state$).pipe(
        mergeMap((state) => {
          const alias = argText(args, 'alias');
          const invitation = argText(args, 'invitation');
          const editToken = state.survey.editToken;
          // Through an edit link the answers replace those of the response; no seat or invitation is involved.
          const body =
            editToken === null
              ? {
                  ...submissionPayload(state.survey.definitions, state.survey),
                  ...(alias === undefined ? {} : { alias }),
                  ...(invitation === undefined ? {} : { invitation }),
                }
              : { ...submissionPayload(state.survey.definitions, state.survey), edit_token: editToken };
          return deps.api.call(submitSurvey, { body, silent: true });
        }),
        mergeMap((result): AppEvent[] => {
          if (result.status !== 200) return [{ type: 'survey/submitFailed', message: result.message ?? '', errors: {} }];
          // The thanks says when the links to change the answers were mailed.
          return result.data?.edit_link_sent === true ? [{ type: 'survey/submitSucceeded' }, { type: 'survey/editLinkSent' }] : [{ type: 'survey/submitSucceeded' }];
        }),
        // An aborted request ends without an answer: the form must not stay "sending" for ever.
        defaultIfEmpty<AppEvent, AppEvent>({ type: 'survey/submitFailed', message: Messages.apiError, errors: {} }),
        catchError((error: unknown) => of(failed(error))),
      ),
    ),
  );

export const surveyEffects: readonly Effect<SurveyDeps>[] = [
  surveyOpenEffect,
  surveyEditOpenEffect,
  surveyQuestionsEffect,
  surveyExtraQuestionsEffect,
  surveyChildOptionsEffect,
  surveyNamesEffect,
  surveyDraftEffect,
  surveySubmitEffect,
];
