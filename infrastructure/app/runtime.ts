import { distinctUntilChanged, map } from 'rxjs';
import { createStore, type Store } from '../bus/store';
import type { Effect } from '../bus/types';
import { exportLog, importLog, type ImportResult } from '../devtools/logFile';
import { DEFAULT_TIMEOUT_MS, createApiClient, createHttpReports, type ApiClient } from '../http/client';
import { lazyTransport } from '../http/transport';
import { createTokenCookies } from '../storage/cookies';
import { clearOnLogout, loadSession, saveSession } from '../storage/persistedSession';
import { STORAGE_KEYS } from '../storage/keys';
import { createTranslator, type Translator } from '../i18n/translator';
import { initialLanguage } from '../i18n/language';
import { enFirstLoad } from '../../domain/i18n/en.firstLoad';
import { translationEffect, documentLanguage } from '../i18n/i18n.effects';
import { openTabChannelLater } from '../tabs/laterChannel';
import { connectTabs } from '../tabs/sync';
import { forgetSessionEffect, type SessionEffectDeps } from '../effects/session.effects';
import { loginEffect, logoutEffect, organizationSsoEffect, permissionsEffect, sessionCheckEffect, ssoEffect, type AuthDeps } from '../effects/auth.effects';
import { accountFollowUps, signInLanguageEffect, type AccountDeps } from '../effects/account.effects';
import { createSecrets, type Secrets } from './secrets';
import { inactivityEffect, type InactivityDeps } from '../effects/inactivity.effects';
import { browserActivitySources, createActivityTracker } from '../tabs/activity';
import { initialLanguageEffect, passwordRuleEffect, restoreSessionEffect, type StartDeps } from '../effects/app.effects';
import { isDebugEnabled } from '../devtools/debugFlag';
import { actionEffect, sectionLoadEffect, type ResourceDeps } from '../resources/resources.effects';
import { reloadEffect } from '../resources/reloads.effects';
import { catalogueOf, type ResourceCatalogue } from '../resources/entries';
import type { PageApp } from '../../domain/app/app';
import { viewAsEffect, type ViewAsDeps } from '../effects/viewAs.effects';
import { errorReportEffect, type TracingDeps } from '../effects/tracing.effects';
import { reportUnhandledRejections } from './rejections';
import { browserSaveFile, calendarExportEffect, calendarIcsEffect, certificatePdfEffect, exportCompareEffect, exportEffect, type ExportDeps, mutualityExcelEffect, reportPdfEffect } from '../effects/export.effects';
import { aiExportAskEffect, aiExportDownloadEffect } from '../effects/aiExport.effects';
import { slideSettingEffect, slideTimerEffect } from '../effects/slideShow.effects';

export interface AppRuntime {
  readonly store: Store;
  readonly catalogue: ResourceCatalogue;
  readonly i18n: Translator;
  readonly api: ApiClient;
  /** Shown-once secrets (authenticator set-up), kept out of the store and the log. */
  readonly secrets: Secrets;
  readonly debug: {
    isEnabled(role: string | null): boolean;
    exportLog(): string;
    /** Starts a replay of the file's log, or says why it cannot. */
    replay(text: string): ImportResult;
  };
  dispose(): void;
}

export interface RuntimeEnvironment {
  /** The dashboards' application, composed by the page's entry (src/main.tsx). */
  readonly app: PageApp;
  readonly window: Window;
  readonly storage: Storage;
  readonly cookieDomain?: string;
  readonly secureCookies: boolean;
  readonly localBuild: boolean;
  /** Share of errors reported to the server (SPEC section 9: 1). */
  readonly errorSampleRate: number;
}

type Deps = SessionEffectDeps & StartDeps & AuthDeps & AccountDeps & InactivityDeps & ResourceDeps & ViewAsDeps & TracingDeps & ExportDeps;

/**
 * Wires the client together once per page: storage, tokens, the HTTP client, i18n, the bus
 * with its effects, and the tab channel. React receives the result and nothing else.
 */
export const createAppRuntime = (env: RuntimeEnvironment): AppRuntime => {
  const { storage } = env;
  const cookies = createTokenCookies({ domain: env.cookieDomain, secure: env.secureCookies });
  const tabId = crypto.randomUUID();
  const ids = { next: () => crypto.randomUUID() };
  // The other pages' English comes with their chunks (src/app/pageTexts.tsx).
  const i18n = createTranslator(initialLanguage(storage), enFirstLoad);
  const reports = createHttpReports();
  const catalogue = catalogueOf(env.app.sections, env.app.actions);
  // The store is created below; the client only asks it questions once calls are made.
  let store: Store | undefined;
  const api = createApiClient({
    // axios, with the client's RxJS retries, in a chunk of its own fetched at the first call so
    // that the first screen does not wait for it (docs/decisions/0005-client-transports.md).
    transport: lazyTransport(async () => (await import('../http/axiosTransport')).axiosTransport({ baseURL: '/api', timeoutMs: DEFAULT_TIMEOUT_MS })),
    getLocale: () => store?.getState().i18n.language ?? i18n.language,
    isSignedIn: () => store?.getState().session.signedIn ?? false,
    cookies,
    report: reports.report,
    ids,
  });

  const secrets = createSecrets();
  const clock = { now: () => Date.now() };
  const activity = createActivityTracker(browserActivitySources(env.window));
  const deps: Deps = {
    activity,
    clock,
    startActivityClock: () => activity.record(clock.now()),
    leaveFor: (url) => env.window.location.assign(url),
    api,
    catalogue,
    followUps: accountFollowUps({ cookies, secrets }),
    cookies,
    secrets,
    forgetSession: () => {
      cookies.clearAll();
      activity.forget();
      clearOnLogout(storage);
    },
    readSession: () => ({ session: loadSession(storage), hasToken: !!cookies.primary(), hasSecondaryToken: !!cookies.secondary() }),
    rememberPasswordRule: (regex) => {
      try {
        storage.setItem(STORAGE_KEYS.regex, regex);
      } catch {
        // A full or blocked storage only costs the offline copy of the rule.
      }
    },
    selectedLanguage: () => initialLanguage(storage),
    random: Math.random,
    errorSampleRate: env.errorSampleRate,
    saveFile: browserSaveFile(env.window),
  };

  const effects: Effect<Deps>[] = [
    reports.effect as Effect<Deps>,
    restoreSessionEffect,
    passwordRuleEffect,
    initialLanguageEffect,
    loginEffect,
    ssoEffect,
    organizationSsoEffect,
    logoutEffect,
    sessionCheckEffect,
    permissionsEffect,
    forgetSessionEffect,
    signInLanguageEffect,
    inactivityEffect,
    sectionLoadEffect,
    reloadEffect,
    viewAsEffect,
    actionEffect,
    // No survey effects: a survey link is handed to its own page (survey.html, infrastructure/app/surveyRuntime.ts).
    errorReportEffect,
    exportEffect,
    aiExportAskEffect,
    aiExportDownloadEffect,
    slideTimerEffect,
    slideSettingEffect,
    exportCompareEffect,
    certificatePdfEffect,
    mutualityExcelEffect,
    calendarExportEffect,
    calendarIcsEffect,
    reportPdfEffect,
    translationEffect({ api, i18n, storage, showLanguage: documentLanguage(document.documentElement) }) as Effect<Deps>,
  ];
  store = createStore(env.app, { tabId, clock, ids, effects, deps });

  const persisting = store.state$
    .pipe(map((s) => s.session), distinctUntilChanged())
    .subscribe((session) => {
      if (session.signedIn) saveSession(storage, session);
    });
  const channel = openTabChannelLater();
  const disconnectTabs = connectTabs(store, channel);
  store.dispatch({ type: 'app/start' });

  const liveStore = store;
  const stopReportingRejections = reportUnhandledRejections(env.window, liveStore);
  return {
    store: liveStore,
    catalogue,
    i18n,
    api,
    secrets,
    debug: {
      isEnabled: (role) => isDebugEnabled({ search: env.window.location.search, storage, localBuild: env.localBuild, role }),
      exportLog: () => exportLog(liveStore.getLifted().entries, Date.now()),
      replay: (text) => {
        const result = importLog(text);
        if (result.ok) liveStore.startReplay(result.entries);
        return result;
      },
    },
    dispose: () => {
      stopReportingRejections();
      persisting.unsubscribe();
      disconnectTabs();
      void channel.close();
      liveStore.dispose();
    },
  };
};
