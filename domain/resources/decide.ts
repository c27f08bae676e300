import type { ResourceCommand } from './commands';
import type { ResourceEvent } from './events';
import { actionOf, type ResourcesState } from './state';

export const decideResource = (state: ResourcesState, command: ResourceCommand): ResourceEvent[] => {
  switch (command.type) {
    case 'resource/load':
      return [{ type: 'resource/requested', name: command.name, args: command.args, ...(command.page === undefined ? {} : { page: command.page }) }];
    case 'resource/reloadAll':
      // The reloads themselves are facts of the effect that sends them (resource/requested).
      return [];
    case 'action/submit':
      // A second click while the first is on its way is one request.
      return actionOf(state, command.action).status === 'pending' ? [] : [{ type: 'action/submitted', action: command.action }];
    case 'action/clear':
      return [{ type: 'action/cleared', action: command.action }];
  }
};
