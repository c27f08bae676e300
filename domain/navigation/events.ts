import * as t from 'io-ts';
import { message } from '../kernel/message';
import { Permission } from './permissions';

export const permissionEvents = {
  loaded: message('permissions/loaded', { permissions: t.array(Permission) }),
};
export const PermissionEvent = permissionEvents.loaded;
export type PermissionEvent = t.TypeOf<typeof PermissionEvent>;
