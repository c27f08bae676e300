import * as t from 'io-ts';
import { emptyMessage, message } from '../kernel/message';

export const appCommands = {
  /** The page has loaded: read what storage kept and ask the server for its settings. */
  start: emptyMessage('app/start'),
};
export const AppStartCommand = appCommands.start;
export type AppStartCommand = t.TypeOf<typeof AppStartCommand>;

export const configEvents = {
  passwordRuleLoaded: message('config/passwordRuleLoaded', { regex: t.string }),
};
export const ConfigEvent = configEvents.passwordRuleLoaded;
export type ConfigEvent = t.TypeOf<typeof ConfigEvent>;
