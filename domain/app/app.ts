import type * as t from 'io-ts';
import type { Reducer } from '../kernel/fold';
import type { actions } from '../resources/actions';
import type { sections } from '../resources/sections';
import type { AppCommand, AppEvent } from './events';
import type { AppState } from './state';

/**
 * One page's application, as a value its entry passes to the store (src/main.tsx,
 * src/participant.tsx): what the page accepts, how it decides and folds, and which data
 * sections and actions it can ask for. Each page composes its own from the slice modules
 * (./dashboardApp.ts, ./participantApp.ts), so the code that is read is the code that ships:
 * a page carries the codecs, rules and reducers of its own slices and no other's.
 */
export interface PageApp<C extends AppCommand = AppCommand> {
  /** The commands the page accepts; any other is refused as malformed (bus/commandRejected). */
  readonly Command: t.Type<C, unknown, unknown>;
  /** The pure part of handling an accepted command: the events it yields. */
  decide(state: AppState, command: C): AppEvent[];
  /** Folds every event into the state; the slices the page does not use keep their start. */
  readonly reducer: Reducer<AppState, AppEvent>;
  readonly initialState: AppState;
  /** The data sections and actions the page can load and send, each with its endpoint. */
  readonly sections: Partial<typeof sections>;
  readonly actions: Partial<typeof actions>;
}

/** The reducer of a slice no event of a page changes: it keeps its initial value. */
export const unchanged = <S>(state: S): S => state;
