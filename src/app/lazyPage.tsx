import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface LazyPage<P extends object> {
  /** Renders the page inside its own Suspense boundary. */
  readonly Page: ComponentType<P>;
  /** Starts (or reuses) the download of the page's chunk. */
  preload(): Promise<unknown>;
}

const PageLoading = () => {
  const { t } = useTranslation();
  return (
    <p className="page-loading" aria-busy="true">
      {t('loading')}
    </p>
  );
};

/**
 * A page in its own chunk (React.lazy). Once its module is in, the page renders without
 * suspending again: React is handed a thenable that answers at once, so a preloaded page
 * (tests, a hover) shows in the same render. A failed download may be tried again.
 */
export const lazyPage = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode = <PageLoading />): LazyPage<P> => {
  let loaded: { default: ComponentType<P> } | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => (loaded ? ({ then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve(loaded!) } as never) : preload()));
  const Shown = Lazy as unknown as ComponentType<P>;
  const Page = (props: P) => (
    <Suspense fallback={fallback}>
      <Shown {...props} />
    </Suspense>
  );
  return { Page, preload };
};

/** A page exported under a name, as most of ours are. */
export const lazyNamed = <M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage<M[K] extends ComponentType<infer P> ? P & object : never> =>
  lazyPage(() => load().then((module) => ({ default: module[name] as never })));
