import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Guest pages: the brand and one card in the middle of the page. */
export const AuthLayout = () => {
  const { t } = useTranslation();
  return (
    <div className="auth-layout">
      <header className="auth-brand">
        <span className="brand-mark" aria-hidden="true" />
        <span>{t('app_name')}</span>
      </header>
      <main className="auth-card">
        <Outlet />
      </main>
    </div>
  );
};
