import { combineReducers, type Reducer } from '../kernel/fold';
import { i18nReducer } from '../i18n/reducer';
import { notificationsReducer } from '../notifications/reducer';
import { packageNoticeReducer } from '../packages/reducer';
import { resourcesReducer } from '../resources/reducer';
import { surveyOptionNamesReducer, surveyReducer } from '../survey/reducer';
import type { AppEvent } from './events';
import type { AppState } from './state';

export type { AppState } from './state';
export { initialAppState } from './initialState';

/** A slice no event of the participant's page changes keeps its initial value. */
const unchanged = <S>(state: S): S => state;

/**
 * The participant's page's reducer: the slices its events change (the survey, its lookups and
 * actions, the language, failed calls), the dashboards' slices left as they start. The
 * participant build (vite.participant.config.ts) puts this module in place of ./state.ts;
 * `tests/domain/pageApps.test.ts` holds it to the full reducer.
 */
export const appReducer: Reducer<AppState, AppEvent> = combineReducers<AppState, AppEvent>({
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
});
