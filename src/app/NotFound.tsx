import { useTranslation } from '../hooks/translation';
import { Link } from 'react-router-dom';

export const NotFound = () => {
  const { t } = useTranslation();
  return (
    <main className="centered-page" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">{t('not_found_title')}</h1>
      <Link className="button primary" to="/">
        {t('back_to_homepage')}
      </Link>
    </main>
  );
};
