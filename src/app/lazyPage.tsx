import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from '../hooks/translation';

export interface LazyPage<P extends object> {
  /** Renders the page once its chunk is in, a short loading line until then. */
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
 * A page in its own chunk, loaded with import() the first time it is shown (or earlier with
 * preload). Not React.lazy: a Suspense boundary holds revealed content back for up to 300 ms
 * after its fallback showed, which on the survey link alone cost a third of its Largest
 * Contentful Paint. A loaded page renders at once; a failed download reaches the route's
 * error screen and may be tried again.
 */
export const lazyPage = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode = <PageLoading />): LazyPage<P> => {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Page = (props: P) => {
    const [, setArrived] = useState(0);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    // Whether this render had the page: the chunk may arrive between the render and the
    // effect (it is often fetched ahead), and a render that showed the fallback must be redone.
    const renderedLoaded = loaded !== undefined;
    useEffect(() => {
      let current = true;
      if (!renderedLoaded) {
        preload().then(
          () => current && setArrived((n) => n + 1),
          (error: unknown) => current && setFailure({ error }),
        );
      }
      return () => {
        current = false;
      };
    }, []);
    if (failure) throw failure.error;
    if (!loaded) return <>{fallback}</>;
    const Loaded = loaded;
    return <Loaded {...props} />;
  };
  return { Page, preload };
};

/** A page exported under a name, as most of ours are. */
export const lazyNamed = <M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  fallback?: ReactNode,
): LazyPage<M[K] extends ComponentType<infer P> ? P & object : never> => lazyPage(() => load().then((module) => ({ default: module[name] as never })), fallback);
