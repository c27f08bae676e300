import { combineReducers, type Reducer } from '../kernel/fold';
import { sessionReducer } from '../session/reducer';
import type { SessionState } from '../session/state';
import { filtersReducer, type FilterState } from '../filters/reducer';
import { permissionsReducer } from '../navigation/reducer';
import type { Permission } from '../navigation/permissions';
import { dashboardReducer, type DashboardState } from '../dashboard/reducer';
import { notificationsReducer } from '../notifications/reducer';
import type { Notification } from '../notifications/state';
import { i18nReducer } from '../i18n/reducer';
import type { I18nState } from '../i18n/state';
import { configReducer } from '../config/reducer';
import type { ConfigState } from '../config/state';
import { accountReducer } from '../account/reducer';
import type { AccountState } from '../account/state';
import { wizardReducer } from '../wizard/reducer';
import type { WizardState } from '../wizard/state';
import type { ResourcesState } from '../resources/state';
import { resourcesReducer } from '../resources/reducer';
import { surveyOptionNamesReducer, surveyReducer } from '../survey/reducer';
import type { SurveyOptionNames, SurveyState } from '../survey/state';
import { packageNoticeReducer } from '../packages/reducer';
import type { PackageNotice } from '../packages/state';
import type { AiExportState } from '../aiExport/events';
import { aiExportReducer } from '../aiExport/reducer';
import type { SlideShowState } from '../slideshow/slides';
import { slideShowReducer } from '../slideshow/reducer';
import type { AppEvent } from './events';

export interface AppState {
  readonly session: SessionState;
  readonly filters: FilterState;
  readonly permissions: readonly Permission[];
  readonly dashboard: DashboardState;
  readonly notifications: readonly Notification[];
  readonly i18n: I18nState;
  readonly config: ConfigState;
  readonly account: AccountState;
  readonly wizard: WizardState;
  readonly resources: ResourcesState;
  readonly survey: SurveyState;
  readonly surveyOptionNames: SurveyOptionNames;
  readonly packageNotice: PackageNotice;
  readonly aiExport: AiExportState;
  readonly slideShow: SlideShowState;
}

export { initialAppState } from './initialState';

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
  survey: surveyReducer,
  surveyOptionNames: surveyOptionNamesReducer,
  packageNotice: packageNoticeReducer,
  aiExport: aiExportReducer,
  slideShow: slideShowReducer,
});
