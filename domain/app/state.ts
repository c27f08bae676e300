import type { FilterState } from '../filters/reducer';
import type { DashboardState } from '../dashboard/reducer';
import type { SessionState } from '../session/state';
import type { Permission } from '../navigation/permissions';
import type { Notification } from '../notifications/state';
import type { I18nState } from '../i18n/state';
import type { ConfigState } from '../config/state';
import type { AccountState } from '../account/state';
import type { WizardState } from '../wizard/state';
import type { ResourcesState } from '../resources/state';
import type { SurveyOptionNames, SurveyState } from '../survey/state';
import type { PackageNotice } from '../packages/state';
import type { AiExportState } from '../aiExport/events';
import type { SlideShowState } from '../slideshow/slides';

/**
 * The state of either page, one field per slice. Each page folds it with its own reducer
 * (its app, ./dashboardApp.ts or ./participantApp.ts); a slice a page does not use keeps its start.
 */
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
