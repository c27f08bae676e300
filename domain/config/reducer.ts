import type { AppEvent } from '../app/events';
import { compiles, initialConfig, type ConfigState } from './state';

export const configReducer = (state: ConfigState = initialConfig, event: AppEvent): ConfigState => {
  if (event.type !== 'config/passwordRuleLoaded') return state;
  return compiles(event.regex) ? { passwordRegex: event.regex } : state;
};
