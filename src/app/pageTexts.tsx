import type { ComponentType } from 'react';
import { useBuiltInTexts } from '../hooks/translation';
import { lazyPage, type LazyPage } from './lazyPage';

type Texts = Readonly<Record<string, string>>;

/** The page, adding its part of the built-in English first (in its render, before its children read a text). */
export const withBuiltInTexts = <P extends object>(texts: Texts, Page: ComponentType<P>): ComponentType<P> => {
  const WithTexts = (props: P) => {
    useBuiltInTexts(texts);
    return <Page {...props} />;
  };
  WithTexts.displayName = `WithTexts(${Page.displayName ?? Page.name})`;
  return WithTexts;
};

/**
 * A page in its own chunk (lazyNamed) whose English texts are not in the dashboards' first load:
 * its part of the catalogue (domain/i18n/en.<page>.ts) is fetched with the page's chunk, and the
 * page renders once both are in, so its first paint already has its texts.
 */
export const lazyNamedWithTexts = <M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  texts: () => Promise<Texts>,
): LazyPage<M[K] extends ComponentType<infer P> ? P & object : never> =>
  lazyPage(() =>
    Promise.all([load(), texts()]).then(([module, part]) => ({ default: withBuiltInTexts(part, module[name] as ComponentType<never>) as never })),
  );
