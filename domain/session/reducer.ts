import { produce } from 'immer';
import type { AppEvent } from '../app/events';
import { initialSession, type SessionState } from './state';

export const sessionReducer = (state: SessionState = initialSession, e: AppEvent): SessionState => {
  switch (e.type) {
    case 'session/restored':
      if (!e.hasToken) return { ...initialSession, completedSurveys: e.session?.completedSurveys ?? {} };
      // Saved flags describe a request that died with the old page; it is not pending any more.
      return {
        ...initialSession,
        ...(e.session ?? {}),
        signedIn: true,
        viewingAs: e.hasSecondaryToken,
        pending: false,
        error: false,
        checked: false,
        inactivityWarning: false,
      };
    case 'session/loginRequested':
      return produce(state, (d) => {
        d.pending = true;
        d.error = false;
        d.loginError = null;
        d.expired = false;
        d.userEmail = e.email;
      });
    case 'session/ssoRequested':
      return produce(state, (d) => {
        d.pending = true;
        d.error = false;
        d.loginError = null;
        d.expired = false;
      });
    case 'session/loggedIn':
      return produce(state, (d) => {
        Object.assign(d, { ...initialSession, completedSurveys: state.completedSurveys });
        d.signedIn = true;
        d.checked = true;
        d.user = e.user;
        d.userEmail = e.user.email;
      });
    case 'session/twoFactorRequired':
      return produce(state, (d) => {
        d.pending = false;
        d.twoFactor = { email: e.email, method: e.method, expiresAt: e.expiresAt };
      });
    case 'session/passwordExpired':
      return produce(state, (d) => {
        d.pending = false;
        d.signedIn = true;
        d.passwordExpired = true;
        d.twoFactor = null;
        d.userEmail = e.email;
      });
    case 'session/accountExpired':
      return produce(state, (d) => {
        d.pending = false;
        d.expired = true;
        d.error = true;
        d.loginError = { message: e.message, errors: {} };
      });
    case 'session/loginFailed':
      return produce(state, (d) => {
        d.pending = false;
        d.error = true;
        d.loginError = { message: e.message, errors: e.errors };
      });
    case 'session/checked':
      return produce(state, (d) => {
        d.checked = true;
        d.signedIn = true;
        d.passwordExpired = false;
        d.user = e.user;
        d.userEmail = e.user.email;
        d.organization = e.organization;
        d.industries = e.industries;
        d.primaryDepartments = e.primaryDepartments;
      });
    case 'session/viewAsChanged':
      return state.signedIn ? { ...state, departmentId: e.departmentId, viewingAs: e.viewingAs } : state;
    case 'session/userUpdated':
      return produce(state, (d) => {
        d.user = e.user;
      });
    case 'session/signedOut':
      return produce(initialSession, (d) => {
        d.completedSurveys = state.completedSurveys;
        d.logoutAlert = e.reason === 'inactivity' || e.reason === 'staleActivity' || e.reason === 'otherTab';
        d.lastSignOut = e.reason;
      });
    case 'session/logoutAlertDismissed':
      return state.logoutAlert ? { ...state, logoutAlert: false } : state;
    case 'session/twoFactorCancelled':
      return produce(state, (d) => {
        d.twoFactor = null;
        d.pending = false;
      });
    case 'session/inactivityWarned':
      return state.signedIn && !state.inactivityWarning ? { ...state, inactivityWarning: true } : state;
    case 'session/inactivityWarningDismissed':
      return state.inactivityWarning ? { ...state, inactivityWarning: false } : state;
    default:
      return state;
  }
};
