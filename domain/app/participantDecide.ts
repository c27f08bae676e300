import { decideLanguage } from '../i18n/decide';
import { decideResource } from '../resources/decide';
import { decideSurvey } from '../survey/decide';
import { SurveyCommand } from '../survey/events';
import { decideTracing } from '../tracing/events';
import type { AppEvent } from './events';
import type { AppCommand } from './participantEvents';
import type { AppState } from './state';

/**
 * The participant's page's commands, decided as the full `decide` (./decide.ts) decides them.
 * The participant build (vite.participant.config.ts) puts this module in place of ./decide.ts.
 */
export const decide = (state: AppState, command: AppCommand): AppEvent[] => {
  if (SurveyCommand.is(command)) return decideSurvey(state.survey, command);
  switch (command.type) {
    case 'i18n/selectLanguage':
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
