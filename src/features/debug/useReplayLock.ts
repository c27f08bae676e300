import { useMemo } from 'react';
import { distinctUntilChanged, map } from 'rxjs';
import { useObservableEagerState } from 'observable-hooks';
import { useRuntime } from '../../hooks/runtime';

/** True while the auditor time-travels or replays: the application is then read-only. */
export const useReplayLock = (): boolean => {
  const { store } = useRuntime();
  const locked$ = useMemo(() => store.lifted$.pipe(map((l) => l.mode !== 'live'), distinctUntilChanged()), [store]);
  return useObservableEagerState(locked$);
};
