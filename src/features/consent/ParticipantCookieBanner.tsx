import type { Consent } from '../../../infrastructure/storage/consent';
import { useTranslation } from '../survey/translate';
import { CookieBanner } from './CookieBanner';

/** The survey page's banner, in the participant's language. */
export const ParticipantCookieBanner = ({ consent }: { consent: Consent }) => {
  const { t } = useTranslation();
  return <CookieBanner consent={consent} t={(key) => t(key)} />;
};
