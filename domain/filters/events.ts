import * as t from 'io-ts';
import { emptyMessage, message } from '../kernel/message';
import { Filters } from './model';

export const filterCommands = {
  apply: message('filters/apply', { filters: Filters }),
  clear: emptyMessage('filters/clear'),
};
export const FilterCommand = t.union([filterCommands.apply, filterCommands.clear]);
export type FilterCommand = t.TypeOf<typeof FilterCommand>;

export const filterEvents = {
  applied: message('filters/applied', { filters: Filters }),
  cleared: emptyMessage('filters/cleared'),
};
export const FilterEvent = t.union([filterEvents.applied, filterEvents.cleared]);
export type FilterEvent = t.TypeOf<typeof FilterEvent>;
