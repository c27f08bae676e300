import * as t from 'io-ts';
import { emptyMessage, message } from '../kernel/message';

/** SPEC section 5: used until the server's rule arrives, and when it cannot be read. */
export const FALLBACK_PASSWORD_RULE = '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{8,}$';

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

export interface ConfigState {
  readonly passwordRegex: string;
}

export const initialConfig: ConfigState = { passwordRegex: FALLBACK_PASSWORD_RULE };

/** A rule that does not compile is ignored rather than locking everyone out of passwords. */
const compiles = (regex: string): boolean => {
  try {
    new RegExp(regex);
    return true;
  } catch {
    return false;
  }
};

export const configReducer = (state: ConfigState = initialConfig, event: { type: string }): ConfigState => {
  if (event.type !== 'config/passwordRuleLoaded') return state;
  const { regex } = event as ConfigEvent;
  return compiles(regex) ? { passwordRegex: regex } : state;
};

export const passwordMeetsRule = (password: string, regex: string): boolean =>
  new RegExp(compiles(regex) ? regex : FALLBACK_PASSWORD_RULE).test(password);
