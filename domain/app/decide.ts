import { filterProblem } from '../filters/model';
import { FormId } from '../account/forms';
import { decideWizard } from '../wizard/wizard';
import { decideResource } from '../resources/events';
import type { AppCommand, AppEvent } from './events';
import type { AppState } from './state';

/**
 * The pure part of handling a command: the events it yields without any I/O. Commands that
 * need the network or storage yield their "requested" facts here (or nothing) and are taken
 * up by an effect.
 */
export const decide = (state: AppState, command: AppCommand): AppEvent[] => {
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
    case 'notification/dismiss':
      return [{ type: 'notification/dismissed', id: command.id }];
    case 'session/dismissLogoutAlert':
      return state.session.logoutAlert ? [{ type: 'session/logoutAlertDismissed' }] : [];
    case 'i18n/selectLanguage':
      // The server may word things differently from the built-in English, so 'au' loads too.
      return state.i18n.language === command.code && (state.i18n.status === 'loading' || state.i18n.status === 'loaded')
        ? []
        : [{ type: 'i18n/languageSelected', code: command.code }];
    case 'session/login':
    case 'session/confirmTwoFactor':
      // A second submit while the first is on its way is dropped: one request, one story.
      return state.session.pending ? [] : [{ type: 'session/loginRequested', email: command.email }];
    case 'session/startSso':
    case 'session/finishSso':
      return state.session.pending ? [] : [{ type: 'session/ssoRequested' }];
    case 'session/cancelTwoFactor':
      return state.session.twoFactor ? [{ type: 'session/twoFactorCancelled' }] : [];
    case 'session/stayActive':
      return state.session.inactivityWarning ? [{ type: 'session/inactivityWarningDismissed' }] : [];
    case 'account/clearForm':
      return FormId.is(command.form) ? [{ type: 'form/cleared', form: command.form }] : [];
    case 'account/register':
      return formStart(state, 'register');
    case 'account/requestPasswordReset':
      return formStart(state, 'resetRequest');
    case 'account/resetPassword':
      return formStart(state, 'resetPassword');
    case 'account/changePassword':
      return formStart(state, 'changePassword');
    case 'account/updateProfile':
      return formStart(state, 'profile');
    case 'account/saveSetting':
      return formStart(state, 'banners');
    case 'account/toggleTwoFactor':
      return formStart(state, 'twoFactor');
    case 'wizard/start':
    case 'wizard/next':
    case 'wizard/previous':
    case 'wizard/goTo':
    case 'wizard/saveTab':
    case 'wizard/clear':
      return decideWizard(state.wizard, command);
    case 'resource/load':
    case 'action/submit':
    case 'action/clear':
      return decideResource(state.resources, command);
    case 'account/startTotpSetup':
    case 'account/sendTwoFactorCode':
    case 'session/logout':
    case 'session/check':
    case 'app/start':
      return [];
  }
};

/** A form already on its way is not sent twice. */
const formStart = (state: AppState, form: FormId): AppEvent[] =>
  state.forms[form]?.status === 'pending' ? [] : [{ type: 'form/submitted', form }];
