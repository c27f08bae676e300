import { combineReducers } from '../kernel/fold';
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
import { sections } from '../resources/sections';
import { actions } from '../resources/actions';
import { type PageApp, unchanged } from './app';
import { AppCommand, type AppEvent } from './events';
import { decide } from './dashboardDecide';
import { initialAppState } from './initialState';
import type { AppState } from './state';

/**
 * The dashboards' page (index.html) and every page but the survey's: every command, section
 * and action, and every slice but the survey's, which is the participant's page's (survey.html;
 * the dashboards hand a survey link there, ./dashboardDecide.ts).
 */
export const dashboardApp: PageApp = {
  Command: AppCommand,
  decide,
  reducer: combineReducers<AppState, AppEvent>({
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
  }),
  initialState: initialAppState,
  sections,
  actions,
};
