import { manipulationEmail, updateToken } from '../../contracts/tokens';
import type { ActionEntry } from './entry';

/** Survey links (surveys-management). */
export const tokenActions = {
  saveToken: { endpoint: updateToken, reloads: ['tokenAll'], done: 'Survey link saved.' },
  switchToken: { endpoint: updateToken, reloads: ['tokenAll'] },
  emailLink: { endpoint: manipulationEmail, reloads: [] },
} satisfies Record<string, ActionEntry>;
