import { getSelectionGroups } from '../../contracts/groups';
import { getTokens, getTokenSurveys } from '../../contracts/tokens';
import type { SectionEntry } from './entry';

/** Survey links (surveys-management). */
export const tokenSections = {
  tokenAll: { endpoint: getTokens },
  surveys: { endpoint: getTokenSurveys },
  selectionGroups: { endpoint: getSelectionGroups },
} satisfies Record<string, SectionEntry>;
