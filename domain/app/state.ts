import { combineReducers, type Reducer } from '../kernel/fold';
import { sessionReducer } from '../session/reducer';
import { initialSession, type SessionState } from '../session/state';
import { filtersReducer, initialFilters, type FilterState } from '../filters/reducer';
import { permissionsReducer } from '../navigation/events';
import type { Permission } from '../navigation/permissions';
import { dashboardReducer, initialDashboard, type DashboardState } from '../dashboard/reducer';
import { notificationsReducer, type Notification } from '../notifications/events';
import { i18nReducer, initialI18n, type I18nState } from '../i18n/events';
import { configReducer, initialConfig, type ConfigState } from '../config/events';
import { accountReducer, initialAccount, type AccountState } from '../account/commands';
import { formsReducer, type FormsState } from '../account/forms';
import { initialWizard, wizardReducer, type WizardState } from '../wizard/wizard';
import { initialResources, type ResourcesState } from '../resources/events';
import { resourcesReducer } from '../resources/reducer';
import { surveyReducer } from '../survey/reducer';
import { initialSurvey, type SurveyState } from '../survey/state';
import { surveyOptionNamesReducer, type SurveyOptionNames } from './surveyOptionNames';
import { initialPackageNotice, packageNoticeReducer, type PackageNotice } from '../packages/state';
import { aiExportReducer, initialAiExport, type AiExportState } from '../aiExport/events';
import { initialSlideShow, slideShowReducer, type SlideShowState } from '../slideshow/slides';
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
  readonly forms: FormsState;
  readonly wizard: WizardState;
  readonly resources: ResourcesState;
  readonly survey: SurveyState;
  readonly surveyOptionNames: SurveyOptionNames;
  readonly packageNotice: PackageNotice;
  readonly aiExport: AiExportState;
  readonly slideShow: SlideShowState;
}

export const initialAppState: AppState = {
  session: initialSession,
  filters: initialFilters,
  permissions: [],
  dashboard: initialDashboard,
  notifications: [],
  i18n: initialI18n,
  config: initialConfig,
  account: initialAccount,
  forms: {},
  wizard: initialWizard,
  resources: initialResources,
  survey: initialSurvey,
  surveyOptionNames: {},
  packageNotice: initialPackageNotice,
  aiExport: initialAiExport,
  slideShow: initialSlideShow,
};

export const appReducer: Reducer<AppState, AppEvent> = combineReducers<AppState, AppEvent>({
  session: sessionReducer,
  filters: filtersReducer,
  permissions: permissionsReducer,
  dashboard: dashboardReducer,
  notifications: notificationsReducer,
  i18n: i18nReducer,
  config: configReducer,
  account: accountReducer,
  forms: formsReducer,
  wizard: wizardReducer,
  resources: resourcesReducer,
  survey: surveyReducer,
  surveyOptionNames: surveyOptionNamesReducer,
  packageNotice: packageNoticeReducer,
  aiExport: aiExportReducer,
  slideShow: slideShowReducer,
});
