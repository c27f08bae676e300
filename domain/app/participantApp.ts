import * as t from 'io-ts';
import { combineReducers } from '../kernel/fold';
import { AppStartCommand } from '../config/events';
import { I18nCommand } from '../i18n/events';
import { decideLanguage } from '../i18n/decide';
import { i18nReducer } from '../i18n/reducer';
import { notificationsReducer } from '../notifications/reducer';
import { packageNoticeReducer } from '../packages/reducer';
import { resourceCommandsOf } from '../resources/commands';
import { decideResource } from '../resources/decide';
import { resourcesReducer } from '../resources/reducer';
import { surveySections } from '../resources/sections/survey';
import { surveyActions } from '../resources/actions/survey';
import { decideSurvey } from '../survey/decide';
import { SurveyCommand } from '../survey/events';
import { surveyOptionNamesReducer, surveyReducer } from '../survey/reducer';
import { TracingCommand, decideTracing } from '../tracing/events';
import { type PageApp, unchanged } from './app';
import type { AppEvent } from './events';
import { initialAppState } from './initialState';
import type { AppState } from './state';

/**
 * The participant's page (survey.html: a survey link, the emailed edit and delete links). It
 * knows the survey's own sections and actions only, so a survey link's page carries the codecs
 * of what it loads and not those of every dashboard; `tests/domain/pageApps.test.ts` holds it
 * to every message its code names.
 */
const ParticipantCommand = t.union([AppStartCommand, I18nCommand, resourceCommandsOf(surveySections, surveyActions), SurveyCommand, TracingCommand]);
export type ParticipantCommand = t.TypeOf<typeof ParticipantCommand>;

const decide = (state: AppState, command: ParticipantCommand): AppEvent[] => {
  if (SurveyCommand.is(command)) return decideSurvey(state.survey, command);
  switch (command.type) {
    case 'i18n/selectLanguage':
      // Nobody is signed in here, so there is no account language to offer.
      return decideLanguage(state.i18n, command);
    case 'resource/load':
    case 'resource/reloadAll':
    case 'action/submit':
    case 'action/clear':
      return decideResource(state.resources, command);
    case 'tracing/report':
      return decideTracing(command, state.survey.answers);
    case 'app/start':
      return [];
  }
};

export const participantApp: PageApp<ParticipantCommand> = {
  Command: ParticipantCommand,
  decide,
  // The slices its events change (the survey, its lookups and actions, the language, failed
  // calls); the dashboards' slices stay as they start.
  reducer: combineReducers<AppState, AppEvent>({
    session: unchanged,
    filters: unchanged,
    permissions: unchanged,
    dashboard: unchanged,
    notifications: notificationsReducer,
    i18n: i18nReducer,
    config: unchanged,
    account: unchanged,
    wizard: unchanged,
    resources: resourcesReducer,
    survey: surveyReducer,
    surveyOptionNames: surveyOptionNamesReducer,
    packageNotice: packageNoticeReducer,
    aiExport: unchanged,
    slideShow: unchanged,
  }),
  initialState: initialAppState,
  sections: surveySections,
  actions: surveyActions,
};
