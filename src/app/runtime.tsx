import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { distinctUntilChanged, map } from 'rxjs';
import { useObservableEagerState } from 'observable-hooks';
import type { AppCommand } from '../../domain/app/events';
import type { AppState } from '../../domain/app/state';
import type { AppRuntime } from '../../infrastructure/app/runtime';

const RuntimeContext = createContext<AppRuntime | null>(null);

export const RuntimeProvider = ({ runtime, children }: { runtime: AppRuntime; children: ReactNode }) => (
  <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>
);

export const useRuntime = (): AppRuntime => {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside RuntimeProvider');
  return runtime;
};

/**
 * Reads a slice of the application state. The selector is taken once per component: pass a
 * module-level function or one that only closes over values stable for the component's life.
 */
export const useSelector = <T,>(selector: (state: AppState) => T, equal?: (a: T, b: T) => boolean): T => {
  const { store } = useRuntime();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const slice$ = useMemo(() => store.state$.pipe(map(selector), distinctUntilChanged(equal)), [store]);
  return useObservableEagerState(slice$);
};

export const useDispatch = (): ((command: AppCommand) => void) => useRuntime().store.dispatch;
