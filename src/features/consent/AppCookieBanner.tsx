import { useTranslation } from 'react-i18next';
import type { Consent } from '../../../infrastructure/storage/consent';
import { CookieBanner } from './CookieBanner';

/** The dashboards' and guest pages' banner, in the language i18next shows. */
export const AppCookieBanner = ({ consent }: { consent: Consent }) => {
  const { t } = useTranslation();
  return <CookieBanner consent={consent} t={(key) => t(key)} />;
};
