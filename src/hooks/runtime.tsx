import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { distinctUntilChanged, map } from 'rxjs';
import { useObservableEagerState } from 'observable-hooks';
import type { AppCommand } from '../../domain/app/events';
import type { AppState } from '../../domain/app/state';
import type { AppRuntime } from '../../infrastructure/app/runtime';
import type { Store } from '../../infrastructure/bus/store';
import type { ResourceCatalogue } from '../../infrastructure/resources/entries';

/** What every page needs: the store, and the sections and actions its application knows. */
export interface StoreRuntime {
  readonly store: Store;
  readonly catalogue: ResourceCatalogue;
}

const StoreContext = createContext<StoreRuntime | null>(null);
const RuntimeContext = createContext<AppRuntime | null>(null);

/** The participant's page provides only this; the dashboards' application provides the whole runtime. */
export const StoreProvider = ({ runtime, children }: { runtime: StoreRuntime; children: ReactNode }) => (
  <StoreContext.Provider value={runtime}>{children}</StoreContext.Provider>
);

export const RuntimeProvider = ({ runtime, children }: { runtime: AppRuntime; children: ReactNode }) => (
  <RuntimeContext.Provider value={runtime}>
    <StoreProvider runtime={runtime}>{children}</StoreProvider>
  </RuntimeContext.Provider>
);

export const useRuntime = (): AppRuntime => {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside RuntimeProvider');
  return runtime;
};

export const useStoreRuntime = (): StoreRuntime => {
  const runtime = useContext(StoreContext);
  if (!runtime) throw new Error('useStoreRuntime outside StoreProvider');
  return runtime;
};

/**
 * Reads a slice of the application state. The selector is taken once per component: pass a
 * module-level function or one that only closes over values stable for the component's life.
 */
export const useSelector = <T,>(selector: (state: AppState) => T, equal?: (a: T, b: T) => boolean): T => {
  const { store } = useStoreRuntime();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const slice$ = useMemo(() => store.state$.pipe(map(selector), distinctUntilChanged(equal)), [store]);
  return useObservableEagerState(slice$);
};

export const useDispatch = (): ((command: AppCommand) => void) => useStoreRuntime().store.dispatch;
