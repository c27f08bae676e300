import type { Observable } from 'rxjs';
import type { AppCommand, AppEvent } from '../../domain/app/events';
import type { AppState } from '../../domain/app/state';
import type { Envelope } from '../../domain/kernel/envelope';

export type AppEnvelope = Envelope<AppEvent>;
export type LiveMessage = AppCommand | AppEvent;

/**
 * The redux-observable epic shape: an effect sees the local live stream (commands as they
 * are dispatched, events after the reducers have folded them) and answers with events.
 */
export type Effect<Deps> = (live$: Observable<LiveMessage>, state$: Observable<AppState>, deps: Deps) => Observable<AppEvent>;

export type StoreMode = 'live' | 'timeTravel' | 'replay';
