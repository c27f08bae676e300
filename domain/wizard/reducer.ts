import type { AppEvent } from '../app/events';
import { firstTabWithProblem, REGISTRATION_WIZARD } from './registration';
import { boundTab, initialWizard, redactTab, type WizardState } from './state';

export const wizardReducer = (state: WizardState = initialWizard, e: AppEvent): WizardState => {
  switch (e.type) {
    case 'wizard/started':
      return state.name === e.name ? { ...state, length: e.length, active: boundTab(state.active, e.length) } : { ...initialWizard, name: e.name, length: e.length };
    case 'wizard/moved':
      return { ...state, active: boundTab(e.index, state.length) };
    case 'wizard/tabSaved':
      return { ...state, saved: { ...state.saved, [e.index]: redactTab(e.data) } };
    case 'wizard/cleared':
      return initialWizard;
    // The registration's outcome: done clears its wizard; refused opens the first tab with a problem.
    case 'action/succeeded':
      return e.action === 'register' && state.name === REGISTRATION_WIZARD ? initialWizard : state;
    case 'action/failed': {
      if (e.action !== 'register' || state.name !== REGISTRATION_WIZARD) return state;
      const tab = firstTabWithProblem(Object.keys(e.errors));
      return tab >= 0 ? { ...state, active: boundTab(tab, state.length) } : state;
    }
    default:
      return state;
  }
};
