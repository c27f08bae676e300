import { decideSurvey } from '../survey/decide';
import { SurveyCommand } from '../survey/events';
import { decide as decideDashboards } from './dashboardDecide';
import type { AppCommand, AppEvent } from './events';
import type { AppState } from './state';

/**
 * The pure part of handling a command: the events it yields without any I/O. The survey's
 * commands are decided by its rules, every other as the dashboards decide it
 * (./dashboardDecide.ts).
 */
export const decide = (state: AppState, command: AppCommand): AppEvent[] =>
  SurveyCommand.is(command) ? decideSurvey(state.survey, command) : decideDashboards(state, command);
