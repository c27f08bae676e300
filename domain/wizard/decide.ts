import type { WizardCommand, WizardEvent } from './events';
import { boundTab, redactTab, type WizardState } from './state';

export const decideWizard = (state: WizardState, command: WizardCommand): WizardEvent[] => {
  switch (command.type) {
    case 'wizard/start':
      return [{ type: 'wizard/started', name: command.name, length: Math.max(0, Math.trunc(command.length)) }];
    case 'wizard/next':
      return [{ type: 'wizard/moved', index: boundTab(state.active + 1, state.length) }];
    case 'wizard/previous':
      return [{ type: 'wizard/moved', index: boundTab(state.active - 1, state.length) }];
    case 'wizard/goTo':
      return [{ type: 'wizard/moved', index: boundTab(command.index, state.length) }];
    case 'wizard/saveTab':
      return [{ type: 'wizard/tabSaved', index: boundTab(command.index, state.length), data: redactTab(command.data) }];
    case 'wizard/clear':
      return [{ type: 'wizard/cleared' }];
  }
};
