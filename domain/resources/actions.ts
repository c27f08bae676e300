import * as t from 'io-ts';
import type { BodyOf, DataOf } from '../contracts/endpoint';
import type { ActionEntry } from './actions/entry';
import { organizationActions } from './actions/organization';
import { tokenActions } from './actions/tokens';
import { membersActions } from './actions/members';
import { surveyActions } from './actions/survey';
import { certificateActions } from './actions/certificates';
import { reportActions } from './actions/reports';
import { extraSurveyActions } from './actions/extraSurvey';
import { calendarActions } from './actions/calendar';
import { accountActions } from './actions/account';
import { censusActions } from './actions/census';
import { peopleActions } from './actions/people';
import { campaignActions } from './actions/campaigns';

export type { ActionEntry } from './actions/entry';

/**
 * Which endpoint serves each action, gathered from one file per area: like the sections, the
 * names are what commands, events and the state carry, and each name's data codec is what its
 * `action/succeeded` event is decoded with.
 */
export const actions = {
  ...organizationActions,
  ...tokenActions,
  ...membersActions,
  ...surveyActions,
  ...certificateActions,
  ...reportActions,
  ...extraSurveyActions,
  ...calendarActions,
  ...accountActions,
  ...censusActions,
  ...peopleActions,
  ...campaignActions,
} satisfies Record<string, ActionEntry>;

export type ActionName = keyof typeof actions;
export const ActionName = t.keyof(Object.fromEntries(Object.keys(actions).map((name) => [name, null])) as Record<ActionName, null>);

/** What a successful action answers: what its endpoint's data codec decodes to. */
export type ActionData<K extends ActionName> = DataOf<(typeof actions)[K]['endpoint']>;

/** The files a multipart action sends beside its fields (none for the others). */
type FilesOf<Entry> = Entry extends { readonly files: infer F extends t.Mixed } ? t.TypeOf<F> : unknown;

/** What a form sends with an action: its endpoint's body, and the files of a multipart action. */
export type ActionBody<K extends ActionName> = BodyOf<(typeof actions)[K]['endpoint']> & FilesOf<(typeof actions)[K]>;
