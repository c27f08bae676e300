import { getSelectionGroups } from '../../domain/contracts/groups';
import { getTokens, getTokenSurveys, manipulationEmail, updateToken } from '../../domain/contracts/tokens';
import type { ActionEntry, SectionEntry } from './entries';

/** Survey links (surveys-management). */
export const tokenSections = {
  tokenAll: { endpoint: getTokens },
  surveys: { endpoint: getTokenSurveys },
  selectionGroups: { endpoint: getSelectionGroups },
} satisfies Record<string, SectionEntry>;

export const tokenActions = {
  saveToken: { endpoint: updateToken, reloads: ['tokenAll'], done: 'Survey link saved.' },
  switchToken: { endpoint: updateToken, reloads: ['tokenAll'] },
  emailLink: { endpoint: manipulationEmail, reloads: [] },
} satisfies Record<string, ActionEntry>;
