import { produce } from 'immer';
import type { SessionEvent } from './events';
import { initialSession, type SessionState } from './state';

export const sessionReducer = (state: SessionState = initialSession, event: { type: string }): SessionState => {
  const e = event as SessionEvent;
  switch (e.type) {
    case 'session/restored':
      if (!e.hasToken) return { ...initialSession, completedSurveys: e.session?.completedSurveys ?? {} };
      // Saved flags describe a request that died with the old page; it is not pending any more.
      return { ...initialSession, ...(e.session ?? {}), signedIn: true, viewingAs: e.hasSecondaryToken, pending: false, error: false };
    case 'session/signedOut':
      return produce(initialSession, (draft) => {
        draft.completedSurveys = state.completedSurveys;
        draft.logoutAlert = e.reason === 'inactivity' || e.reason === 'staleActivity';
      });
    case 'session/logoutAlertDismissed':
      return state.logoutAlert ? { ...state, logoutAlert: false } : state;
    default:
      return state;
  }
};
