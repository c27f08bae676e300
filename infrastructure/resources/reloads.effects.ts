import { mergeMap, take, type Observable } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import type { AppState } from '../../domain/app/state';
import { LOCALISED_LOOKUP_ENDPOINTS } from '../../domain/contracts/lookups';
import { heldSections, type SectionState } from '../../domain/resources/state';
import type { SectionEntry, SectionName } from '../../domain/resources/sections';
import { ofType } from '../bus/ofType';
import type { Effect, LiveMessage } from '../bus/types';
import type { ResourceCatalogue } from './entries';

export interface ReloadDeps {
  readonly catalogue: ResourceCatalogue;
}

type Trigger = Extract<
  LiveMessage,
  { type: 'dashboard/reloadRequested' | 'filters/applied' | 'filters/cleared' | 'session/viewAsChanged' | 'resource/reloadAll' | 'i18n/languageSelected' | 'i18n/languageFollowed' }
>;

const sectionEntryOf = (catalogue: ResourceCatalogue, name: SectionName): SectionEntry | undefined => catalogue.sectionEntry(name);

/** Which of the sections this tab holds a trigger makes stale. */
const isStale = (trigger: Trigger, name: SectionName, section: SectionState, catalogue: ResourceCatalogue): boolean => {
  switch (trigger.type) {
    case 'dashboard/reloadRequested':
      return section.page === trigger.page;
    case 'filters/applied':
    case 'filters/cleared':
      // Statistics sections send the active filters (and the date range) with their query.
      return sectionEntryOf(catalogue, name)?.filtered === true;
    case 'i18n/languageSelected':
    case 'i18n/languageFollowed':
      // Lookup lists (and sections marked localised) are named in the request's language; a
      // section whose args carry the language (the charts' names) is asked again by its screen, with the new args.
      return (LOCALISED_LOOKUP_ENDPOINTS.has(sectionEntryOf(catalogue, name)?.endpoint) || sectionEntryOf(catalogue, name)?.localised === true) && !('lang' in section.args);
    case 'session/viewAsChanged':
    case 'resource/reloadAll':
      // Another group's view: every section is other data.
      return true;
  }
};

export const staleSections = (state: AppState, trigger: Trigger, catalogue: ResourceCatalogue): AppEvent[] =>
  heldSections(state.resources)
    .filter(([name, section]) => isStale(trigger, name, section, catalogue))
    .map(([name, section]): AppEvent => ({ type: 'resource/requested', name, args: section.args }));

/**
 * The follow-ups that load data again: a page's Refresh, a new filter selection, a switch of
 * the viewed group, and a language chosen (the lookup lists, in the new language). Each reloads the sections this tab holds that it makes stale, with the args
 * of their last load; the section load effect then sends them (and its switchMap per section
 * lets the newest load win). Screens only ask for a section once, when they show it.
 */
export const reloadEffect: Effect<ReloadDeps> = (live$, state$, deps) =>
  live$.pipe(
    ofType('dashboard/reloadRequested', 'filters/applied', 'filters/cleared', 'session/viewAsChanged', 'resource/reloadAll', 'i18n/languageSelected', 'i18n/languageFollowed'),
    mergeMap((trigger): Observable<AppEvent> =>
      state$.pipe(
        take(1),
        mergeMap((state) => staleSections(state, trigger, deps.catalogue)),
      ),
    ),
  );
