import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MessageKey } from '../../../domain/i18n/en';

/** A guest page whose workflow this server does not offer yet: said plainly, with a way back. */
export const GuestPage = ({ titleKey }: { titleKey: MessageKey }) => {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="guest-heading" className="stack">
      <h1 id="guest-heading">{t(titleKey)}</h1>
      <p>{t('not_available_yet')}</p>
      <Link to="/login">{t('login')}</Link>
    </section>
  );
};
