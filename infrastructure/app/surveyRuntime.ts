import { createStore, type Store } from '../bus/store';
import type { Effect } from '../bus/types';
import { DEFAULT_TIMEOUT_MS, createApiClient, createHttpReports } from '../http/client';
import { fetchTransport } from '../http/fetchTransport';
import { initialLanguage } from '../i18n/language';
import { followedSurveyLanguage } from '../../domain/i18n/languages';
import { DEFAULT_LANGUAGE } from '../../domain/i18n/state';
import { storedItems } from '../storage/local';
import { createTranslator, type Translator } from '../i18n/translator';
import { enParticipant } from '../../domain/i18n/en.participant';
import { translationEffect, documentLanguage } from '../i18n/i18n.effects';
import { initialLanguageEffect, type StartDeps } from '../effects/app.effects';
import { actionEffect, sectionLoadEffect, type ResourceDeps } from '../resources/resources.effects';
import { reloadEffect } from '../resources/reloads.effects';
import { catalogueOf, type ResourceCatalogue } from '../resources/entries';
import type { PageApp } from '../../domain/app/app';
import type { ParticipantCommand } from '../../domain/app/participantApp';
import { linkLanguageEffect, surveyEffects, type LinkLanguageDeps, type SurveyDeps } from '../effects/survey.effects';
import { errorReportEffect, type TracingDeps } from '../effects/tracing.effects';
import { reportUnhandledRejections } from './rejections';
import { createSurveyDraftStore } from '../storage/surveyDraft';
import { createAnsweredLinks } from '../storage/answeredLinks';

export interface SurveyRuntime {
  readonly store: Store;
  readonly catalogue: ResourceCatalogue;
  readonly i18n: Translator;
  dispose(): void;
}

export interface SurveyEnvironment {
  /** The participant's application, composed by the page's entry (src/participant.tsx). */
  readonly app: PageApp<ParticipantCommand>;
  readonly storage: Storage;
  /** The browser's preferred languages (navigator.languages), followed until the person chooses one. */
  readonly languages?: readonly string[];
  /** Where unhandled rejections are heard; reports carry its path. None in tests. */
  readonly window?: Window;
  /** Share of errors reported to the server (SPEC section 9: 1). */
  readonly errorSampleRate?: number;
}

type Deps = Pick<StartDeps, 'selectedLanguage' | 'browserLanguage'> & LinkLanguageDeps & ResourceDeps & SurveyDeps & TracingDeps;

/**
 * The participant's page (survey links and the emailed edit and delete links): the same bus,
 * reducers and survey effects as the dashboards, without what a participant never uses
 * (sessions, tabs, inactivity, the debug log), with fetch instead of axios and the translator
 * over the participant's texts only, so the page stays within the phone budget of the survey
 * issue (docs/decisions/0005-client-transports.md). A participant is never signed in, so no token is sent.
 */
export const createSurveyRuntime = (env: SurveyEnvironment): SurveyRuntime => {
  const { storage } = env;
  const ids = { next: () => crypto.randomUUID() };
  const clock = { now: () => Date.now() };
  // A language chosen on this device wins; else the browser's, when the product speaks it;
  // else, once the link is checked, its organisation's default.
  const chosen = () => storedItems.newLang.read(storage) !== undefined;
  const followed = (organisationDefault: string | null = null) => (chosen() ? undefined : followedSurveyLanguage(env.languages ?? [], organisationDefault));
  const i18n = createTranslator(followed() ?? initialLanguage(storage), enParticipant);
  const reports = createHttpReports();
  const catalogue = catalogueOf(env.app.sections, env.app.actions);
  let store: Store | undefined;
  const api = createApiClient({
    transport: fetchTransport({ baseURL: '/api', timeoutMs: DEFAULT_TIMEOUT_MS }),
    getLocale: () => store?.getState().i18n.language ?? i18n.language,
    isSignedIn: () => false,
    cookies: { primary: () => undefined, secondary: () => undefined },
    report: reports.report,
    ids,
  });
  const deps: Deps = {
    api,
    catalogue,
    clock,
    selectedLanguage: () => initialLanguage(storage),
    // Until the link is known the page follows the product's default, not kept either: a
    // choice kept now would hide the organisation's default from this device for good.
    browserLanguage: () => (chosen() ? undefined : (followed() ?? DEFAULT_LANGUAGE)),
    followedLanguage: followed,
    surveyDrafts: createSurveyDraftStore(storage),
    answeredLinks: createAnsweredLinks(storage),
    random: Math.random,
    errorSampleRate: env.errorSampleRate ?? 1,
  };
  const effects: Effect<Deps>[] = [
    reports.effect as Effect<Deps>,
    initialLanguageEffect,
    linkLanguageEffect,
    sectionLoadEffect,
    actionEffect,
    // A language chosen on the survey page names the loaded options in it.
    reloadEffect,
    ...surveyEffects,
    // Failed calls and rejections are reported with the respondent's answer texts scrubbed out.
    errorReportEffect,
    translationEffect({ api, i18n, storage, showLanguage: documentLanguage(document.documentElement) }) as Effect<Deps>,
  ];
  store = createStore(env.app, { tabId: crypto.randomUUID(), clock, ids, effects, deps });
  store.dispatch({ type: 'app/start' });
  const liveStore = store;
  const stopReportingRejections = env.window === undefined ? () => undefined : reportUnhandledRejections(env.window, liveStore);
  return {
    store: liveStore,
    catalogue,
    i18n,
    dispose: () => {
      stopReportingRejections();
      liveStore.dispose();
    },
  };
};
