import { initialSession } from '../session/state';
import { initialFilters } from '../filters/reducer';
import { initialDashboard } from '../dashboard/reducer';
import { initialI18n } from '../i18n/state';
import { initialConfig } from '../config/state';
import { initialAccount } from '../account/state';
import { initialWizard } from '../wizard/state';
import { initialResources } from '../resources/state';
import { initialSurvey } from '../survey/state';
import { initialPackageNotice } from '../packages/state';
import { initialAiExport } from '../aiExport/events';
import { initialSlideShow } from '../slideshow/slides';
import type { AppState } from './state';

/** Before anything happened; shared by the dashboards' state and the participant's. */
export const initialAppState: AppState = {
  session: initialSession,
  filters: initialFilters,
  permissions: [],
  dashboard: initialDashboard,
  notifications: [],
  i18n: initialI18n,
  config: initialConfig,
  account: initialAccount,
  wizard: initialWizard,
  resources: initialResources,
  survey: initialSurvey,
  surveyOptionNames: {},
  packageNotice: initialPackageNotice,
  aiExport: initialAiExport,
  slideShow: initialSlideShow,
};
