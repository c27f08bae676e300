import * as t from 'io-ts';
import { emptyMessage, message } from '../kernel/message';

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
