import { combineReducers, type Reducer } from '../kernel/fold';
import { sessionReducer } from '../session/reducer';
import { filtersReducer } from '../filters/reducer';
import { permissionsReducer } from '../navigation/reducer';
import { dashboardReducer } from '../dashboard/reducer';
import { notificationsReducer } from '../notifications/reducer';
import { i18nReducer } from '../i18n/reducer';
import { configReducer } from '../config/reducer';
import { accountReducer } from '../account/reducer';
import { wizardReducer } from '../wizard/reducer';
import { resourcesReducer } from '../resources/reducer';
import { packageNoticeReducer } from '../packages/reducer';
import { aiExportReducer } from '../aiExport/reducer';
import { slideShowReducer } from '../slideshow/reducer';
import type { AppEvent } from './events';
import type { AppState } from './state';

export type { AppState } from './state';
export { initialAppState } from './initialState';

/** A slice no event of this page changes keeps its initial value. */
const unchanged = <S>(state: S): S => state;

/**
 * The dashboards' reducer: every slice but the survey's, which is the participant's page's
 * (survey.html; the dashboards hand a survey link there). The dashboards' build (vite.config.ts)
 * puts this module in place of ./state.ts; `tests/domain/pageApps.test.ts` holds it to
 * the full reducer.
 */
export const appReducer: Reducer<AppState, AppEvent> = combineReducers<AppState, AppEvent>({
  session: sessionReducer,
  filters: filtersReducer,
  permissions: permissionsReducer,
  dashboard: dashboardReducer,
  notifications: notificationsReducer,
  i18n: i18nReducer,
  config: configReducer,
  account: accountReducer,
  wizard: wizardReducer,
  resources: resourcesReducer,
  survey: unchanged,
  surveyOptionNames: unchanged,
  packageNotice: packageNoticeReducer,
  aiExport: aiExportReducer,
  slideShow: slideShowReducer,
});
