import * as t from 'io-ts';
import { surveyActions } from './actions/survey';

export type { ActionData, ActionEntry } from './actions';

/**
 * The participant's page's catalogue of actions: checking a survey link or an emailed edit
 * link, reading and deleting an answer. Put in place of ./actions.ts by the participant build,
 * like ./participantSections.ts.
 */
export const actions = surveyActions;

export type ActionName = keyof typeof actions;
export const ActionName = t.keyof(Object.fromEntries(Object.keys(actions).map((name) => [name, null])) as Record<ActionName, null>);
