import type { ActionName, ActionData } from './actions';
import type { ResourceArgs } from './commands';
import type { SectionData, SectionName } from './sections';

/** What this tab holds of each data section and action. */
export type SectionStatus = 'idle' | 'pending' | 'loaded' | 'empty' | 'error';

export interface SectionState<D = unknown> {
  readonly status: SectionStatus;
  /** The last loaded data stays while a reload is pending, so screens do not flash. */
  readonly data: D | null;
  /** Empty: the server's reason (for example 'It needs at least 5 answers.'); error: what went wrong. */
  readonly message: string | null;
  readonly args: ResourceArgs;
  /** The page whose Refresh reloads it: once a load names a page, the section stays that page's. */
  readonly page?: string;
}

export interface ActionState<D = unknown> {
  readonly status: 'idle' | 'pending' | 'done' | 'failed';
  readonly message: string | null;
  readonly errors: Readonly<Record<string, readonly string[]>>;
  readonly data: D | null;
  /** While a file is sent: the bytes of the request sent so far, and its size when known. */
  readonly upload?: UploadProgress;
}

export interface UploadProgress {
  readonly sent: number;
  readonly total: number | null;
}

/** Each section's state, typed by its name. */
export type Sections = { readonly [K in SectionName]?: SectionState<SectionData<K>> };

/** Each action's outcome, typed by its name. */
export type Actions = { readonly [K in ActionName]?: ActionState<ActionData<K>> };

export interface ResourcesState {
  readonly sections: Sections;
  readonly actions: Actions;
}

export const initialResources: ResourcesState = { sections: {}, actions: {} };
export const idleSection: SectionState<never> = { status: 'idle', data: null, message: null, args: {} };
export const idleAction: ActionState<never> = { status: 'idle', message: null, errors: {}, data: null };

export const sectionOf = <K extends SectionName>(state: ResourcesState, name: K): SectionState<SectionData<K>> => state.sections[name] ?? idleSection;

/**
 * The sections this tab holds, by name. Only events whose names the page's codecs accepted
 * were folded into the state, so every key is one of its section names.
 */
export const heldSections = (state: ResourcesState): [SectionName, SectionState][] =>
  (Object.keys(state.sections) as SectionName[]).map((name) => [name, sectionOf(state, name)]);

export const actionOf = <K extends ActionName>(state: ResourcesState, action: K): ActionState<ActionData<K>> => state.actions[action] ?? idleAction;

