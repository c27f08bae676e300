import type { AppEvent } from '../app/events';
import type { ActionData, ActionName } from './actions';
import { type ActionState, type Actions, type ResourcesState, type SectionState, type Sections, actionOf, idleAction, idleSection, initialResources, sectionOf } from './state';
import type { ActionSucceeded, SectionLoaded } from './events';
import type { SectionData, SectionName } from './sections';

/** The resources' state folded from the app's events (typed over their union, so no casts). */

const withSection = <K extends SectionName>(
  state: ResourcesState,
  name: K,
  next: (section: SectionState<SectionData<K>>) => SectionState<SectionData<K>>,
): ResourcesState => {
  const changed: Sections = { [name]: next(sectionOf(state, name)) };
  return { ...state, sections: { ...state.sections, ...changed } };
};

const loaded = <K extends SectionName>(state: ResourcesState, event: SectionLoaded<K>): ResourcesState =>
  withSection(state, event.name, (section) => ({ ...section, status: 'loaded', data: event.data, message: null }));

const withAction = <K extends ActionName>(state: ResourcesState, action: K, next: ActionState<ActionData<K>>): ResourcesState => {
  const changed: Actions = { [action]: next };
  return { ...state, actions: { ...state.actions, ...changed } };
};

const succeeded = <K extends ActionName>(state: ResourcesState, event: ActionSucceeded<K>): ResourcesState =>
  withAction(state, event.action, { status: 'done', message: event.message, errors: {}, data: event.data });

/**
 * Another group's view is other data: its sections lose their data and keep what was asked
 * (args and page), so that they are loaded again for the new view (infrastructure/resources/reloads.effects.ts).
 */
const forgetData = (state: ResourcesState): ResourcesState => ({
  sections: Object.fromEntries(
    Object.entries(state.sections).map(([name, section]) => [name, { ...idleSection, args: section.args, ...(section.page === undefined ? {} : { page: section.page }) }]),
  ),
  actions: {},
});

export const resourcesReducer = (state: ResourcesState = initialResources, event: AppEvent): ResourcesState => {
  const e = event;
  switch (e.type) {
    case 'resource/requested':
      return withSection(state, e.name, (section) => {
        const page = e.page ?? section.page;
        return { ...section, status: 'pending', message: null, args: e.args, ...(page === undefined ? {} : { page }) };
      });
    case 'resource/loaded':
      return loaded(state, e);
    case 'resource/empty':
      return withSection(state, e.name, (section) => ({ ...section, status: 'empty', data: null, message: e.message }));
    case 'resource/failed':
      return withSection(state, e.name, (section) => ({ ...section, status: 'error', message: e.message }));
    case 'action/submitted':
      return withAction(state, e.action, { status: 'pending', message: null, errors: {}, data: null });
    case 'action/uploadProgress': {
      const current = actionOf(state, e.action);
      // Progress of a send that has ended (a late event, a replayed log) changes nothing.
      if (current.status !== 'pending') return state;
      return withAction(state, e.action, { ...current, upload: { sent: e.sent, total: e.total } });
    }
    case 'action/succeeded':
      return succeeded(state, e);
    case 'action/failed':
      return withAction(state, e.action, { status: 'failed', message: e.message, errors: e.errors, data: null });
    case 'action/cleared':
      return withAction(state, e.action, idleAction);
    // Another person's data must not survive a sign-out or a sign-in (an invitation accepted
    // in a browser where someone else was signed in), nor a switch of the viewed group. A
    // sign-in keeps the actions: the form that signed the person in still shows its outcome.
    case 'session/loggedIn':
      return { ...state, sections: {} };
    case 'session/viewAsChanged':
      return forgetData(state);
    case 'session/signedOut':
      return initialResources;
    default:
      return state;
  }
};

