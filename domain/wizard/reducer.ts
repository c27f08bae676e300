import type { AppEvent } from '../app/events';
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
    default:
      return state;
  }
};
