import { useTranslation } from 'react-i18next';

/**
 * Shown when any screen fails to render (SPEC section 2). A full page load to / starts the
 * application afresh rather than re-entering the state that failed.
 */
export const ErrorScreen = () => {
  const { t } = useTranslation();
  return (
    <main className="centered-page" aria-labelledby="error-heading">
      <h1 id="error-heading">{t('error')}</h1>
      <p>{t('something_went_wrong')}</p>
      <button type="button" className="button primary" onClick={() => window.location.assign('/')}>
        {t('go_back_home')}
      </button>
    </main>
  );
};
