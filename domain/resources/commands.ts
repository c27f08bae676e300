import * as t from 'io-ts';
import { message } from '../kernel/message';
import type { SectionName } from './sections';
import type { ActionName } from './actions';

/**
 * Data sections (SPEC section 3, "Dashboard data sections": orgGroups, tokenAll, ...) and the
 * actions that change them, by name. Which endpoint serves each, and so the type of its data,
 * is the domain's catalogue (./sections.ts and ./actions.ts). A page accepts the names of its
 * own catalogue only (its app's sections and actions, domain/app/app.ts), so the codecs below
 * are built from the catalogue they are given.
 *
 * A section is pending, loaded, empty (the server's status 204) or error (SPEC section 4); an
 * aborted request is superseded by a newer one and leaves no trace.
 */
export const ResourceArgs = t.record(t.string, t.union([t.string, t.number, t.boolean, t.null, t.array(t.union([t.string, t.number]))]));
export type ResourceArgs = t.TypeOf<typeof ResourceArgs>;

/** The page whose Refresh loads the section again (absent: no page's Refresh does). */
export const OfPage = t.partial({ page: t.string });

/** The names of a catalogue as a codec: a command or event naming anything else is refused. */
export const namesOf = <K extends string>(catalogue: Readonly<Record<K, unknown>>): t.KeyofC<Record<K, null>> =>
  t.keyof(Object.fromEntries(Object.keys(catalogue).map((name) => [name, null])) as Record<K, null>);

/** The resource commands a page with these sections and actions accepts. */
export const resourceCommandsOf = <S extends SectionName, A extends ActionName>(sections: Readonly<Record<S, unknown>>, actions: Readonly<Record<A, unknown>>) => {
  const sectionName = namesOf(sections);
  const actionName = namesOf(actions);
  return t.union([
    /** Read a section; `args` are its query or path values. A newer load of the same name supersedes an older one. */
    t.intersection([message('resource/load', { name: sectionName, args: ResourceArgs }), OfPage]),
    /**
     * Send an action (a form or a button). The body rides on the command only, never in an
     * event, so a password typed into an invitation form does not reach the log.
     */
    message('action/submit', { action: actionName, body: t.unknown, args: ResourceArgs }),
    message('action/clear', { action: actionName }),
    /**
     * Load again every section this tab holds, with the args of its last load: another tab
     * switched the view-as group, and only this tab knows what it shows.
     */
    message('resource/reloadAll', {}),
  ]);
};

/** Any resource command of the whole catalogue: what the code may dispatch. */
export type ResourceCommand = t.TypeOf<ReturnType<typeof resourceCommandsOf<SectionName, ActionName>>>;
