import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { Consent } from '../../../infrastructure/storage/consent';
import { useTranslation } from '../../hooks/translation';

// Its own chunk, fetched only while no choice is stored: the survey page's first load stays as small as it was.
const CookieBanner = lazy(() => import('./CookieBanner').then((module) => ({ default: module.CookieBanner })));

/** The survey page's banner, in the participant's language. */
export const ParticipantCookieBanner = ({ consent }: { consent: Consent }) => {
  const { t } = useTranslation();
  const choice = useSyncExternalStore(consent.subscribe, consent.choice);
  if (choice !== undefined) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner consent={consent} t={(key) => t(key)} />
    </Suspense>
  );
};
