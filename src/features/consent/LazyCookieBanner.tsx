import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { Consent } from '../../../infrastructure/storage/consent';
import { useTranslation } from '../../hooks/translation';

// Its own chunk, fetched only while no choice is stored: neither page's first load pays for it.
const CookieBanner = lazy(() => import('./CookieBanner').then((module) => ({ default: module.CookieBanner })));

/** The first-visit banner of both entries (dashboards and guest pages, the survey page), in the language the page shows. */
export const LazyCookieBanner = ({ consent }: { consent: Consent }) => {
  const { t } = useTranslation();
  const choice = useSyncExternalStore(consent.subscribe, consent.choice);
  if (choice !== undefined) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner consent={consent} t={(key) => t(key)} />
    </Suspense>
  );
};
