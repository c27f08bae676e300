import type { Store } from '../bus/store';
import { describeThrown } from '../effects/tracing.effects';

/**
 * Reports a promise nobody handled like a render failure (SPEC section 9), with the page's path;
 * both pages' runtimes listen so. Returns the way to stop listening.
 */
export const reportUnhandledRejections = (window: Window, store: Store): (() => void) => {
  const onRejection = (event: PromiseRejectionEvent) =>
    store.dispatch({ type: 'tracing/report', kind: 'rejection', ...describeThrown(event.reason), url: window.location.pathname });
  window.addEventListener('unhandledrejection', onRejection);
  return () => window.removeEventListener('unhandledrejection', onRejection);
};
