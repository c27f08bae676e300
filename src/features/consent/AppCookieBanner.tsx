import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from '../../hooks/translation';
import type { Consent } from '../../../infrastructure/storage/consent';

// Its own chunk, fetched only while no choice is stored.
const CookieBanner = lazy(() => import('./CookieBanner').then((module) => ({ default: module.CookieBanner })));

/** The dashboards' and guest pages' banner, in the language the page shows. */
export const AppCookieBanner = ({ consent }: { consent: Consent }) => {
  const { t } = useTranslation();
  const choice = useSyncExternalStore(consent.subscribe, consent.choice);
  if (choice !== undefined) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner consent={consent} t={(key) => t(key)} />
    </Suspense>
  );
};
