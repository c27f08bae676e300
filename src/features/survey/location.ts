import { useCallback, useSyncExternalStore } from 'react';

/**
 * The address bar of the participant's page, without a router: the page reads its query
 * (the link's token, the current step) and writes it through the History API, and Back and
 * Forward move between the steps.
 */
const CHANGED = 'survey-location';

const subscribe = (notify: () => void) => {
  window.addEventListener('popstate', notify);
  window.addEventListener(CHANGED, notify);
  return () => {
    window.removeEventListener('popstate', notify);
    window.removeEventListener(CHANGED, notify);
  };
};

const currentSearch = () => window.location.search;

export const usePathname = (): string => useSyncExternalStore(subscribe, () => window.location.pathname);

/** Another page of the participant's application (the edit link's form, for one). */
export const navigate = (href: string, { replace = false }: { replace?: boolean } = {}): void => {
  if (replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  window.dispatchEvent(new Event(CHANGED));
};

export type ParamsUpdate = (current: URLSearchParams) => URLSearchParams;

export const useQueryParams = (): [URLSearchParams, (update: ParamsUpdate, options?: { replace?: boolean }) => void] => {
  const search = useSyncExternalStore(subscribe, currentSearch);
  const setParams = useCallback((update: ParamsUpdate, options: { replace?: boolean } = {}) => {
    const next = update(new URLSearchParams(window.location.search)).toString();
    navigate(`${window.location.pathname}${next === '' ? '' : `?${next}`}${window.location.hash}`, options);
  }, []);
  return [new URLSearchParams(search), setParams];
};
