import { BehaviorSubject, Subject, merge, type Observable, type Subscription } from 'rxjs';
import type { AppCommand, AppEvent } from '../../domain/app/events';
import type { AppState } from '../../domain/app/state';
import type { PageApp } from '../../domain/app/app';
import { ENVELOPE_VERSION, type Origin } from '../../domain/kernel/envelope';
import type { Clock, IdSource } from '../../domain/kernel/clock';
import { foldLog } from '../../domain/kernel/fold';
import { jumpTo as moveCursor, trimLifted, type Lifted } from '../../domain/kernel/lifted';
import { withoutSecrets } from '../../domain/kernel/secrets';
import type { AppEnvelope, Effect, LiveMessage, StoreMode } from './types';

export interface StoreOptions<Deps> {
  readonly tabId: string;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly effects?: readonly Effect<Deps>[];
  readonly deps?: Deps;
  /** Where to start instead of the app's initial state (a test's scene). */
  readonly initialState?: AppState;
  /** Oldest entries are folded into the base state past this many (default 50,000). */
  readonly maxEntries?: number;
}

export interface Store {
  readonly state$: Observable<AppState>;
  getState(): AppState;
  dispatch(command: AppCommand): void;
  /**
   * An envelope another tab sent: folded as remote, never handed to effects or sent on.
   * False when it was this tab's own or already folded.
   */
  receiveRemote(entry: AppEnvelope): boolean;
  /** Every entry as it is appended, whatever its origin. */
  readonly appended$: Observable<AppEnvelope>;
  readonly lifted$: Observable<Lifted<AppState, AppEvent>>;
  getLifted(): Lifted<AppState, AppEvent>;
  jumpTo(cursor: number): void;
  /** Replaces the view with an imported log and locks the application until exitReplay. */
  startReplay(entries: readonly AppEnvelope[]): void;
  exitReplay(): void;
  mode(): StoreMode;
  dispose(): void;
}

/**
 * A recorded history: the state before its first entry, the entries, and the fold of all. The
 * live head is folded from the events as they happened, before their secrets were taken out.
 */
interface Timeline {
  base: AppState;
  entries: AppEnvelope[];
  head: AppState;
}

/**
 * The command bus, event log and state in one place. dispatch → decide (pure) → append →
 * fold → effects. While time travelling or replaying, commands are refused and effects are
 * not fed, so an auditor's replay never sends a request. The page's app (domain/app/app.ts),
 * passed in by its entry, says which commands it accepts, how it decides and how it folds.
 */
export const createStore = <C extends AppCommand, Deps>(app: PageApp<C>, options: StoreOptions<Deps>): Store => {
  const { tabId, clock, ids } = options;
  const { Command, reducer } = app;
  const maxEntries = options.maxEntries ?? 50_000;
  // Trimming in chunks keeps appends amortised O(1) instead of copying the log every time.
  const trimAt = maxEntries + Math.max(1, Math.ceil(maxEntries / 10));
  const initial = options.initialState ?? app.initialState;

  const live: Timeline = { base: initial, entries: [], head: initial };
  /** What the application shows: the live timeline or an imported one, up to the cursor. */
  let view: { timeline: Timeline; cursor: number; mode: StoreMode } = { timeline: live, cursor: 0, mode: 'live' };
  let seq = 0;
  const seenRemote = new Set<string>();

  const lifted = (): Lifted<AppState, AppEvent> => ({
    base: view.timeline.base,
    entries: view.timeline.entries,
    cursor: view.cursor,
    mode: view.mode,
  });
  const visibleState = (): AppState =>
    view.cursor === view.timeline.entries.length
      ? view.timeline.head
      : foldLog(reducer, view.timeline.base, view.timeline.entries.slice(0, view.cursor));

  const state$ = new BehaviorSubject<AppState>(initial);
  const lifted$ = new BehaviorSubject(lifted());
  const appended$ = new Subject<AppEnvelope>();
  const live$ = new Subject<LiveMessage>();

  const publish = () => {
    lifted$.next(lifted());
    const visible = visibleState();
    if (visible !== state$.value) state$.next(visible);
  };

  const stamp = (body: AppEvent, origin: Origin): AppEnvelope => ({
    id: ids.next(),
    seq: ++seq,
    at: clock.now(),
    tabId,
    origin,
    actor: live.head.session.user?.email ?? null,
    viewAs: live.head.session.viewingAs ? live.head.session.departmentId : null,
    v: ENVELOPE_VERSION,
    body,
  });

  const trimLive = () => {
    const trimmed = trimLifted(reducer, { base: live.base, entries: live.entries, cursor: live.entries.length, mode: 'live' }, maxEntries);
    const dropped = live.entries.length - trimmed.entries.length;
    live.base = trimmed.base;
    live.entries = [...trimmed.entries];
    if (view.timeline === live) view = { ...view, cursor: Math.max(0, view.cursor - dropped) };
  };

  /**
   * Effects may still answer while the auditor looks elsewhere: the live log keeps it all.
   * The log (and so the panel, other tabs and an exported file) gets the entry without its
   * secrets; the live state is folded from the whole event, so the screens still show the
   * real link to copy. Returns what was recorded.
   */
  const appendToLive = (entry: AppEnvelope): AppEnvelope => {
    const recorded = withoutSecrets(entry);
    live.entries.push(recorded);
    live.head = reducer(live.head, entry.body);
    if (view.mode === 'live') view = { ...view, cursor: live.entries.length };
    if (live.entries.length >= trimAt && view.mode === 'live') trimLive();
    return recorded;
  };

  const appendLocal = (event: AppEvent) => {
    const recorded = appendToLive(stamp(event, 'local'));
    publish();
    appended$.next(recorded);
    if (view.mode === 'live') live$.next(event);
  };

  const dispatch = (command: AppCommand) => {
    if (view.mode !== 'live') return;
    if (!Command.is(command)) {
      appendLocal({ type: 'bus/commandRejected', command: String((command as { type?: unknown }).type), reason: 'malformed command' });
      return;
    }
    for (const event of app.decide(live.head, command)) appendLocal(event);
    live$.next(command);
  };

  const receiveRemote = (entry: AppEnvelope): boolean => {
    if (entry.tabId === tabId || seenRemote.has(entry.id)) return false;
    seenRemote.add(entry.id);
    const recorded = appendToLive({ ...entry, origin: 'remote', seq: ++seq });
    publish();
    appended$.next(recorded);
    return true;
  };

  const jumpTo = (cursor: number) => {
    const moved = moveCursor(lifted(), Math.floor(cursor));
    view = { ...view, cursor: moved.cursor, mode: moved.mode };
    publish();
  };

  const effectSubscription: Subscription = merge(
    ...(options.effects ?? []).map((effect) => effect(live$.asObservable(), state$.asObservable(), options.deps as Deps)),
  ).subscribe({ next: appendLocal });

  return {
    state$: state$.asObservable(),
    getState: () => state$.value,
    dispatch,
    receiveRemote,
    appended$: appended$.asObservable(),
    lifted$: lifted$.asObservable(),
    getLifted: lifted,
    jumpTo,
    startReplay: (entries) => {
      // A file from a build before the rule may still hold secrets; the panel never shows them.
      const replayed = entries.map((e) => withoutSecrets({ ...e, origin: 'replay' as const }));
      const timeline: Timeline = { base: initial, entries: replayed, head: foldLog(reducer, initial, replayed) };
      view = { timeline, cursor: replayed.length, mode: 'replay' };
      publish();
    },
    exitReplay: () => {
      view = { timeline: live, cursor: live.entries.length, mode: 'live' };
      if (live.entries.length >= trimAt) trimLive();
      publish();
    },
    mode: () => view.mode,
    dispose: () => {
      effectSubscription.unsubscribe();
      live$.complete();
      appended$.complete();
    },
  };
};
