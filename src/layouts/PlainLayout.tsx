import { Outlet } from 'react-router-dom';
import { useTranslation } from '../hooks/translation';

/** Check and certificate pages: no navigation, just the page. */
export const PlainLayout = () => {
  const { t } = useTranslation();
  return (
    <div className="plain-layout">
      <header className="plain-header">
        <span className="brand-mark" aria-hidden="true" />
        <span>{t('app_name')}</span>
      </header>
      <main className="plain-main">
        <Outlet />
      </main>
    </div>
  );
};
