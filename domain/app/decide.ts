import { filterProblem } from '../filters/model';
import type { AppCommand, AppEvent } from './events';
import type { AppState } from './state';

/**
 * The pure part of handling a command: the events it yields without any I/O. Commands that
 * need the network or storage yield nothing here and are taken up by an effect instead.
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
    case 'session/logout':
    case 'app/start':
      return [];
  }
};
