import { Subject, fromEvent, merge, filter, map, throttleTime, type Observable, type SchedulerLike, asyncScheduler } from 'rxjs';

/** Where the time of the last action is kept, shared by every tab of the browser. */
export const LAST_ACTION_KEY = 'lastActionAt';

export interface ActivityTracker {
  /** The last action seen in any tab, or null before the first. */
  last(): number | null;
  record(at: number): void;
  forget(): void;
  /** The person did something in this tab (throttled). */
  readonly actions$: Observable<void>;
  /** The last-action time changed, here or in another tab. */
  readonly changes$: Observable<void>;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface ActivitySources {
  readonly storage: StorageLike;
  /** DOM activity of this tab (pointer, keys, scroll); other tabs' writes arrive as storage events. */
  readonly localActions$: Observable<unknown>;
  readonly storageEvents$: Observable<{ key: string | null }>;
  readonly scheduler?: SchedulerLike;
}

// Activity is recorded at most once a second: enough for a 30-minute rule, cheap for storage.
const ACTION_THROTTLE_MS = 1000;

export const createActivityTracker = (sources: ActivitySources): ActivityTracker => {
  const localChanges = new Subject<void>();
  const read = (): number | null => {
    try {
      const raw = sources.storage.getItem(LAST_ACTION_KEY);
      const value = raw === null ? NaN : Number(raw);
      return Number.isFinite(value) ? value : null;
    } catch {
      return null;
    }
  };
  return {
    last: read,
    record: (at) => {
      try {
        sources.storage.setItem(LAST_ACTION_KEY, String(at));
      } catch {
        // Without storage each tab still keeps its own timers.
      }
      localChanges.next();
    },
    forget: () => {
      try {
        sources.storage.removeItem(LAST_ACTION_KEY);
      } catch {
        // nothing kept, nothing to forget
      }
    },
    actions$: sources.localActions$.pipe(
      throttleTime(ACTION_THROTTLE_MS, sources.scheduler ?? asyncScheduler),
      map(() => undefined),
    ),
    changes$: merge(
      localChanges,
      sources.storageEvents$.pipe(
        filter((e) => e.key === LAST_ACTION_KEY),
        map(() => undefined),
      ),
    ),
  };
};

/** The browser's own sources for one page. */
export const browserActivitySources = (win: Window): ActivitySources => {
  return {
    storage: win.localStorage,
    localActions$: merge(
      fromEvent(win, 'pointerdown', { passive: true }),
      fromEvent(win, 'keydown', { passive: true }),
      fromEvent(win, 'wheel', { passive: true }),
      fromEvent(win, 'touchstart', { passive: true }),
    ),
    storageEvents$: fromEvent<StorageEvent>(win, 'storage'),
  };
};
