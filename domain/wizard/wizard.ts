import * as t from 'io-ts';
import { emptyMessage, message } from '../kernel/message';

/** SPEC section 3: a wizard has a name, a number of tabs, saved data per tab and an active tab. */
export interface WizardState {
  readonly name: string | null;
  readonly length: number;
  readonly saved: Readonly<Record<number, Readonly<Record<string, string>>>>;
  readonly active: number;
}

export const initialWizard: WizardState = { name: null, length: 0, saved: {}, active: 0 };

const TabData = t.record(t.string, t.string);

export const wizardCommands = {
  start: message('wizard/start', { name: t.string, length: t.number }),
  next: emptyMessage('wizard/next'),
  previous: emptyMessage('wizard/previous'),
  goTo: message('wizard/goTo', { index: t.number }),
  saveTab: message('wizard/saveTab', { index: t.number, data: TabData }),
  clear: emptyMessage('wizard/clear'),
};
export const WizardCommand = t.union([
  wizardCommands.start, wizardCommands.next, wizardCommands.previous, wizardCommands.goTo, wizardCommands.saveTab, wizardCommands.clear,
]);
export type WizardCommand = t.TypeOf<typeof WizardCommand>;

export const wizardEvents = {
  started: message('wizard/started', { name: t.string, length: t.number }),
  moved: message('wizard/moved', { index: t.number }),
  tabSaved: message('wizard/tabSaved', { index: t.number, data: TabData }),
  cleared: emptyMessage('wizard/cleared'),
};
export const WizardEvent = t.union([wizardEvents.started, wizardEvents.moved, wizardEvents.tabSaved, wizardEvents.cleared]);
export type WizardEvent = t.TypeOf<typeof WizardEvent>;

/** SPEC section 4: the tab index stays within 0 and the wizard's length. */
export const boundTab = (index: number, length: number): number =>
  Math.max(0, Math.min(Number.isFinite(index) ? Math.trunc(index) : 0, Math.max(0, length)));

/** Secrets typed into a wizard are kept by the screen, never saved into the log. */
const SECRET_FIELD = /password|code|token|secret/i;
export const redactTab = (data: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(data).filter(([key]) => !SECRET_FIELD.test(key)));

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

export const wizardReducer = (state: WizardState = initialWizard, event: { type: string }): WizardState => {
  const e = event as WizardEvent;
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
