import * as t from 'io-ts';
import { message } from '../kernel/message';
import { SectionName } from './sections';
import { ActionName } from './actions';

/**
 * Data sections (SPEC section 3, "Dashboard data sections": orgGroups, tokenAll, ...) and the
 * actions that change them, by name. Which endpoint serves each, and so the type of its data,
 * is the domain's catalogue (./sections.ts and ./actions.ts).
 *
 * A section is pending, loaded, empty (the server's status 204) or error (SPEC section 4); an
 * aborted request is superseded by a newer one and leaves no trace.
 */
export const ResourceArgs = t.record(t.string, t.union([t.string, t.number, t.boolean, t.null, t.array(t.union([t.string, t.number]))]));
export type ResourceArgs = t.TypeOf<typeof ResourceArgs>;

/** The page whose Refresh loads the section again (absent: no page's Refresh does). */
export const OfPage = t.partial({ page: t.string });

export const resourceCommands = {
  /** Read a section; `args` are its query or path values. A newer load of the same name supersedes an older one. */
  load: t.intersection([message('resource/load', { name: SectionName, args: ResourceArgs }), OfPage]),
  /**
   * Send an action (a form or a button). The body rides on the command only, never in an
   * event, so a password typed into an invitation form does not reach the log.
   */
  submit: message('action/submit', { action: ActionName, body: t.unknown, args: ResourceArgs }),
  clear: message('action/clear', { action: ActionName }),
  /**
   * Load again every section this tab holds, with the args of its last load: another tab
   * switched the view-as group, and only this tab knows what it shows.
   */
  reloadAll: message('resource/reloadAll', {}),
};
export const ResourceCommand = t.union([resourceCommands.load, resourceCommands.submit, resourceCommands.clear, resourceCommands.reloadAll]);
export type ResourceCommand = t.TypeOf<typeof ResourceCommand>;
