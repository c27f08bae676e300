import type { AppEvent } from '../app/events';
import { AuthMessages } from '../contracts/auth';
import { initialPackageNotice, type PackageNotice } from './state';

/**
 * Folds the refusals of calls: once any call answers 403 'no active package', the dashboards
 * send an administrator to the Upgrade account page. A new sign-in starts afresh.
 */
export const packageNoticeReducer = (state: PackageNotice = initialPackageNotice, event: AppEvent): PackageNotice => {
  switch (event.type) {
    case 'api/failed':
      return event.code === 403 && event.message === AuthMessages.noActivePackage && !state.ended ? { ended: true } : state;
    // The package page itself says the package is usable again (renewed while signed in).
    case 'resource/loaded':
      return state.ended && event.name === 'package' && event.data.status === 'active' ? initialPackageNotice : state;
    case 'session/signedOut':
    case 'session/loggedIn':
      return state.ended ? initialPackageNotice : state;
    default:
      return state;
  }
};
