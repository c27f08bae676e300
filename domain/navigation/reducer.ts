import type { AppEvent } from '../app/events';
import type { Permission } from './permissions';

export const permissionsReducer = (state: readonly Permission[] = [], event: AppEvent): readonly Permission[] => {
  if (event.type === 'permissions/loaded') return event.permissions;
  if (event.type === 'session/signedOut') return [];
  return state;
};
