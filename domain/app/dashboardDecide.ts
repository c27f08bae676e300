import { filterProblem, normaliseFilters } from '../filters/model';
import type { ExportFilters } from '../contracts/exports';
import { decideWizard } from '../wizard/decide';
import { decideResource } from '../resources/decide';
import { DEFAULT_DEPARTMENT_ID } from '../session/state';
import { decideLanguageChoice } from '../i18n/decide';
import { decideTracing } from '../tracing/events';
import { decideExport, decideExportCompare } from '../dashboard/decide';
import { decideAiExport } from '../aiExport/events';
import { DEFAULT_SLIDE_SHOW, decideSlideShow } from '../slideshow/slides';
import { SurveyCommand } from '../survey/events';
import type { AppCommand, AppEvent } from './events';
import type { AppState } from './state';

/**
 * The pure part of handling a command in the dashboards: the events it yields without any I/O.
 * Commands that need the network or storage yield their "requested" facts here (or nothing)
 * and are taken up by an effect. The survey's commands are the participant's page's
 * (./participantApp.ts), so the dashboards' first load does not carry the survey's rules.
 */
export const decide = (state: AppState, command: AppCommand): AppEvent[] => {
  // A survey is answered on its own page (survey.html); the dashboards hand its links there.
  if (SurveyCommand.is(command)) return [{ type: 'bus/commandRejected', command: command.type, reason: 'the survey is answered on its own page' }];
  switch (command.type) {
    case 'filters/apply': {
      const problem = filterProblem(command.filters);
      return problem
        ? [{ type: 'bus/commandRejected', command: command.type, reason: problem }]
        : [{ type: 'filters/applied', filters: command.filters }];
    }
    case 'filters/clear':
      return [{ type: 'filters/cleared' }];
    case 'dashboard/refresh':
      return [{ type: 'dashboard/reloadRequested', page: command.page }];
    case 'certificate/downloadPdf':
      return [{ type: 'certificate/pdfRequested', id: command.id }];
    case 'mutuality/downloadExcel':
      return [{ type: 'mutuality/excelRequested', organizationId: command.organizationId, countryId: command.countryId }];
    case 'report/download':
      return [
        { type: 'report/pdfRequested', definition: { title: command.title, pages: command.pages, filter: normaliseFilters(state.filters.active) as ExportFilters } },
      ];
    case 'report/run':
      return [{ type: 'report/pdfRequested', definition: command.definition }];
    case 'calendar/exportYear':
      return [{ type: 'calendar/exportRequested', view: command.view }];
    case 'calendar/downloadView':
      return [{ type: 'calendar/viewRequested', query: command.query }];
    case 'dashboard/export':
      return decideExport(state.dashboard, command, state.filters.active);
    case 'aiExport/ask':
    case 'aiExport/correct':
    case 'aiExport/download':
    case 'aiExport/reset': {
      const decided = decideAiExport(state.aiExport, command, state.filters.active);
      return Array.isArray(decided) ? decided : [{ type: 'bus/commandRejected', command: command.type, reason: decided.rejected }];
    }
    case 'slideShow/start':
    case 'slideShow/next':
    case 'slideShow/previous':
    case 'slideShow/goTo':
    case 'slideShow/pause':
    case 'slideShow/play':
    case 'slideShow/leave':
    case 'slideShow/configure': {
      const decided = decideSlideShow(state.slideShow, state.session.user?.setting.slide_show ?? DEFAULT_SLIDE_SHOW, command);
      return Array.isArray(decided) ? decided : [{ type: 'bus/commandRejected', command: command.type, reason: decided.rejected }];
    }
    case 'dashboard/exportCompare':
      return decideExportCompare(state.dashboard, command, state.filters.active);
    case 'notification/dismiss':
      return [{ type: 'notification/dismissed', id: command.id }];
    case 'session/dismissLogoutAlert':
      return state.session.logoutAlert ? [{ type: 'session/logoutAlertDismissed' }] : [];
    case 'i18n/selectLanguage': {
      const { signedIn, passwordExpired, user } = state.session;
      return decideLanguageChoice(state.i18n, signedIn && !passwordExpired && user !== null ? user.locale_id : undefined, command);
    }
    case 'i18n/closeAccountLanguageOffer':
      return state.i18n.accountOffer === null ? [] : [{ type: 'i18n/accountLanguageOfferClosed' }];
    case 'session/login':
    case 'session/confirmTwoFactor':
    case 'session/loginSecondAdmin':
    case 'session/acceptInvitation':
      // A second submit while the first is on its way is dropped: one request, one story.
      return state.session.pending ? [] : [{ type: 'session/loginRequested', email: command.email }];
    case 'session/startSso':
    case 'session/finishSso':
    case 'session/startOrganizationSso':
    case 'session/finishOrganizationSso':
    case 'session/finishOrganizationSaml':
      return state.session.pending ? [] : [{ type: 'session/ssoRequested' }];
    case 'session/viewAs':
      return decideViewAs(state, command.departmentId);
    case 'session/cancelTwoFactor':
      return state.session.twoFactor ? [{ type: 'session/twoFactorCancelled' }] : [];
    case 'session/stayActive':
      return state.session.inactivityWarning ? [{ type: 'session/inactivityWarningDismissed' }] : [];
    case 'wizard/start':
    case 'wizard/next':
    case 'wizard/previous':
    case 'wizard/goTo':
    case 'wizard/saveTab':
    case 'wizard/clear':
      return decideWizard(state.wizard, command);
    case 'resource/load':
    case 'resource/reloadAll':
    case 'action/submit':
    case 'action/clear':
      return decideResource(state.resources, command);
    case 'tracing/report':
      return decideTracing(command, state.survey.answers);
    case 'session/logout':
    case 'session/check':
    case 'app/start':
      return [];
  }
};

/**
 * SPEC section 4: viewing as the first primary department is one's own view, 'default'.
 * Only a signed-in person switches, only to a group offered to them, and not again to the
 * group already shown.
 */
const decideViewAs = (state: AppState, departmentId: string): AppEvent[] => {
  const { session } = state;
  if (!session.signedIn) return [{ type: 'bus/commandRejected', command: 'session/viewAs', reason: 'not signed in' }];
  const own = departmentId === DEFAULT_DEPARTMENT_ID || departmentId === session.primaryDepartments[0]?.id;
  const target = own ? DEFAULT_DEPARTMENT_ID : departmentId;
  // Going back to one's own view is always allowed: it also cancels a switch still on its way.
  if (!own && target === session.departmentId) return [];
  if (!own && !session.primaryDepartments.some((d) => d.id === departmentId)) {
    return [{ type: 'bus/commandRejected', command: 'session/viewAs', reason: 'not one of the primary departments' }];
  }
  return [{ type: 'session/viewAsRequested', departmentId: target }];
};
